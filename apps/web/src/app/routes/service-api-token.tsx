import { hasPermission } from '@herald/contract/members/permissions';
import { ApiTokenPage } from '../../features/service/components/api-token-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';
import { useFlag } from '../../lib/flags/flags';
import { NotFoundPage } from './not-found';

/** `/service/:serviceId/api-token`: only with the flag dashboard.token-page (spec section 2), else 404. */
export function ServiceApiTokenRoute() {
  const { service, roles } = useServiceContext();
  const isEnabled = useFlag('dashboard.token-page');
  if (!isEnabled) return <NotFoundPage />;
  return (
    <ApiTokenPage service={service} canManage={hasPermission(roles, 'configure-service-console')} />
  );
}
