import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/query-states';
import { useKafkaAdapters } from '../api/kafka-queries';
import { CreateAdapterModal } from './create-adapter-modal';
import { KafkaAdaptersSkeleton } from './kafka-skeletons';
import { KafkaAdaptersTable } from './kafka-adapters-table';

/** `/service/{serviceId}/kafka`: the service's Kafka adapters, live, and creating one (spec section 2). */
export function KafkaAdaptersPage({ serviceId }: { serviceId: string }) {
  useDocumentTitle('Kafka · Herald Cloud');
  const adapters = useKafkaAdapters(serviceId);
  const [isCreating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 20rem' }}>
          <Title order={1}>Kafka</Title>
          <Text c="dimmed" size="sm">
            Kafka adapters carry records from Kafka topics to this service&apos;s topics
            (subscribers) and values of its topics to Kafka (publishers).
          </Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>Create adapter</Button>
      </Group>
      {adapters.isPending ? (
        <KafkaAdaptersSkeleton />
      ) : adapters.isError ? (
        <LoadFailed
          title="The Kafka adapters could not be loaded"
          error={adapters.error}
          onRetry={() => adapters.refetch()}
        />
      ) : adapters.data.length === 0 ? (
        <Text>
          No Kafka adapters yet. Create one, then add a cluster and its publishers or subscribers.
        </Text>
      ) : (
        <KafkaAdaptersTable serviceId={serviceId} adapters={adapters.data} />
      )}
      <CreateAdapterModal
        serviceId={serviceId}
        opened={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void navigate(`/service/${serviceId}/kafka/${encodeURIComponent(id)}`);
        }}
      />
    </Stack>
  );
}
