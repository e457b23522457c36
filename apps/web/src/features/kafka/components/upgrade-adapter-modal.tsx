import { Button, Divider, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { scheduleTimeProblem, upgradeNotice } from '@herald/contract/kafka/kafka-adapter-failures';
import type { KafkaAdapter } from '@herald/contract/kafka/kafka-adapter.schema';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import { selectableAdapterVersions } from '@herald/contract/services/versions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { metadataQueryOptions } from '../../../lib/queries/service-queries';
import { showToast } from '../../../lib/ui/toast';
import { useNow } from '../../../lib/ui/use-now';
import {
  useScheduleAdapterUpgradeMutation,
  useUpgradeAdapterMutation,
} from '../api/kafka-adapter-mutations';

/**
 * Upgrade an adapter now or, with the flag dashboard.kafka.scheduledUpdate, at a chosen time. The versions offered are
 * metadata adapterVersions of type kafka-gateway, not end-of-life, whose bounds admit the service's version
 * (section 5, contract selectableAdapterVersions).
 */
export function UpgradeAdapterModal({
  serviceId,
  serviceVersion,
  adapter,
  canSchedule,
  opened,
  onClose,
}: {
  serviceId: string;
  serviceVersion: string;
  adapter: KafkaAdapter;
  canSchedule: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const metadata = useQuery(metadataQueryOptions());
  const upgrade = useUpgradeAdapterMutation(serviceId, adapter.id);
  const schedule = useScheduleAdapterUpgradeMutation(serviceId, adapter.id);
  const [version, setVersion] = useState<string | null>(null);
  const [when, setWhen] = useState('');
  const now = useNow(30_000);
  const versions = selectableAdapterVersions(
    metadata.data?.adapterVersions ?? [],
    serviceVersion,
    'kafka-gateway',
  ).map((entry) => entry.tag);
  const whenMs = when === '' ? null : new Date(when).getTime();
  const whenProblem = scheduleTimeProblem(whenMs, now);
  const close = () => {
    setVersion(null);
    setWhen('');
    onClose();
  };
  const upgradeNow = () => {
    if (version === null) return;
    upgrade.mutate(version, {
      onSuccess: (reply) => {
        const notice = upgradeNotice(reply);
        showToast({ variant: notice.variant, message: notice.message });
        close();
      },
    });
  };
  const scheduleLater = () => {
    if (version === null || whenMs === null || whenProblem !== null) return;
    schedule.mutate(
      { newVersion: version, scheduledTimestamp: whenMs },
      {
        onSuccess: () => {
          showToast({ variant: 'success', message: SUCCESS_MESSAGES.adapterUpgradeScheduled });
          close();
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Upgrade "${adapter.label}"`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          This adapter runs version {adapter.version}. The versions offered are those that run with
          this service&apos;s version {serviceVersion}.
        </Text>
        <Select
          label="New version"
          placeholder={metadata.isPending ? 'Loading the versions…' : 'Choose a version'}
          data={versions}
          value={version}
          onChange={setVersion}
          nothingFoundMessage="No adapter version runs with this service's version"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button onClick={upgradeNow} disabled={version === null} loading={upgrade.isPending}>
            Upgrade now
          </Button>
        </Group>
        {canSchedule && <Divider label="or at a time you choose" labelPosition="center" />}
        {canSchedule && (
          <Group gap="sm" align="flex-end" justify="flex-end">
            <TextInput
              type="datetime-local"
              label="Upgrade at"
              value={when}
              onChange={(event) => setWhen(event.currentTarget.value)}
              error={when !== '' ? whenProblem : undefined}
            />
            <Button
              variant="default"
              onClick={scheduleLater}
              disabled={version === null || whenProblem !== null}
              loading={schedule.isPending}
            >
              Schedule upgrade
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
