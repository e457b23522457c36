import { useCurrentUser, useRefreshCurrentUser } from '../../features/auth/api/user-query';
import { useAuthReset } from '../../features/auth/hooks/use-auth-reset';
import { ProfilePage } from '../../features/profile/components/profile-page';

/** `/profile`, in the default layout (which renders only with a user). */
export function ProfileRoute() {
  const { user } = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const resetAuth = useAuthReset();
  if (!user) return null;
  return (
    <ProfilePage
      user={user}
      onUserUpdated={refreshCurrentUser}
      onAccountDeleted={() => void resetAuth()}
    />
  );
}
