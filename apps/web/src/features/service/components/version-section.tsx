import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { versionDisplay } from '@herald/contract/services/service-display';
import type { Service } from '@herald/contract/services/service.schema';
import { compareVersions } from '@herald/contract/services/versions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { metadataQueryOptions } from '../../../lib/queries/service-queries';
import { showToast } from '../../../lib/ui/toast';
import { useScheduledUpdateQuery } from '../api/scheduled-update-query';
import {
  useCancelScheduledUpdateMutation,
  useScheduleUpdateMutation,
} from '../api/service-settings-mutations';
import { formatDateTime } from '../../../lib/format/date-time-format';
import { useNow } from '../../../lib/ui/use-now';
import { SettingsSection } from './settings-section';

/**
 * The service's version: upgrade now or at a chosen time to a newer tag of metadata
 * heraldVersions, or cancel the scheduled upgrade (needs upgrade-service). An immediate upgrade
 * sends the current time (spec section 7).
 */
export function VersionSection({ service, canUpgrade }: { service: Service; canUpgrade: boolean }) {
  const { data: metadata } = useQuery(metadataQueryOptions());
  const scheduled = useScheduledUpdateQuery(service.serviceId);
  const schedule = useScheduleUpdateMutation(service.serviceId);
  const cancel = useCancelScheduledUpdateMutation(service.serviceId);
  const [version, setVersion] = useState<string | null>(null);
  const [when, setWhen] = useState('');
  const newer = (metadata?.heraldVersions ?? [])
    .map((entry) => entry.tag)
    .filter((tag) => compareVersions(tag, service.heraldVersion) > 0);
  const whenMs = when === '' ? Number.NaN : new Date(when).getTime();
  // Re-read every 30 s: a time that has passed can no longer be chosen.
  const now = useNow(30_000);
  const isWhenValid = Number.isFinite(whenMs) && whenMs > now;
  const [action, setAction] = useState<'now' | 'later'>('now');

  const submit = (kind: 'now' | 'later', scheduledTimestamp: number, message: string) => {
    if (version === null) return;
    setAction(kind);
    schedule.mutate(
      { newHeraldVersion: version, scheduledTimestamp },
      { onSuccess: () => showToast({ variant: 'success', message }) },
    );
  };

  return (
    <SettingsSection
      title="Version"
      description={`This service runs version ${versionDisplay(service.heraldVersion)}.`}
    >
      {scheduled.data ? (
        <Alert color="blue" variant="light" title="Upgrade scheduled">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Upgrade to {scheduled.data.newHeraldVersion} on{' '}
              {formatDateTime(scheduled.data.scheduledTimestamp)}.
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={!canUpgrade}
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () =>
                    showToast({ variant: 'success', message: 'Scheduled upgrade cancelled.' }),
                })
              }
            >
              Cancel scheduled upgrade
            </Button>
          </Stack>
        </Alert>
      ) : scheduled.isError ? (
        <Text size="sm" c="red">
          The scheduled upgrade could not be loaded.
        </Text>
      ) : null}
      {newer.length === 0 ? (
        <Text size="sm">This service runs the latest version.</Text>
      ) : (
        <Stack gap="sm">
          <Select
            label="New version"
            placeholder="Choose a version"
            data={newer}
            value={version}
            onChange={setVersion}
            disabled={!canUpgrade}
            maw={280}
          />
          <Group gap="sm" align="flex-end">
            <Button
              onClick={() => submit('now', Date.now(), `Upgrade to ${version ?? ''} started.`)}
              disabled={!canUpgrade || version === null}
              loading={schedule.isPending && action === 'now'}
            >
              Upgrade now
            </Button>
            <TextInput
              type="datetime-local"
              label="Upgrade at"
              value={when}
              onChange={(event) => setWhen(event.currentTarget.value)}
              disabled={!canUpgrade}
              error={when !== '' && !isWhenValid ? 'Choose a time in the future' : undefined}
            />
            <Button
              variant="default"
              onClick={() => submit('later', whenMs, `Upgrade to ${version ?? ''} scheduled.`)}
              disabled={!canUpgrade || version === null || !isWhenValid}
              loading={schedule.isPending && action === 'later'}
            >
              Schedule upgrade
            </Button>
          </Group>
        </Stack>
      )}
    </SettingsSection>
  );
}
