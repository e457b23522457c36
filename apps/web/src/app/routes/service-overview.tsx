import { ServiceOverviewPage } from '../../features/service/components/service-overview-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';

/** `/service/:serviceId` (the service layout has loaded the service). */
export function ServiceOverviewRoute() {
  const { service, roles } = useServiceContext();
  return <ServiceOverviewPage service={service} roles={roles} />;
}
