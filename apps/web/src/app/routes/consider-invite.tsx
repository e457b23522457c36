import { ConsiderInvitePage } from '../../features/onboarding/components/consider-invite-page';

/** `/onboarding/consider-invite`. */
export function ConsiderInviteRoute() {
  return <ConsiderInvitePage />;
}
