import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { rateText } from '@herald/contract/kafka/kafka-adapter-list';
import type { KafkaAdapterState } from '@herald/contract/kafka/kafka-adapter-state';
import type {
  KafkaCluster,
  KafkaPublisher,
  KafkaSubscriber,
} from '@herald/contract/kafka/kafka-adapter.schema';
import { listToForm, securityProtocolToForm } from '@herald/contract/kafka/kafka-form';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { lightBadgeTextColor } from '../../../components/badge-contrast';
import { SubscriberSample } from './subscriber-sample';
import { DANGER_TEXT } from '../../../components/danger-colour';

export interface ClusterCardHandlers {
  onEditCluster: (cluster: KafkaCluster) => void;
  onDeleteCluster: (cluster: KafkaCluster) => void;
  onEditPublisher: (clusterId: string, publisher: KafkaPublisher | null) => void;
  onEditSubscriber: (clusterId: string, subscriber: KafkaSubscriber | null) => void;
  onDeleteService: (service: KafkaPublisher | KafkaSubscriber) => void;
}

/** A cluster: its brokers and connection, then its publishers and subscribers with their live figures. */
export function ClusterCard({
  serviceId,
  cluster,
  publishers,
  subscribers,
  state,
  ...handlers
}: {
  serviceId: string;
  cluster: KafkaCluster;
  publishers: readonly KafkaPublisher[];
  subscribers: readonly KafkaSubscriber[];
  state: KafkaAdapterState | undefined;
} & ClusterCardHandlers) {
  const live = state?.clusters.find((item) => item.id === cluster.id);
  const headingId = useId();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} fz="h4" id={headingId}>
                {cluster.label}
              </Title>
              <ConnectionBadge connected={live?.connected} />
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {listToForm(cluster.kafkaBrokerAddresses)} ·{' '}
              {securityProtocolToForm(cluster.authentication.securityProtocol)}
            </Text>
            {live?.error !== undefined && (
              <Text size="sm" c={DANGER_TEXT}>
                {live.error}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => handlers.onEditCluster(cluster)}>
              Edit cluster
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red.9"
              onClick={() => handlers.onDeleteCluster(cluster)}
            >
              Delete cluster
            </Button>
          </Group>
        </Group>
        <ServiceList
          title="Publishers"
          description="Values of this service's topics, produced to Kafka"
          emptyText="No publisher: add one to send topic values to Kafka."
          addLabel="Add publisher"
          onAdd={() => handlers.onEditPublisher(cluster.id, null)}
        >
          {publishers.map((publisher) => {
            const figures = state?.publishers.find((item) => item.id === publisher.id);
            return (
              <ServiceRow
                key={publisher.id}
                label={publisher.label}
                mapping={`${publisher.framework.heraldTopicSelector} → ${publisher.kafkaTopicPattern}`}
                figures={
                  figures
                    ? `${rateText(figures.ratePerSecond)} · ${figures.produced.toLocaleString('en-US')} produced · ${figures.failed.toLocaleString('en-US')} failed · ${figures.buffered.toLocaleString('en-US')} waiting`
                    : null
                }
                onEdit={() => handlers.onEditPublisher(cluster.id, publisher)}
                onDelete={() => handlers.onDeleteService(publisher)}
              />
            );
          })}
        </ServiceList>
        <ServiceList
          title="Subscribers"
          description="Records of Kafka topics, written to this service's topics"
          emptyText="No subscriber: add one to bring Kafka records into topics."
          addLabel="Add subscriber"
          onAdd={() => handlers.onEditSubscriber(cluster.id, null)}
        >
          {subscribers.map((subscriber) => {
            const figures = state?.subscribers.find((item) => item.id === subscriber.id);
            return (
              <ServiceRow
                key={subscriber.id}
                label={subscriber.label}
                mapping={`${subscriber.regexSubscription ? `/${subscriber.kafkaTopics[0] ?? ''}/` : listToForm(subscriber.kafkaTopics)} → ${subscriber.heraldTopicPattern}`}
                figures={
                  figures
                    ? `${rateText(figures.ratePerSecond)} · lag ${figures.lag.toLocaleString('en-US')}`
                    : null
                }
                onEdit={() => handlers.onEditSubscriber(cluster.id, subscriber)}
                onDelete={() => handlers.onDeleteService(subscriber)}
                sample={
                  <SubscriberSample
                    serviceId={serviceId}
                    label={subscriber.label}
                    samples={figures?.samples}
                  />
                }
              />
            );
          })}
        </ServiceList>
      </Stack>
    </Card>
  );
}

function ConnectionBadge({ connected }: { connected: boolean | undefined }) {
  if (connected === undefined) return null;
  const color = connected ? 'green' : 'red';
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      style={{ '--badge-color': lightBadgeTextColor(color) }}
    >
      {connected ? 'Connected' : 'Not connected'}
    </Badge>
  );
}

function ServiceList({
  title,
  description,
  emptyText,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  description: string;
  emptyText: string;
  addLabel: string;
  onAdd: () => void;
  children: React.ReactNode[];
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button size="xs" variant="light" onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

function ServiceRow({
  label,
  mapping,
  figures,
  onEdit,
  onDelete,
  sample,
}: {
  label: string;
  mapping: string;
  figures: string | null;
  onEdit: () => void;
  onDelete: () => void;
  sample?: React.ReactNode;
}) {
  const [isSampleOpen, sampleToggle] = useDisclosure(false);
  const sampleId = useId();
  return (
    <li>
      <Card withBorder radius="sm" padding="sm">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Text fw={600} size="sm">
                {label}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {mapping}
              </Text>
              <Text size="xs" c="dimmed">
                {figures ?? 'Live figures show while the adapter runs.'}
              </Text>
            </Stack>
            <Group gap="xs">
              {sample !== undefined && (
                <Button
                  size="xs"
                  variant="default"
                  aria-expanded={isSampleOpen}
                  aria-controls={sampleId}
                  onClick={sampleToggle.toggle}
                  aria-label={`${isSampleOpen ? 'Hide sample' : 'Sample'} of "${label}"`}
                >
                  {isSampleOpen ? 'Hide sample' : 'Sample'}
                </Button>
              )}
              <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit "${label}"`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red.9"
                onClick={onDelete}
                aria-label={`Delete "${label}"`}
              >
                Delete
              </Button>
            </Group>
          </Group>
          {sample !== undefined && isSampleOpen && <div id={sampleId}>{sample}</div>}
        </Stack>
      </Card>
    </li>
  );
}
