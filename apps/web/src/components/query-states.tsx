import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { inlineErrorText } from '../lib/error-text';

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
 * A failed load, inline: what could not be loaded, why (the server's words when it answered,
 * section 8's fallback otherwise; 'Please try again.' without an error) and a retry.
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
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Text size="sm" mb="xs">
        {error === undefined ? 'Please try again.' : inlineErrorText(error)}
      </Text>
      <Button size="xs" variant="default" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}
