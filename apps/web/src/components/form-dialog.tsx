import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormResult } from '@herald/contract/kafka/kafka-form-values';
import type { FormEvent, ReactNode } from 'react';
import { showToast } from '../lib/ui/toast';
import { saveFailureErrors } from './form-failure';
import { useFormState } from './use-form-state';

interface SaveMutation<Vars> {
  mutate: (
    variables: Vars,
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
  reset: () => void;
}

/**
 * A dialog form's state (a Kafka cluster, publisher or subscriber, a REST API or endpoint) with its close and submit:
 * closing resets the form (and what `onReset` resets) and the save; submitting checks the values, saves, says so in a
 * toast (`savedMessage` of the request sent) and closes, or shows the refusal on the fields (`fieldOf`) or the whole
 * form.
 */
export function useFormDialog<V extends object, F extends keyof V & string, B, Vars>({
  initial,
  toRequest,
  save,
  variables,
  savedMessage,
  fieldOf,
  onReset,
  onClose,
}: {
  initial: () => V;
  toRequest: (values: V) => FormResult<B, F>;
  save: SaveMutation<Vars>;
  variables: (body: B) => Vars;
  savedMessage: (body: B) => string;
  fieldOf: (requestPath: string) => F | null;
  onReset?: () => void;
  onClose: () => void;
}) {
  const form = useFormState<V>(initial);
  // F is among V's keys: its errors are the form's.
  const setErrors = (errors: Partial<Record<F | 'form', string>>) =>
    form.setErrors(errors as Partial<Record<keyof V | 'form', string>>);
  const close = () => {
    form.reset(initial());
    onReset?.();
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = toRequest(form.values);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    save.mutate(variables(request.value), {
      onSuccess: () => {
        showToast({ variant: 'success', message: savedMessage(request.value) });
        close();
      },
      onError: (error) => setErrors(saveFailureErrors(error, fieldOf)),
    });
  };
  return { form, close, submit };
}

/** The dialog of such a form: the modal, the form, the failure above the fields and the fields. */
export function FormDialog({
  opened,
  onClose,
  title,
  onSubmit,
  failure,
  failureTitle,
  warning = false,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event: FormEvent) => void;
  /** The whole form's error, if any. */
  failure: string | undefined;
  failureTitle: string;
  /** The failure is a warning (yellow, titled so), not an error. */
  warning?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {failure !== undefined && (
            <Alert
              color={warning ? 'yellow' : 'red'}
              variant="light"
              role="alert"
              title={warning ? 'Warning' : failureTitle}
            >
              {failure}
            </Alert>
          )}
          {children}
        </Stack>
      </form>
    </Modal>
  );
}

/** Cancel and save at the dialog's foot, on the right; `start` (another action) on the left. */
export function FormDialogFooter({
  onCancel,
  saving,
  saveLabel,
  start,
}: {
  onCancel: () => void;
  saving: boolean;
  saveLabel: string;
  start?: ReactNode;
}) {
  const buttons = (
    <>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </>
  );
  if (start === undefined) {
    return (
      <Group justify="flex-end" gap="sm">
        {buttons}
      </Group>
    );
  }
  return (
    <Group justify="space-between" gap="sm">
      {start}
      <Group gap="sm">{buttons}</Group>
    </Group>
  );
}
