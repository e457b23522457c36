import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { useParams } from 'react-router';
import { useWorkspacesQuery } from '../api/workspaces-query';
import { readDefaultWorkspaceId } from '../utils/default-workspace';

export interface CurrentWorkspaceState {
  /** The workspace of the URL, or (outside /workspace/{id}) the remembered or first one. */
  workspace: Workspace | null;
  workspaces: Workspace[];
  /** The URL names a workspace that is not among the user's (a 404 for the page). */
  isUnknown: boolean;
  isPending: boolean;
  isError: boolean;
}

/** The default workspace: the last chosen one while it still exists, else the first. */
export function pickDefaultWorkspace(workspaces: readonly Workspace[]): Workspace | null {
  const remembered = readDefaultWorkspaceId();
  return (
    workspaces.find((workspace) => workspace.workspace_id === remembered) ?? workspaces[0] ?? null
  );
}

export function useCurrentWorkspace(): CurrentWorkspaceState {
  const { workspaceId } = useParams();
  const query = useWorkspacesQuery();
  const workspaces = query.data ?? [];
  const fromUrl =
    workspaceId === undefined
      ? undefined
      : workspaces.find((workspace) => workspace.workspace_id === workspaceId);
  return {
    workspace: workspaceId === undefined ? pickDefaultWorkspace(workspaces) : (fromUrl ?? null),
    workspaces,
    isUnknown: query.isSuccess && workspaceId !== undefined && fromUrl === undefined,
    isPending: query.isPending,
    isError: query.isError,
  };
}
