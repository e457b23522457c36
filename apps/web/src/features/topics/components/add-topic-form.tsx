import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { checkTopicPath } from '@herald/contract/topics/topic-path';
import { checkTopicProperties, propertiesForType } from '@herald/contract/topics/topic-properties';
import {
  TOPIC_TYPES,
  type PutTopicRequest,
  type TopicPropertyName,
  type TopicType,
} from '@herald/contract/topics/topic.schema';
import { valueTypeOf } from '@herald/contract/topics/value-input';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { usePutTopicMutation } from '../api/topic-mutations';
import { readValueText } from '../utils/read-value';
import {
  MorePropertiesSection,
  TIME_SERIES_MAIN_PROPERTIES,
  TopicPropertyFields,
} from './topic-property-fields';
import { ValueInputField } from './value-input-field';

const TYPE_LABELS: Record<TopicType, string> = {
  JSON: 'JSON',
  STRING: 'String',
  INT64: 'Integer (INT64)',
  DOUBLE: 'Decimal (DOUBLE)',
  BINARY: 'Binary (base64)',
  TIME_SERIES: 'Time series',
};

type Properties = Partial<Record<TopicPropertyName, string>>;

/** The properties set for this type, without the empty ("default") ones. */
function propertiesToSend(type: TopicType, properties: Properties): Properties {
  return Object.fromEntries(
    propertiesForType(type)
      .map((rule) => [rule.name, properties[rule.name]?.trim() ?? ''] as const)
      .filter(([, value]) => value !== ''),
  );
}

export interface AddTopicFormProps {
  serviceId: string;
  initialPath: string;
  onCreated: (path: string) => void;
  onCancel: () => void;
}

/**
 * Adds a topic: path, type, the properties that apply to the type (each with its description) and an optional first
 * value. Everything is checked by the contract's rules before sending; what the server still refuses shows on the
 * field it names (or above the buttons).
 */
export function AddTopicForm({ serviceId, initialPath, onCreated, onCancel }: AddTopicFormProps) {
  const [path, setPath] = useState(initialPath);
  const [type, setType] = useState<TopicType>('JSON');
  const [properties, setProperties] = useState<Properties>({});
  const [valueText, setValueText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const mutation = usePutTopicMutation(serviceId);

  const sent = propertiesToSend(type, properties);
  const valueReading = valueText === '' ? undefined : readValueText(type, sent, valueText);
  const isJsonValue = valueTypeOf(type, sent) === 'JSON';
  // The JSON editor shows its syntax error as you type; the other checks show on submit.
  const liveValueError =
    isJsonValue && valueReading && !valueReading.ok ? valueReading.message : undefined;

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    const pathCheck = checkTopicPath(path.trim());
    if (!pathCheck.ok) found.path = pathCheck.message;
    const propertiesCheck = checkTopicProperties(type, sent);
    if (!propertiesCheck.ok)
      found[`properties.${propertiesCheck.property}`] = propertiesCheck.message;
    if (valueReading && !valueReading.ok) found.value = valueReading.message;
    return found;
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: PutTopicRequest = {
      type,
      properties: sent,
      ...(valueReading?.ok && { value: valueReading.value }),
    };
    mutation.mutate(
      { path: path.trim(), body },
      {
        onSuccess: (topic) => onCreated(topic.path),
        onError: (error) => {
          const fieldErrors = isApiError(error) ? issuesToFieldErrors(error.issues) : {};
          if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
          else setFormError(inlineErrorText(error));
        },
      },
    );
  };

  const setProperty = (name: TopicPropertyName, value: string) => {
    setProperties((current) => ({ ...current, [name]: value }));
    setErrors(({ [`properties.${name}`]: _dropped, ...rest }) => rest);
  };
  const hasMoreError = Object.keys(errors).some(
    (field) =>
      field.startsWith('properties.') &&
      !TIME_SERIES_MAIN_PROPERTIES.includes(field.slice('properties.'.length) as TopicPropertyName),
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add a topic">
      <Stack gap="sm">
        <TextInput
          label="Path"
          description="Parts separated by /, e.g. sensors/room1/temperature"
          value={path}
          onChange={(event) => {
            setPath(event.currentTarget.value);
            setErrors(({ path: _dropped, ...rest }) => rest);
          }}
          error={errors.path}
          required
          data-autofocus
          spellCheck={false}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <NativeSelect
          label="Type"
          data={TOPIC_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          value={type}
          onChange={(event) => {
            setType(event.currentTarget.value as TopicType);
            setErrors({});
          }}
        />
        {type === 'TIME_SERIES' && (
          <TopicPropertyFields
            type={type}
            values={properties}
            errors={errors}
            onChange={setProperty}
            only={(rule) => TIME_SERIES_MAIN_PROPERTIES.includes(rule.name)}
          />
        )}
        <MorePropertiesSection
          type={type}
          values={properties}
          errors={errors}
          onChange={setProperty}
          only={(rule) => !TIME_SERIES_MAIN_PROPERTIES.includes(rule.name)}
          hasError={hasMoreError}
        />
        <ValueInputField
          type={type}
          properties={sent}
          label={type === 'TIME_SERIES' ? 'First event (optional)' : 'Initial value (optional)'}
          value={valueText}
          onChange={(text) => {
            setValueText(text);
            setErrors(({ value: _dropped, ...rest }) => rest);
          }}
          error={errors.value ?? liveValueError}
          syntaxError={valueReading && !valueReading.ok ? valueReading.syntaxError : undefined}
        />
        {formError !== undefined && (
          <Alert color="red" variant="light" role="alert" title="The topic was not added">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Add topic
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
