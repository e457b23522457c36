import { useResetTopicTreeMutation } from '../api/service-settings-mutations';
import { ConfirmedActionSection } from './confirmed-action-section';

/** Reset the topic tree (needs reset-topics); the service re-initialises (spec section 4). */
export function ResetTopicsSection({
  serviceId,
  canReset,
}: {
  serviceId: string;
  canReset: boolean;
}) {
  return (
    <ConfirmedActionSection
      title="Reset topic tree"
      description="Removes every topic of the service. This cannot be undone."
      buttonLabel="Reset topic tree"
      danger
      allowed={canReset}
      confirm={{
        title: 'Reset the topic tree?',
        message:
          'All topics are removed, with their values and history, and the service re-initialises. Clients must create their topics again.',
        confirmLabel: 'Reset the topic tree',
      }}
      mutation={useResetTopicTreeMutation(serviceId)}
      successMessage="The topic tree is being reset."
    />
  );
}
