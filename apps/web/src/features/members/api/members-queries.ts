import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { memberKeys } from './keys';

/** Audit log page size. */
export const AUDIT_LOG_PAGE_SIZE = 25;

export const membersQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: memberKeys.list(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listMembers, { signal, params: { workspaceId } });
    },
  });

export function useMembersQuery(workspaceId: string) {
  return useQuery(membersQueryOptions(workspaceId));
}

/** The workspace's pending invitations; only Admins and the Owner may list them. */
export const invitesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: memberKeys.invites(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listInvites, { signal, params: { workspaceId } });
    },
  });

export function useInvitesQuery(workspaceId: string, enabled: boolean) {
  return useQuery({ ...invitesQueryOptions(workspaceId), enabled });
}

/** The audit trail, newest first, a page at a time (`nextCursor` → `before`). */
export const auditLogQueryOptions = (workspaceId: string) =>
  infiniteQueryOptions({
    queryKey: memberKeys.auditLog(workspaceId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ signal, pageParam }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listAuditLog, {
        signal,
        params: { workspaceId },
        query:
          pageParam === undefined
            ? { limit: AUDIT_LOG_PAGE_SIZE }
            : { limit: AUDIT_LOG_PAGE_SIZE, before: pageParam },
      });
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useAuditLogQuery(workspaceId: string) {
  return useInfiniteQuery(auditLogQueryOptions(workspaceId));
}
