import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMatches, type UIMatch } from 'react-router';
import type { RouteHandle } from '../route-handle';

/**
 * The service pages whose issues are still to come (spec section 2: metrics/configure,
 * remote-servers, topic-views): says so honestly, inside the
 * service layout, rather than a 404. The title is the route's crumb.
 */
export function ServicePlaceholderRoute() {
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const crumb = matches.at(-1)?.handle?.crumb;
  const title = typeof crumb === 'string' ? crumb : 'This page';
  useDocumentTitle(`${title} · Herald Cloud`);
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">This page is not available yet.</Text>
    </Stack>
  );
}
