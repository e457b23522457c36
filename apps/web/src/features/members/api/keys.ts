/** Query keys of the members area (CONVENTIONS section 5: keys are factories). */
export const memberKeys = {
  all: ['members'] as const,
  workspace: (workspaceId: string) => [...memberKeys.all, workspaceId] as const,
  /** GET /v3/workspace/{workspaceId}/members */
  list: (workspaceId: string) => [...memberKeys.workspace(workspaceId), 'list'] as const,
  /** GET /v3/workspace/{workspaceId}/invites */
  invites: (workspaceId: string) => [...memberKeys.workspace(workspaceId), 'invites'] as const,
  /** GET /v3/workspace/{workspaceId}/audit-log (pages) */
  auditLog: (workspaceId: string) => [...memberKeys.workspace(workspaceId), 'audit-log'] as const,
};
