import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showToast } from '../../../lib/ui/toast';
import { SettingsSection } from './settings-section';
import { DANGER_TEXT } from '../../../components/danger-colour';

/** The part of a mutation this section drives (a TanStack mutation without variables). */
interface ConfirmableMutation {
  isPending: boolean;
  mutate: (variables: undefined, options: { onSuccess: () => void }) => void;
}

/**
 * A settings section whose one button asks for confirmation, then runs `mutation` and says so in
 * a success toast (restart, reset topic tree). A failure is toasted by the mutation's own error
 * handling and leaves the dialog open to try again.
 */
export function ConfirmedActionSection({
  title,
  description,
  buttonLabel,
  danger = false,
  allowed,
  confirm,
  mutation,
  successMessage,
}: {
  title: string;
  description: string;
  buttonLabel: string;
  /** Destructive actions get the red outline button. */
  danger?: boolean;
  /** Whether the user's role permits the action; otherwise the button is disabled. */
  allowed: boolean;
  confirm: { title: string; message: string; confirmLabel: string };
  mutation: ConfirmableMutation;
  successMessage: string;
}) {
  const [isOpen, { open, close }] = useDisclosure(false);
  return (
    <SettingsSection title={title} description={description}>
      <Button
        {...(danger ? { color: DANGER_TEXT, variant: 'outline' } : { variant: 'default' })}
        onClick={open}
        disabled={!allowed}
        style={{ alignSelf: 'flex-start' }}
      >
        {buttonLabel}
      </Button>
      <ConfirmModal
        opened={isOpen}
        {...confirm}
        loading={mutation.isPending}
        onClose={close}
        onConfirm={() =>
          mutation.mutate(undefined, {
            onSuccess: () => {
              close();
              showToast({ variant: 'success', message: successMessage });
            },
          })
        }
      />
    </SettingsSection>
  );
}
