import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Topic } from '@herald/contract/topics/topic.schema';
import { formatValueForInput, valueTypeOf } from '@herald/contract/topics/value-input';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { inlineErrorText } from '../../../lib/error-text';
import { issuesToFieldErrors } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { usePutTopicMutation } from '../api/topic-mutations';
import { readValueText } from '../utils/read-value';
import { CANNOT_EDIT_REASON } from './disabled-edit-button';
import { ValueInputField } from './value-input-field';

/**
 * Sets a topic's value (a time series: appends an event), validated by the topic's type before anything is sent;
 * a JSON topic's editor shows a syntax error with its line and column as you type. The text starts as the value
 * when the topic was opened and is not overwritten by live updates while the user edits.
 */
export function TopicValueEditor({
  serviceId,
  topic,
  canEdit,
}: {
  serviceId: string;
  topic: Topic;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState({ path: topic.path, text: initialText(topic) });
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const mutation = usePutTopicMutation(serviceId);

  // Another topic was opened: start from its value (render-time reset, no effect needed).
  if (editing.path !== topic.path) {
    setEditing({ path: topic.path, text: initialText(topic) });
    setSubmitted(false);
    setServerError(undefined);
  }

  if (!canEdit) {
    return (
      <Text size="sm" c="dimmed">
        {CANNOT_EDIT_REASON}
      </Text>
    );
  }

  const isTimeSeries = topic.type === 'TIME_SERIES';
  const isJson = valueTypeOf(topic.type, topic.properties) === 'JSON';
  const reading = readValueText(topic.type, topic.properties, editing.text);
  // JSON shows its syntax error as you type; other types once the user tries to send.
  const showsError = !reading.ok && (submitted || (isJson && editing.text.trim() !== ''));

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(undefined);
    if (!reading.ok) return;
    mutation.mutate(
      { path: topic.path, body: { value: reading.value } },
      {
        onSuccess: (stored) => {
          setSubmitted(false);
          setEditing({ path: stored.path, text: initialText(stored) });
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
            setEditing({ path: topic.path, text });
            setServerError(undefined);
          }}
          error={showsError && !reading.ok ? reading.message : undefined}
          syntaxError={showsError && !reading.ok ? reading.syntaxError : undefined}
        />
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
