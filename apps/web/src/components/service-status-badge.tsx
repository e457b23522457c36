import { Badge, Loader, Tooltip } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import type { ServiceStatusTone } from '@herald/contract/services/service-status-words';
import { serviceStatusWords } from '@herald/contract/services/service-status-words';
import { lightBadgeTextColor } from './badge-contrast';

const TONE_COLORS = {
  progress: 'blue',
  positive: 'green',
  negative: 'red',
  caution: 'orange',
  neutral: 'gray',
} as const satisfies Record<ServiceStatusTone, string>;

export interface ServiceStatusBadgeProps {
  status: ServiceStatus;
  /**
   * `tooltip`: a focusable badge with a Mantine tooltip (hover and keyboard focus). `title`: the native title only,
   * for a badge inside a link (a focusable element inside a link is nested interaction).
   */
  hint?: 'tooltip' | 'title';
}

/**
 * A service's status in a person's word (contract serviceStatusWords), coloured by its tone; an in-progress status
 * spins. The wire value is in the hint, for support.
 */
export function ServiceStatusBadge({ status, hint = 'title' }: ServiceStatusBadgeProps) {
  const { label, tone, detail } = serviceStatusWords(status);
  const color = TONE_COLORS[tone];
  const hintText = `${detail} Status code: ${status}`;
  const badge = (
    <Badge
      color={color}
      variant="light"
      // In the person's own case: an upper-cased badge would read like the wire value again.
      tt="none"
      // The darkest shade keeps light badges at WCAG AA contrast.
      style={{ '--badge-color': lightBadgeTextColor(color) }}
      data-status={status}
      {...(hint === 'tooltip'
        ? { tabIndex: 0, 'aria-label': `${label}. ${hintText}` }
        : { title: hintText })}
      leftSection={
        tone === 'progress' ? <Loader size={10} color={color} aria-hidden="true" /> : undefined
      }
    >
      {label}
    </Badge>
  );
  if (hint === 'title') return badge;
  return (
    <Tooltip
      label={hintText}
      events={{ hover: true, focus: true, touch: true }}
      multiline
      maw={280}
    >
      {badge}
    </Tooltip>
  );
}
