import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { inlineErrorText, technicalErrorText } from '../lib/api/error-text';

/** A small inline loading state, announced to screen readers. */
export function InlineLoader({ label = 'Loading', py }: { label?: string; py?: string }) {
  return (
    <Group gap="xs" role="status" py={py}>
      <Loader size="xs" aria-hidden="true" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/**
 * A failed load, inline: what could not be loaded, why (spec section 8's fallback order: the
 * server's words for a client error, the user text for a server error; 'Please try again.'
 * without an error) and a retry. The technical message (method, URL, status) is for support: it
 * sits folded under Details, never as the headline.
 */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error?: unknown;
  onRetry: () => unknown;
}) {
  const technical = error === undefined ? undefined : technicalErrorText(error);
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Text size="sm" mb="xs">
        {error === undefined ? 'Please try again.' : inlineErrorText(error)}
      </Text>
      {technical !== undefined && (
        <Text component="details" size="xs" mb="xs">
          <summary>Details</summary>
          <Text component="span" size="xs" style={{ overflowWrap: 'anywhere' }}>
            {technical}
          </Text>
        </Text>
      )}
      <Button size="xs" variant="default" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}
