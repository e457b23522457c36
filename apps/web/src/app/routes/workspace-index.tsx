import { Navigate } from 'react-router';
import { PageSkeleton } from '../../components/skeletons';
import { NoWorkspace } from '../../features/workspaces/components/no-workspace';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';
import { WorkspaceGuardRoute } from './workspace-guard';

/** `/workspace`: the remembered workspace, else the first one. */
export function WorkspaceIndexRoute() {
  const { workspace, isPending, isError } = useCurrentWorkspace();
  if (isPending) return <PageSkeleton label="Loading the organisation" />;
  // The guard renders the error with its retry.
  if (isError) return <WorkspaceGuardRoute />;
  if (workspace === null) return <NoWorkspace />;
  return <Navigate to={`/workspace/${workspace.workspace_id}`} replace />;
}
