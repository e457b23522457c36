import { Badge, Loader, Tooltip } from '@mantine/core';
import {
  MESSAGING_STATE_LABELS,
  type MessagingState,
} from '@herald/contract/messaging/messaging-session';
import { useMessagingSession } from '../lib/messaging';
import { lightBadgeTextColor } from './badge-contrast';

const STATE_COLORS = {
  idle: 'gray',
  connecting: 'blue',
  connected: 'green',
  reconnecting: 'orange',
  closed: 'gray',
  failed: 'red',
} as const satisfies Record<MessagingState, string>;

/**
 * The dashboard's messaging session in a person's words: Connected, Connecting…, Reconnecting… or Disconnected,
 * with the last refusal or failure as a tooltip (focusable, so a keyboard reaches it) and in the accessible name.
 * Using it uses the session (it opens while the service is RUNNING).
 */
export function MessagingIndicator() {
  const { state, error } = useMessagingSession();
  const label = MESSAGING_STATE_LABELS[state];
  const color = STATE_COLORS[state];
  const isAttempting = state === 'connecting' || state === 'reconnecting';
  const badge = (
    <Badge
      color={color}
      variant="light"
      tt="none"
      style={{ '--badge-color': lightBadgeTextColor(color) }}
      data-state={state}
      {...(error === null
        ? {}
        : { tabIndex: 0, 'aria-label': `Live connection: ${label} — ${error}` })}
      leftSection={isAttempting ? <Loader size={10} color={color} aria-hidden="true" /> : undefined}
    >
      {label}
    </Badge>
  );
  return (
    // A polite live region: a screen reader hears the connection drop and come back.
    <div
      role="status"
      aria-live="polite"
      aria-label="Live connection"
      style={{ display: 'inline-flex' }}
    >
      {error === null ? (
        badge
      ) : (
        <Tooltip label={error} multiline maw={320} withArrow>
          {badge}
        </Tooltip>
      )}
    </div>
  );
}
