import { useDocumentTitle } from '@mantine/hooks';
import { useServiceContext } from '../../features/service/hooks/use-service-context';
import { NotFoundPage } from './not-found';

/**
 * An unknown page of a known service (`/service/{id}/no-such-page`): the 404 inside the service's own frame, its side
 * navigation kept, with the way back to its overview (issue 25; the catch-all 404 would drop the service menu).
 */
export function ServicePageNotFoundRoute() {
  const { service } = useServiceContext();
  const name = service.label ?? service.serviceName;
  useDocumentTitle(`Page not found · ${name} · Herald Cloud`);
  return <NotFoundPage back={{ label: `Back to ${name}`, to: `/service/${service.serviceId}` }} />;
}
