import { Anchor, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { canReadLog } from '@herald/contract/logs/log-access';
import { Link, useParams } from 'react-router';
import { KafkaAdapterLogsList } from '../../features/logs/components/kafka-adapter-logs-list';
import { LogRestricted } from '../../features/logs/components/log-restricted';
import { LogView } from '../../features/logs/components/log-view';
import { LogsLayout } from '../../features/logs/components/logs-layout';
import { useServiceContext } from '../../features/service/hooks/use-service-context';

/** `/service/:serviceId/logs/*` (spec section 2): the heading, the four kinds as links, and the log. */
export function ServiceLogsLayoutRoute() {
  const context = useServiceContext();
  return <LogsLayout serviceId={context.service.serviceId} outletContext={context} />;
}

/** `logs/service`: the runtime's own log. */
export function RuntimeLogsRoute() {
  useDocumentTitle('Service logs · Herald Cloud');
  const { service, roles } = useServiceContext();
  if (!canReadLog(roles, 'service')) return <LogRestricted serviceId={service.serviceId} />;
  return (
    <LogView
      key="service"
      source={{ serviceId: service.serviceId, kind: 'service' }}
      serviceName={service.serviceName}
      title="Service log"
    />
  );
}

/** `logs/events`: the lifecycle events the control plane wrote about the service. */
export function EventLogsRoute() {
  useDocumentTitle('Event logs · Herald Cloud');
  const { service } = useServiceContext();
  return (
    <LogView
      key="event"
      source={{ serviceId: service.serviceId, kind: 'event' }}
      serviceName={service.serviceName}
      title="Events"
    />
  );
}

/** `logs/rest`: the REST adapter's log. */
export function RestAdapterLogsRoute() {
  useDocumentTitle('REST adapter logs · Herald Cloud');
  const { service, roles } = useServiceContext();
  if (!canReadLog(roles, 'rest-adapter')) return <LogRestricted serviceId={service.serviceId} />;
  return (
    <LogView
      key="rest-adapter"
      source={{ serviceId: service.serviceId, kind: 'rest-adapter' }}
      serviceName={service.serviceName}
      title="REST adapter log"
    />
  );
}

/** `logs/kafka/{kafkaAdapterId?}`: the adapters with logs, or one adapter's log. */
export function KafkaAdapterLogsRoute() {
  useDocumentTitle('Kafka adapter logs · Herald Cloud');
  const { service, roles } = useServiceContext();
  const { kafkaAdapterId } = useParams();
  if (!canReadLog(roles, 'kafka-adapter')) return <LogRestricted serviceId={service.serviceId} />;
  if (kafkaAdapterId === undefined || kafkaAdapterId === '')
    return <KafkaAdapterLogsList serviceId={service.serviceId} />;
  return (
    <Stack gap="xs">
      <Anchor
        component={Link}
        to={`/service/${encodeURIComponent(service.serviceId)}/logs/kafka`}
        size="sm"
      >
        All Kafka adapters
      </Anchor>
      <LogView
        key={`kafka-adapter/${kafkaAdapterId}`}
        source={{ serviceId: service.serviceId, kind: 'kafka-adapter', adapterId: kafkaAdapterId }}
        serviceName={service.serviceName}
        title={`Kafka adapter ${kafkaAdapterId}`}
      />
    </Stack>
  );
}
