import { useQuery } from '@tanstack/react-query';
import { connectionsQueryOptions } from './connections-query-options';

export { connectionsQueryOptions } from './connections-query-options';

export function useConnectionsQuery() {
  return useQuery(connectionsQueryOptions());
}
