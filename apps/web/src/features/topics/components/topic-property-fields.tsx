import { Accordion, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  propertiesForType,
  type TopicPropertyRule,
} from '@herald/contract/topics/topic-properties';
import type { TopicPropertyName, TopicType } from '@herald/contract/topics/topic.schema';
import { useState } from 'react';

/** Shown above the rest: what a time series keeps and what its events are. */
export const TIME_SERIES_MAIN_PROPERTIES: readonly TopicPropertyName[] = [
  'TIME_SERIES_EVENT_VALUE_TYPE',
  'TIME_SERIES_RETAINED_RANGE',
];

export interface TopicPropertyFieldsProps {
  type: TopicType;
  values: Partial<Record<TopicPropertyName, string>>;
  errors: Partial<Record<string, string>>;
  onChange: (name: TopicPropertyName, value: string) => void;
  /** Which of the type's properties to show. */
  only?: (rule: TopicPropertyRule) => boolean;
}

const isBoolean = (rule: TopicPropertyRule) =>
  rule.check('true') === null && rule.check('false') === null && rule.check('yes') !== null;

function PropertyField({
  rule,
  value,
  error,
  onChange,
}: {
  rule: TopicPropertyRule;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const defaultText = rule.defaultValue === null ? 'none' : rule.defaultValue;
  if (rule.name === 'TIME_SERIES_EVENT_VALUE_TYPE') {
    return (
      <NativeSelect
        label="Event value type"
        description={rule.description}
        data={['JSON', 'STRING', 'INT64', 'DOUBLE', 'BINARY']}
        value={value === '' ? (rule.defaultValue ?? 'JSON') : value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    );
  }
  if (isBoolean(rule)) {
    return (
      <NativeSelect
        label={rule.name}
        description={rule.description}
        data={[
          { value: '', label: `Default (${defaultText})` },
          { value: 'true', label: 'true' },
          { value: 'false', label: 'false' },
        ]}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    );
  }
  return (
    <TextInput
      label={rule.name === 'TIME_SERIES_RETAINED_RANGE' ? 'Retained range' : rule.name}
      description={rule.description}
      placeholder={rule.defaultValue === null ? 'Not set' : `Default: ${rule.defaultValue}`}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      spellCheck={false}
      autoComplete="off"
    />
  );
}

/** The properties that apply to a type (contract topic-properties.ts), each with its short description. */
export function TopicPropertyFields({
  type,
  values,
  errors,
  onChange,
  only,
}: TopicPropertyFieldsProps) {
  const rules = propertiesForType(type).filter((rule) => (only ? only(rule) : true));
  return (
    <Stack gap="sm">
      {rules.map((rule) => (
        <PropertyField
          key={rule.name}
          rule={rule}
          value={values[rule.name] ?? ''}
          error={errors[`properties.${rule.name}`]}
          onChange={(value) => onChange(rule.name, value)}
        />
      ))}
    </Stack>
  );
}

/** The less common properties, folded away. */
export function MorePropertiesSection(props: TopicPropertyFieldsProps & { hasError: boolean }) {
  const { hasError, ...fields } = props;
  const [opened, setOpened] = useState<string | null>(null);
  // A property the server or the checks refused is never left folded away.
  return (
    <Accordion variant="contained" value={hasError ? 'more' : opened} onChange={setOpened}>
      <Accordion.Item value="more">
        <Accordion.Control>Properties</Accordion.Control>
        <Accordion.Panel>
          <TopicPropertyFields {...fields} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
