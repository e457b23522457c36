import { ConsiderInvitePage } from '../../features/onboarding/components/consider-invite-page';
import { InviteActions } from '../../features/onboarding/components/invite-actions';
import { useInviteAccepted } from '../layouts/use-invite-accepted';

/** `/onboarding/consider-invite`: the pending invites with Accept and Decline. */
export function ConsiderInviteRoute() {
  const onAccepted = useInviteAccepted();
  return (
    <ConsiderInvitePage
      renderInviteActions={(invite) => <InviteActions invite={invite} onAccepted={onAccepted} />}
    />
  );
}
