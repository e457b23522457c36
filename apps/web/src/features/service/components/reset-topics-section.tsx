import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { showToast } from '../../../lib/toast';
import { useResetTopicTreeMutation } from '../api/service-settings-mutations';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SettingsSection } from './settings-section';

/** Reset the topic tree (needs reset-topics); the service re-initialises (spec section 4). */
export function ResetTopicsSection({
  serviceId,
  canReset,
}: {
  serviceId: string;
  canReset: boolean;
}) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const mutation = useResetTopicTreeMutation(serviceId);
  return (
    <SettingsSection
      title="Reset topic tree"
      description="Removes every topic of the service. This cannot be undone."
    >
      <Button
        color="red.9"
        variant="outline"
        onClick={open}
        disabled={!canReset}
        style={{ alignSelf: 'flex-start' }}
      >
        Reset topic tree
      </Button>
      <ConfirmModal
        opened={isOpen}
        title="Reset the topic tree?"
        message="All topics are removed, with their values and history, and the service re-initialises. Clients must create their topics again."
        confirmLabel="Reset the topic tree"
        loading={mutation.isPending}
        onClose={close}
        onConfirm={() =>
          mutation.mutate(undefined, {
            onSuccess: () => {
              close();
              showToast({ variant: 'success', message: 'The topic tree is being reset.' });
            },
          })
        }
      />
    </SettingsSection>
  );
}
