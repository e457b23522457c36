import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from './query-states';

/**
 * A page of one item out of a listed query (a Kafka adapter, a REST API): the link back to the list, and what the page
 * shows before the item is there — its skeleton while loading, the failure with a retry, or "not found" in words.
 * `state` is null once the item is found: the page then renders it with `back`.
 */
export function listedItemStates<T>(options: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  item: T | undefined;
  /** The list page and its link's words, e.g. `/service/{id}/kafka` and 'All Kafka adapters'. */
  listPath: string;
  listLabel: string;
  skeleton: ReactNode;
  /** e.g. 'The Kafka adapters could not be loaded'. */
  failedTitle: string;
  /** e.g. 'Kafka adapter not found' and 'This service has no Kafka adapter with the id ka-1.' */
  notFoundTitle: string;
  notFoundText: string;
}): { back: ReactNode; state: ReactNode | null } {
  const { query } = options;
  const back = (
    <Anchor component={Link} to={options.listPath} size="sm" underline="always">
      {options.listLabel}
    </Anchor>
  );
  if (query.isPending) return { back, state: options.skeleton };
  if (query.isError) {
    return {
      back,
      state: (
        <LoadFailed
          title={options.failedTitle}
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ),
    };
  }
  if (options.item === undefined) {
    return {
      back,
      state: (
        <Stack gap="sm">
          <Title order={1}>{options.notFoundTitle}</Title>
          <Text>{options.notFoundText}</Text>
          {back}
        </Stack>
      ),
    };
  }
  return { back, state: null };
}
