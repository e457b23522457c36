import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import {
  createKafkaAdapterRequestSchema,
  RECONNECT_INTERVAL_LIMITS_MS,
} from '@herald/contract/kafka/kafka-adapter.schema';
import { useState, type FormEvent } from 'react';
import { toUserError } from '@herald/contract/api/error-text';
import { showToast } from '../../../lib/ui/toast';
import { useCreateAdapterMutation } from '../api/kafka-adapter-mutations';

const INITIAL = { label: '', reconnectInterval: 5000 as number | string, haEnabled: false };

/**
 * Create adapter (section 7: label, reconnect interval, high availability). A refusal is shown in the dialog as the
 * server sends it (section 8: no payment method 402, free tier and free trial limit 400); a failed check is a warning.
 */
export function CreateAdapterModal({
  serviceId,
  opened,
  onClose,
  onCreated,
}: {
  serviceId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (adapterId: string) => void;
}) {
  const [values, setValues] = useState(INITIAL);
  const [errors, setErrors] = useState<Partial<Record<'label' | 'reconnectInterval', string>>>({});
  const create = useCreateAdapterMutation(serviceId);
  const close = () => {
    setValues(INITIAL);
    setErrors({});
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createKafkaAdapterRequestSchema.safeParse({
      ...values,
      reconnectInterval:
        typeof values.reconnectInterval === 'number' ? values.reconnectInterval : Number.NaN,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'label' || field === 'reconnectInterval') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: ({ id }) => {
        showToast({ variant: 'success', message: `Kafka adapter "${parsed.data.label}" created.` });
        setValues(INITIAL);
        onCreated(id);
      },
    });
  };
  const failure = create.isError ? toUserError(create.error) : null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create a Kafka adapter"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert
              color={failure.variant === 'warning' ? 'yellow' : 'red'}
              variant="light"
              role="alert"
              title={failure.variant === 'warning' ? 'Warning' : 'The adapter was not created'}
            >
              {failure.message}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            data-autofocus
            value={values.label}
            error={errors.label}
            onChange={(event) => {
              const label = event.currentTarget.value;
              setValues((current) => ({ ...current, label }));
              setErrors((current) => ({ ...current, label: undefined }));
            }}
          />
          <NumberInput
            label="Reconnect interval (ms)"
            description="How long the adapter waits before reconnecting to a cluster it lost."
            min={RECONNECT_INTERVAL_LIMITS_MS.min}
            max={RECONNECT_INTERVAL_LIMITS_MS.max}
            step={1000}
            allowDecimal={false}
            value={values.reconnectInterval}
            error={errors.reconnectInterval}
            onChange={(reconnectInterval) => {
              setValues((current) => ({ ...current, reconnectInterval }));
              setErrors((current) => ({ ...current, reconnectInterval: undefined }));
            }}
          />
          <Switch
            label="High availability"
            description="Runs two members of the same consumer group, so one can fail."
            checked={values.haEnabled}
            onChange={(event) => {
              const haEnabled = event.currentTarget.checked;
              setValues((current) => ({ ...current, haEnabled }));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create adapter
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
