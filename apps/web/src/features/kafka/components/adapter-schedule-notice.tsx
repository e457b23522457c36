import { Alert, Button, Stack, Text } from '@mantine/core';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import { formatDateTime } from '../../../lib/format/date-time-format';
import { showToast } from '../../../lib/ui/toast';
import { useCancelAdapterUpgradeMutation } from '../api/kafka-adapter-mutations';
import { useAdapterSchedule } from '../api/kafka-queries';
import { DANGER_TEXT } from '../../../components/danger-colour';

/** The adapter's scheduled upgrade, if any, and cancelling it (section 4: none, scheduled, cleared by cancel). */
export function AdapterScheduleNotice({
  serviceId,
  adapterId,
  canCancel,
}: {
  serviceId: string;
  adapterId: string;
  canCancel: boolean;
}) {
  const schedule = useAdapterSchedule(serviceId, adapterId, true);
  const cancel = useCancelAdapterUpgradeMutation(serviceId, adapterId);
  if (schedule.isError) {
    return (
      <Text size="sm" c={DANGER_TEXT} role="alert">
        The scheduled upgrade could not be loaded: {schedule.error.message}
      </Text>
    );
  }
  if (!schedule.data) return null;
  return (
    <Alert color="blue" variant="light" title="Upgrade scheduled">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Upgrade to version {schedule.data.newVersion} on{' '}
          {formatDateTime(schedule.data.scheduledTimestamp)}.
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={!canCancel}
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () =>
                showToast({
                  variant: 'success',
                  message: SUCCESS_MESSAGES.adapterUpgradeCancelled,
                }),
            })
          }
        >
          Cancel scheduled upgrade
        </Button>
      </Stack>
    </Alert>
  );
}
