import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { Topic } from '@herald/contract/topics/topic.schema';
import {
  keepEditedValue,
  reconcileValueEdit,
  takeNewerValue,
} from '@herald/contract/topics/value-edit-conflict';
import { formatValueForInput, valueTypeOf } from '@herald/contract/topics/value-input';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { showToast } from '../../../lib/ui/toast';
import { usePutTopicMutation } from '../api/topic-mutations';
import { readValueText } from '../utils/read-value';
import { CANNOT_EDIT_REASON } from './disabled-edit-button';
import { ValueInputField } from './value-input-field';

/**
 * Sets a topic's value (a time series: appends an event), validated by the topic's type before anything is sent;
 * a JSON topic's editor shows a syntax error with its line and column as you type. The text starts as the current
 * value and follows newer values while untouched; once edited, a newer value is a conflict the person settles
 * before anything is sent (contract value-edit-conflict, issue 25 item 17), so a newer value is never silently
 * rolled back.
 */
export function TopicValueEditor({
  serviceId,
  topic,
  current = topic.value,
  canEdit,
}: {
  serviceId: string;
  topic: Topic;
  /** The value shown now: the latest received over the session, else the stored one. */
  current?: unknown;
  canEdit: boolean;
}) {
  const isTimeSeries = topic.type === 'TIME_SERIES';
  // A time series appends events: a new event cannot roll anything back, so it has no current value to follow.
  const currentText = isTimeSeries
    ? ''
    : formatValueForInput(topic.type, current, topic.properties);
  const [editing, setEditing] = useState({
    path: topic.path,
    text: currentText,
    base: currentText,
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const mutation = usePutTopicMutation(serviceId);

  // Another topic was opened: start from its value (render-time reset, no effect needed).
  if (editing.path !== topic.path) {
    setEditing({ path: topic.path, text: currentText, base: currentText });
    setSubmitted(false);
    setServerError(undefined);
  }
  const reconciliation = reconcileValueEdit(editing, currentText);
  if (editing.path === topic.path && reconciliation.kind === 'follow') {
    setEditing({ path: topic.path, ...reconciliation.edit });
  }
  const conflict = reconciliation.kind === 'conflict' ? reconciliation.newer : undefined;

  if (!canEdit) {
    return (
      <Text size="sm" c="dimmed">
        {CANNOT_EDIT_REASON}
      </Text>
    );
  }

  const isJson = valueTypeOf(topic.type, topic.properties) === 'JSON';
  const reading = readValueText(topic.type, topic.properties, editing.text);
  // JSON shows its syntax error as you type; other types once the user tries to send.
  const showsError = !reading.ok && (submitted || (isJson && editing.text.trim() !== ''));

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(undefined);
    // The conflict is on screen; sending now would overwrite the newer value without an answer.
    if (!reading.ok || conflict !== undefined) return;
    mutation.mutate(
      { path: topic.path, body: { value: reading.value } },
      {
        onSuccess: (stored) => {
          setSubmitted(false);
          const text = initialText(stored);
          setEditing({ path: stored.path, text, base: text });
          showToast({
            variant: 'success',
            message: isTimeSeries ? 'Event appended.' : 'Value set.',
          });
        },
        onError: (error) => {
          const fieldError = isApiError(error)
            ? issuesToFieldErrors(error.issues).value
            : undefined;
          setServerError(fieldError ?? inlineErrorText(error));
        },
      },
    );
  };

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={isTimeSeries ? 'Append an event' : 'Set the value'}
    >
      <Stack gap="xs">
        <ValueInputField
          type={topic.type}
          properties={topic.properties}
          label={isTimeSeries ? 'New event' : 'New value'}
          value={editing.text}
          onChange={(text) => {
            setEditing((edit) => ({ ...edit, path: topic.path, text }));
            setServerError(undefined);
          }}
          error={showsError && !reading.ok ? reading.message : undefined}
          syntaxError={showsError && !reading.ok ? reading.syntaxError : undefined}
        />
        {conflict !== undefined && (
          <Alert
            color="yellow"
            variant="light"
            role="alert"
            title="The value changed while you were editing"
            data-testid="value-conflict"
          >
            <Stack gap="xs">
              <Text size="sm">
                A newer value arrived. Setting yours would replace it; choose which to keep.
              </Text>
              <Code block style={{ maxHeight: 160, overflow: 'auto', overflowWrap: 'anywhere' }}>
                {conflict}
              </Code>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing({ path: topic.path, ...takeNewerValue(conflict) })}
                >
                  Use the newer value
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    setEditing((edit) => ({ path: topic.path, ...keepEditedValue(edit, conflict) }))
                  }
                >
                  Keep mine
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {serverError !== undefined && (
          <Alert color="red" variant="light" role="alert" title="The value was not set">
            {serverError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {isTimeSeries ? 'Append event' : 'Set value'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A time series starts empty (a new event), any other topic from its current value. */
function initialText(topic: Topic): string {
  return topic.type === 'TIME_SERIES'
    ? ''
    : formatValueForInput(topic.type, topic.value, topic.properties);
}
