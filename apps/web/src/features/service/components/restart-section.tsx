import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { showToast } from '../../../lib/toast';
import { useRestartServiceMutation } from '../api/service-settings-mutations';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SettingsSection } from './settings-section';

/** Restart the service's runtime (needs restart-service). */
export function RestartSection({
  serviceId,
  canRestart,
}: {
  serviceId: string;
  canRestart: boolean;
}) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const mutation = useRestartServiceMutation(serviceId);
  return (
    <SettingsSection
      title="Restart"
      description="Restarting disconnects every client for a moment; they reconnect when the service is back."
    >
      <Button
        variant="default"
        onClick={open}
        disabled={!canRestart}
        style={{ alignSelf: 'flex-start' }}
      >
        Restart service
      </Button>
      <ConfirmModal
        opened={isOpen}
        title="Restart the service?"
        message="Every connected client is disconnected while the service restarts."
        confirmLabel="Restart"
        loading={mutation.isPending}
        onClose={close}
        onConfirm={() =>
          mutation.mutate(undefined, {
            onSuccess: () => {
              close();
              showToast({ variant: 'success', message: 'The service is restarting.' });
            },
          })
        }
      />
    </SettingsSection>
  );
}
