import { MARKETPLACE_TOKEN_QUERY_PARAM } from '@herald/contract/marketplace/marketplace.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/user-query';
import { MarketplaceSignupPage } from '../../features/marketplace/components/marketplace-signup-page';
import { workspaceKeys } from '../../features/workspaces/api/keys';

/** `/aws/signup?token=…` (public, spec section 4): connects an AWS Marketplace subscription. */
export function AwsSignupRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const handleConnected = async (workspaceId: string) => {
    await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
    await navigate(`/workspace/${workspaceId}`, { replace: true });
  };
  return (
    <MarketplaceSignupPage
      token={searchParams.get(MARKETPLACE_TOKEN_QUERY_PARAM)}
      isSignedIn={user !== null}
      returnPath={`${location.pathname}${location.search}`}
      onConnected={handleConnected}
    />
  );
}
