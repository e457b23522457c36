import { Code, Stack, Text } from '@mantine/core';
import type { RestValuePreview } from '@herald/contract/rest-adapters/rest-adapter-process';
import { valueSummary } from '@herald/contract/rest-adapters/rest-status-words';

/** A value as received (a body or what the pointer picked): its type and size, then its start as text. */
export function ValueBlock({ label, value }: { label: string; value: RestValuePreview }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}{' '}
        <Text span size="sm" c="dimmed" fw={400}>
          {valueSummary(value)}
          {value.type === 'BINARY' ? ' · base64' : ''}
        </Text>
      </Text>
      <Code
        block
        style={{
          maxHeight: '14rem',
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
        tabIndex={0}
        aria-label={label}
      >
        {value.preview}
      </Code>
    </Stack>
  );
}
