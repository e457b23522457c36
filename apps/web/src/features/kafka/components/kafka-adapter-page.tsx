import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { adapterLiveSummary, rateText } from '@herald/contract/kafka/kafka-adapter-list';
import type {
  KafkaAdapter,
  KafkaCluster,
  KafkaPublisher,
  KafkaSubscriber,
} from '@herald/contract/kafka/kafka-adapter.schema';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LabelledFigure } from '../../../components/labelled-figure';
import { listedItemStates } from '../../../components/listed-item-states';
import {
  useDeleteAdapterMutation,
  useSetAdapterActiveMutation,
} from '../api/kafka-adapter-mutations';
import { useDeleteKafkaItemMutation, type DeleteTarget } from '../api/kafka-config-mutations';
import { useKafkaAdapters, useKafkaAdapterState } from '../api/kafka-queries';
import { AdapterScheduleNotice } from './adapter-schedule-notice';
import { AdapterStatusBadge } from './adapter-status-badge';
import { ClusterCard } from './cluster-card';
import { ClusterFormModal } from './cluster-form-modal';
import { KafkaAdapterSkeleton } from './kafka-skeletons';
import { PublisherFormModal } from './publisher-form-modal';
import { SubscriberFormModal } from './subscriber-form-modal';
import { UpgradeAdapterModal } from './upgrade-adapter-modal';

export interface KafkaAdapterPageProps {
  serviceId: string;
  serviceVersion: string;
  adapterId: string;
  /** Upgrade now, schedule and cancel need upgrade-service (the route table). */
  canUpgrade: boolean;
  /** Flag dashboard.kafka.scheduledUpdate: upgrades at a chosen time. */
  canSchedule: boolean;
}

/** `/service/{serviceId}/kafka/{adapterId}`: one adapter, its actions, clusters, publishers and subscribers. */
export function KafkaAdapterPage(props: KafkaAdapterPageProps) {
  const adapters = useKafkaAdapters(props.serviceId);
  const adapter = adapters.data?.find((item) => item.id === props.adapterId);
  useDocumentTitle(`${adapter?.label ?? 'Kafka adapter'} · Kafka · Herald Cloud`);
  const { back, state } = listedItemStates({
    query: adapters,
    item: adapter,
    listPath: `/service/${props.serviceId}/kafka`,
    listLabel: 'All Kafka adapters',
    skeleton: <KafkaAdapterSkeleton />,
    failedTitle: 'The Kafka adapters could not be loaded',
    notFoundTitle: 'Kafka adapter not found',
    notFoundText: `This service has no Kafka adapter with the id ${props.adapterId}.`,
  });
  if (state !== null || adapter === undefined || adapters.data === undefined) return state;
  return <AdapterDetail {...props} adapter={adapter} adapters={adapters.data} back={back} />;
}

type Editing =
  | { kind: 'cluster'; cluster: KafkaCluster | null }
  | { kind: 'publisher'; clusterId: string; publisher: KafkaPublisher | null }
  | { kind: 'subscriber'; clusterId: string; subscriber: KafkaSubscriber | null };

interface Deleting {
  target: DeleteTarget | 'adapter';
  title: string;
  message: string;
}

function AdapterDetail({
  serviceId,
  serviceVersion,
  canUpgrade,
  canSchedule,
  adapter,
  adapters,
  back,
}: KafkaAdapterPageProps & {
  adapter: KafkaAdapter;
  adapters: KafkaAdapter[];
  back: React.ReactNode;
}) {
  const state = useKafkaAdapterState(serviceId, adapter.id, adapter.active);
  const live = adapterLiveSummary(adapter, adapter.active ? state.data : undefined);
  const setActive = useSetAdapterActiveMutation(serviceId);
  const navigate = useNavigate();
  const deleteAdapter = useDeleteAdapterMutation(serviceId, () => {
    void navigate(`/service/${serviceId}/kafka`);
  });
  const deleteItem = useDeleteKafkaItemMutation(serviceId);
  const [editing, setEditing] = useState<Editing | null>(null);
  // Each dialog is mounted afresh for what it edits, so its form starts from that record.
  const [editKey, setEditKey] = useState(0);
  const edit = (next: Editing) => {
    setEditKey((key) => key + 1);
    setEditing(next);
  };
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [isUpgrading, setUpgrading] = useState(false);
  const services = adapter.kafkaServices;
  const totalLag = state.data?.subscribers.reduce((sum, item) => sum + item.lag, 0);

  const confirmDelete = () => {
    if (deleting === null) return;
    if (deleting.target === 'adapter') {
      deleteAdapter.mutate(adapter.id);
      return;
    }
    const target = deleting.target;
    deleteItem.mutate(target, { onSuccess: () => setDeleting(null) });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="md">
          {back}
          <Anchor
            component={Link}
            to={`/service/${serviceId}/logs/kafka/${encodeURIComponent(adapter.id)}`}
            size="sm"
            underline="always"
          >
            This adapter&apos;s log
          </Anchor>
        </Group>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 18rem', minWidth: 0 }}>
            <Group gap="xs">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {adapter.label}
              </Title>
              <AdapterStatusBadge
                health={live.health}
                words={state.isError ? 'Status unknown' : live.words}
              />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Id {adapter.id} · version {adapter.version} · high availability{' '}
              {adapter.haEnabled ? 'on' : 'off'} · reconnects after{' '}
              {adapter.reconnectInterval.toLocaleString('en-US')} ms
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant={adapter.active ? 'default' : 'filled'}
              loading={setActive.isPending}
              onClick={() => setActive.mutate({ adapterId: adapter.id, active: !adapter.active })}
            >
              {adapter.active ? 'Disable' : 'Enable'}
            </Button>
            <Button variant="default" disabled={!canUpgrade} onClick={() => setUpgrading(true)}>
              Upgrade
            </Button>
            <Button
              variant="default"
              color="red.9"
              onClick={() =>
                setDeleting({
                  target: 'adapter',
                  title: `Delete the adapter "${adapter.label}"?`,
                  message:
                    'The adapter stops and its clusters, publishers and subscribers are deleted. Topics it wrote stay.',
                })
              }
            >
              Delete adapter
            </Button>
          </Group>
        </Group>
      </Stack>
      {canSchedule && (
        <AdapterScheduleNotice
          serviceId={serviceId}
          adapterId={adapter.id}
          canCancel={canUpgrade}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <LabelledFigure label="From Kafka" value={rateText(live.inPerSecond)} />
        <LabelledFigure label="To Kafka" value={rateText(live.outPerSecond)} />
        <LabelledFigure
          label="Lag"
          value={totalLag === undefined ? '–' : `${totalLag.toLocaleString('en-US')} records`}
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h3">
          Clusters
        </Title>
        <Button onClick={() => edit({ kind: 'cluster', cluster: null })}>Add cluster</Button>
      </Group>
      {adapter.kafkaClusterConfigs.length === 0 ? (
        <Text>
          No cluster yet. Add the Kafka cluster this adapter connects to, then its publishers and
          subscribers.
        </Text>
      ) : (
        adapter.kafkaClusterConfigs.map((cluster) => (
          <ClusterCard
            key={cluster.id}
            serviceId={serviceId}
            cluster={cluster}
            publishers={services.filter(
              (item): item is KafkaPublisher =>
                item.type === 'PUBLISHING_SERVICE' && item.clusterId === cluster.id,
            )}
            subscribers={services.filter(
              (item): item is KafkaSubscriber =>
                item.type === 'SUBSCRIPTION_SERVICE' && item.clusterId === cluster.id,
            )}
            state={state.data}
            onEditCluster={(item) => edit({ kind: 'cluster', cluster: item })}
            onDeleteCluster={(item) =>
              setDeleting({
                target: { kind: 'cluster', adapterId: adapter.id, clusterId: item.id },
                title: `Delete the cluster "${item.label}"?`,
                message:
                  'The cluster is deleted with its publishers and subscribers; records stop flowing at once.',
              })
            }
            onEditPublisher={(clusterId, publisher) =>
              edit({ kind: 'publisher', clusterId, publisher })
            }
            onEditSubscriber={(clusterId, subscriber) =>
              edit({ kind: 'subscriber', clusterId, subscriber })
            }
            onDeleteService={(item) => {
              const kind = item.type === 'PUBLISHING_SERVICE' ? 'publisher' : 'subscriber';
              setDeleting({
                target: { kind, adapterId: adapter.id, clusterId: item.clusterId, id: item.id },
                title: `Delete the ${kind} "${item.label}"?`,
                message: `The ${kind} is deleted; records stop flowing through it at once.`,
              });
            }}
          />
        ))
      )}
      {editing?.kind === 'cluster' && (
        <ClusterFormModal
          key={editKey}
          serviceId={serviceId}
          adapter={adapter}
          adapters={adapters}
          cluster={editing.cluster}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'publisher' && (
        <PublisherFormModal
          key={editKey}
          serviceId={serviceId}
          adapterId={adapter.id}
          clusterId={editing.clusterId}
          publisher={editing.publisher}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'subscriber' && (
        <SubscriberFormModal
          key={editKey}
          serviceId={serviceId}
          adapterId={adapter.id}
          clusterId={editing.clusterId}
          subscriber={editing.subscriber}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <UpgradeAdapterModal
        serviceId={serviceId}
        serviceVersion={serviceVersion}
        adapter={adapter}
        canSchedule={canSchedule}
        opened={isUpgrading}
        onClose={() => setUpgrading(false)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={deleting?.title ?? ''}
        message={deleting?.message ?? ''}
        confirmLabel="Delete"
        loading={deleteAdapter.isPending || deleteItem.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
