import { useNavigate } from 'react-router';
import { useCurrentUser, useRefreshCurrentUser } from '../../features/auth/api/user-query';
import { DetailsPage } from '../../features/onboarding/components/details-page';

/** `/onboarding/details` (the gate guarantees a signed-in, verified user). */
export function OnboardingDetailsRoute() {
  const { user } = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const navigate = useNavigate();
  if (!user) return null;

  // Onboarding pages stay open to a complete user without a first service (spec section 4),
  // so the gate is asked from `/`: it picks the remembered page or the workspace.
  const handleSaved = async () => {
    await refreshCurrentUser();
    await navigate('/', { replace: true });
  };
  return <DetailsPage user={user} onSaved={handleSaved} />;
}
