import { useAuthReset } from '../../features/auth/hooks/use-auth-reset';
import { MarketplaceExpiredPage } from '../../features/marketplace/components/marketplace-expired-page';

/** `/aws/expired` (spec sections 2 and 4): an expired marketplace subscription. */
export function AwsExpiredRoute() {
  const resetAuth = useAuthReset();
  return <MarketplaceExpiredPage onSignOut={resetAuth} />;
}
