import { Anchor, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { canReadLog } from '@herald/contract/logs/log-access';
import { Link, useParams } from 'react-router';
import type { LogViewSource } from '../../features/logs/api/log-source';
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

/** One whole-service log (not per adapter): the page title, the access check for its kind, and the log. */
function SingleLogRoute({
  kind,
  pageTitle,
  title,
}: {
  kind: Exclude<LogViewSource['kind'], 'kafka-adapter'>;
  pageTitle: string;
  title: string;
}) {
  useDocumentTitle(`${pageTitle} · Herald Cloud`);
  const { service, roles } = useServiceContext();
  if (!canReadLog(roles, kind)) return <LogRestricted serviceId={service.serviceId} />;
  return (
    <LogView
      key={kind}
      source={{ serviceId: service.serviceId, kind }}
      serviceName={service.serviceName}
      title={title}
    />
  );
}

/** `logs/service`: the runtime's own log. */
export function RuntimeLogsRoute() {
  return <SingleLogRoute kind="service" pageTitle="Service logs" title="Service log" />;
}

/** `logs/events`: the lifecycle events the control plane wrote about the service (every member may read them). */
export function EventLogsRoute() {
  return <SingleLogRoute kind="event" pageTitle="Event logs" title="Events" />;
}

/** `logs/rest`: the REST adapter's log. */
export function RestAdapterLogsRoute() {
  return (
    <SingleLogRoute kind="rest-adapter" pageTitle="REST adapter logs" title="REST adapter log" />
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
