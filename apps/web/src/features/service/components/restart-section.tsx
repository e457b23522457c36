import { useRestartServiceMutation } from '../api/service-settings-mutations';
import { ConfirmedActionSection } from './confirmed-action-section';

/** Restart the service's runtime (needs restart-service). */
export function RestartSection({
  serviceId,
  canRestart,
}: {
  serviceId: string;
  canRestart: boolean;
}) {
  return (
    <ConfirmedActionSection
      title="Restart"
      description="Restarting disconnects every client for a moment; they reconnect when the service is back."
      buttonLabel="Restart service"
      allowed={canRestart}
      confirm={{
        title: 'Restart the service?',
        message: 'Every connected client is disconnected while the service restarts.',
        confirmLabel: 'Restart',
      }}
      mutation={useRestartServiceMutation(serviceId)}
      successMessage="The service is restarting."
    />
  );
}
