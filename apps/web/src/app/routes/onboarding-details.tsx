import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCurrentUser, useRefreshCurrentUser } from '../../features/auth/api/user-query';
import { DetailsPage } from '../../features/onboarding/components/details-page';
import { workspaceKeys } from '../../features/workspaces/api/keys';

/** `/onboarding/details` (the gate guarantees a signed-in, verified user). */
export function OnboardingDetailsRoute() {
  const { user } = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!user) return null;

  // Onboarding pages stay open to a complete user without a first service (spec section 4),
  // so the gate is asked from `/`: it picks the remembered page or the workspace.
  const handleSaved = async () => {
    // The details may have created the first team (from the company); the organisations read before (the gate
    // reads them on onboarding paths for their marketplace status) are out of date.
    await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
    await refreshCurrentUser();
    await navigate('/', { replace: true });
  };
  return <DetailsPage user={user} onSaved={handleSaved} />;
}
