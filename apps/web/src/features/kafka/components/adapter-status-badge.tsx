import { Badge } from '@mantine/core';
import type { AdapterHealth } from '@herald/contract/kafka/kafka-adapter-list';
import { lightBadgeTextColor } from '../../../components/badge-contrast';

const HEALTH_COLORS = {
  disabled: 'gray',
  checking: 'blue',
  stopped: 'orange',
  connected: 'green',
  partly: 'orange',
  none: 'red',
} as const satisfies Record<AdapterHealth, string>;

/** The adapter's live status in words (contract adapterLiveSummary), coloured by its health. */
export function AdapterStatusBadge({ health, words }: { health: AdapterHealth; words: string }) {
  const color = HEALTH_COLORS[health];
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      // The darkest shade keeps light badges at WCAG AA contrast.
      style={{ '--badge-color': lightBadgeTextColor(color) }}
      data-health={health}
    >
      {words}
    </Badge>
  );
}
