import { ExplainAccessPage } from '../../features/security/components/explain-access-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';

/**
 * `/service/:serviceId/roles/explain?subject=&target=`: the access explainer (issue 11 item 6). The Roles layout
 * shows it only while the service runs.
 */
export function ExplainAccessRoute() {
  const { service } = useServiceContext();
  return <ExplainAccessPage serviceId={service.serviceId} />;
}
