import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@herald/contract/members/permissions';
import { isKafkaMenuAvailable } from '@herald/contract/services/versions';
import { useParams } from 'react-router';
import { KafkaAdapterPage } from '../../features/kafka/components/kafka-adapter-page';
import { KafkaAdaptersPage } from '../../features/kafka/components/kafka-adapters-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';
import { useFlag } from '../../lib/flags/flags';

/**
 * `/service/{serviceId}/kafka/{kafkaAdapterId?}` (spec section 2): the adapter list, or one adapter. The navigation
 * offers it from service version 6.9 with the flag dashboard.kafka; an address typed for an older service says why
 * there is nothing here rather than calls that cannot work.
 */
export function ServiceKafkaRoute() {
  const { service, roles } = useServiceContext();
  const { kafkaAdapterId } = useParams();
  const canSchedule = useFlag('dashboard.kafka.scheduledUpdate');
  if (!isKafkaMenuAvailable(service.heraldVersion)) return <KafkaNeedsNewerVersion />;
  if (kafkaAdapterId === undefined) return <KafkaAdaptersPage serviceId={service.serviceId} />;
  return (
    <KafkaAdapterPage
      serviceId={service.serviceId}
      serviceVersion={service.heraldVersion}
      adapterId={kafkaAdapterId}
      canUpgrade={hasPermission(roles, 'upgrade-service')}
      canSchedule={canSchedule}
    />
  );
}

function KafkaNeedsNewerVersion() {
  useDocumentTitle('Kafka · Herald Cloud');
  return (
    <Stack gap="sm">
      <Title order={1}>Kafka</Title>
      <Text>
        Kafka adapters need service version 6.9 or later. Upgrade the service in its settings to use
        them.
      </Text>
    </Stack>
  );
}
