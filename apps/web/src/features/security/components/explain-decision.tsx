import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { lightBadgeTextColor } from '../../../components/badge-contrast';

export interface Decision {
  allowed: boolean;
  reason: string;
}

/**
 * One outcome as a line: what is asked, the status in words (not only colour: the word is read out and printed),
 * and the runtime's reason.
 */
export function ExplainDecision({ label, decision }: { label: string; decision: Decision | null }) {
  const status = decision === null ? 'Not applicable' : decision.allowed ? 'Allowed' : 'Refused';
  const color = decision === null ? 'gray' : decision.allowed ? 'green' : 'red';
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid={`decision-${label}`}>
      <ThemeIcon variant="light" color={color} size="sm" radius="xl" mt={2} aria-hidden="true">
        <Text size="xs" fw={700} c={lightBadgeTextColor(color)}>
          {decision === null ? '–' : decision.allowed ? '✓' : '✕'}
        </Text>
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm">
          <Text span fw={600}>
            {label}:
          </Text>{' '}
          <Text span fw={600} c={lightBadgeTextColor(color)}>
            {status}
          </Text>
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {decision === null
            ? 'A filter or selector names no single topic to publish to.'
            : decision.reason}
        </Text>
      </Stack>
    </Group>
  );
}
