import { useServiceContext } from '../../features/service/hooks/use-service-context';
import { UsagePage } from '../../features/usage/components/usage-page';

/** `/service/:serviceId/metrics`: the usage metrics screen (the service layout has loaded the service). */
export function ServiceUsageRoute() {
  const { service } = useServiceContext();
  return (
    <UsagePage serviceId={service.serviceId} serviceName={service.label ?? service.serviceName} />
  );
}
