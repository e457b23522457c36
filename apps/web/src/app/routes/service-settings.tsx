import { ServiceSettingsPage } from '../../features/service/components/service-settings-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';

/** `/service/:serviceId/settings`. */
export function ServiceSettingsRoute() {
  const { service, roles } = useServiceContext();
  return <ServiceSettingsPage service={service} roles={roles} />;
}
