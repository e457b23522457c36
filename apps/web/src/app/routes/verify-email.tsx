import { useCurrentUser, useRefreshCurrentUser } from '../../features/auth/api/user-query';
import { useAuthReset } from '../../features/auth/hooks/use-auth-reset';
import { VerifyEmailPage } from '../../features/onboarding/components/verify-email-page';

/** `/onboarding/verify-email` (the gate guarantees a signed-in user). */
export function VerifyEmailRoute() {
  const { user } = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const resetAuth = useAuthReset();
  if (!user) return null;
  return (
    <VerifyEmailPage email={user.email} onRefreshUser={refreshCurrentUser} onSignOut={resetAuth} />
  );
}
