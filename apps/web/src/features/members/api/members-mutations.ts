import type { CreateInviteRequest } from '@herald/contract/members/member.schema';
import type { Role } from '@herald/contract/members/permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { memberKeys } from './keys';

/** Every mutation of the area refreshes the workspace's members, invites and audit trail. */
function useInvalidateWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.workspace(workspaceId) });
}

/** PUT …/members/{customerid}/role; making someone Owner transfers ownership. */
export function useChangeMemberRoleMutation(workspaceId: string) {
  const invalidate = useInvalidateWorkspace(workspaceId);
  return useMutation({
    mutationFn: async ({ customerid, role }: { customerid: string; role: Role }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.changeMemberRole, {
        params: { workspaceId, customerid },
        body: { role },
      });
    },
    onSuccess: invalidate,
    meta: { context: 'changing the role' },
  });
}

export function useRemoveMemberMutation(workspaceId: string) {
  const invalidate = useInvalidateWorkspace(workspaceId);
  return useMutation({
    mutationFn: async (customerid: string) => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.removeMember, { params: { workspaceId, customerid } });
    },
    onSuccess: invalidate,
    meta: { context: 'removing the member' },
  });
}

export function useLeaveWorkspaceMutation(workspaceId: string) {
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.leaveWorkspace, { params: { workspaceId } });
    },
    meta: { context: 'leaving the organisation' },
  });
}

/** POST …/invites; the form maps a 400's issues onto its fields itself. */
export function useCreateInviteMutation(workspaceId: string) {
  const invalidate = useInvalidateWorkspace(workspaceId);
  return useMutation({
    mutationFn: async (body: CreateInviteRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.createInvite, { params: { workspaceId }, body });
    },
    onSuccess: invalidate,
    meta: { handlesError: true },
  });
}

export function useRevokeInviteMutation(workspaceId: string) {
  const invalidate = useInvalidateWorkspace(workspaceId);
  return useMutation({
    mutationFn: async (inviteId: string) => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.revokeInvite, { params: { workspaceId, inviteId } });
    },
    onSuccess: invalidate,
    meta: { context: 'revoking the invitation' },
  });
}

export function useResendInviteMutation(workspaceId: string) {
  const invalidate = useInvalidateWorkspace(workspaceId);
  return useMutation({
    mutationFn: async (inviteId: string) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.resendInvite, { params: { workspaceId, inviteId } });
    },
    onSuccess: invalidate,
    meta: { context: 'resending the invitation' },
  });
}
