import { TopicsPage } from '../../features/topics/components/topics-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';

/** `/service/:serviceId/topics/*`: the topic browser; the rest of the URL is the selected topic path. */
export function ServiceTopicsRoute() {
  const { service, roles, status } = useServiceContext();
  return <TopicsPage service={service} roles={roles} status={status} />;
}
