import { Badge, Box, Group, Text } from '@mantine/core';
import type {
  RestAdapterTone,
  RestEndpointTone,
  RestStatusWords,
} from '@herald/contract/rest-adapters/rest-status-words';
import { lightBadgeTextColor } from '../../../components/badge-contrast';

const ENDPOINT_COLORS = {
  published: 'green',
  unchanged: 'blue',
  failed: 'red',
  pending: 'gray',
} as const satisfies Record<RestEndpointTone, string>;

/**
 * An endpoint's last poll: a coloured dot and the words (contract endpointStatusWords). The dot only echoes the
 * words, so it is hidden from assistive technology and the words are never coloured alone.
 */
export function EndpointStatus({ status }: { status: RestStatusWords<RestEndpointTone> }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-endpoint-status={status.tone}>
      <Box
        aria-hidden="true"
        w={10}
        h={10}
        // Level with the first line of words that may wrap.
        mt={6}
        style={{
          flex: 'none',
          borderRadius: '50%',
          background: `var(--mantine-color-${ENDPOINT_COLORS[status.tone]}-6)`,
        }}
      />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {status.words}
      </Text>
    </Group>
  );
}

const ADAPTER_COLORS = {
  none: 'gray',
  checking: 'blue',
  disabled: 'gray',
  starting: 'blue',
  running: 'green',
  stopped: 'orange',
} as const satisfies Record<RestAdapterTone, string>;

/** The REST adapter's status in words (contract restAdapterStatusWords), coloured by its tone. */
export function RestAdapterBadge({ status }: { status: RestStatusWords<RestAdapterTone> }) {
  const color = ADAPTER_COLORS[status.tone];
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      // The darkest shade keeps light badges at WCAG AA contrast.
      style={{ '--badge-color': lightBadgeTextColor(color), maxWidth: '100%', height: 'auto' }}
      data-adapter-tone={status.tone}
    >
      <span style={{ whiteSpace: 'normal' }}>Adapter: {status.words}</span>
    </Badge>
  );
}
