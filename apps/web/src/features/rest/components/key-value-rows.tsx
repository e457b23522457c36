import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { KeyValueRow } from '@herald/contract/rest-adapters/rest-form-values';
import { DANGER_TEXT } from '../../../components/danger-colour';

/**
 * Name/value rows (an API's headers or query parameters), added and removed one by one; a row left empty is not
 * sent (contract restApiRequest). `noun` names a row for the buttons ("header", "query parameter").
 */
export function KeyValueRows({
  legend,
  noun,
  rows,
  error,
  onChange,
}: {
  legend: string;
  noun: string;
  rows: readonly KeyValueRow[];
  error: string | undefined;
  onChange: (rows: KeyValueRow[]) => void;
}) {
  const Noun = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  const update = (index: number, change: Partial<KeyValueRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      // The legend reads as the form's other labels.
      styles={{ legend: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, padding: 0 } }}
    >
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        )}
        {rows.map((row, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              aria-label={`${Noun} ${index + 1} name`}
              placeholder="Name"
              value={row.name}
              onChange={(event) => update(index, { name: event.currentTarget.value })}
              style={{ flex: '1 1 0', minWidth: 0 }}
            />
            <TextInput
              aria-label={`${Noun} ${index + 1} value`}
              placeholder="Value"
              value={row.value}
              onChange={(event) => update(index, { value: event.currentTarget.value })}
              style={{ flex: '1 1 0', minWidth: 0 }}
            />
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={`Remove ${noun} ${index + 1}`}
              style={{ color: DANGER_TEXT }}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          </Group>
        ))}
        {error !== undefined && (
          <Text size="sm" c={DANGER_TEXT} role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => onChange([...rows, { name: '', value: '' }])}
          >
            Add {noun}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
