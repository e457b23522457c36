import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/skeletons';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';
import { useWorkspacesQuery } from '../../features/workspaces/api/workspaces-query';
import { rememberDefaultWorkspaceId } from '../../features/workspaces/utils/default-workspace';
import { NotFoundPage } from './not-found';
import { LoadFailed } from '../../components/query-states';

/**
 * `/workspace/:workspaceId/*`: the pages of one of the user's workspaces. A workspace that is not
 * among the user's shows the 404 page (it reveals nothing about other organisations); the one
 * shown becomes the default for `/workspace`.
 */
export function WorkspaceGuardRoute() {
  const { workspace, isUnknown, isPending, isError } = useCurrentWorkspace();
  const { refetch } = useWorkspacesQuery();
  const workspaceId = workspace?.workspace_id;
  useEffect(() => {
    if (workspaceId !== undefined) rememberDefaultWorkspaceId(workspaceId);
  }, [workspaceId]);

  if (isPending) return <PageSkeleton label="Loading the organisation" />;
  if (isError) {
    return <LoadFailed title="The organisation could not be loaded" onRetry={refetch} />;
  }
  if (isUnknown || workspace === null) return <NotFoundPage />;
  return <Outlet />;
}
