import { rolesOfUser } from '@herald/contract/members/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/user-query';
import { MembersPage } from '../../features/members/components/members-page';
import { workspaceKeys } from '../../features/workspaces/api/keys';
import { organisationLabel } from '../../features/workspaces/components/workspace-breadcrumbs';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';
import { forgetDefaultWorkspaceId } from '../../features/workspaces/utils/default-workspace';

/** `/workspace/:workspaceId/members` (the workspace guard has found the workspace). */
export function MembersRoute() {
  const { workspace } = useCurrentWorkspace();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (workspace === null || user === null) return null;

  const refreshWorkspaces = () =>
    queryClient.invalidateQueries({ queryKey: workspaceKeys.all, refetchType: 'all' });

  return (
    <MembersPage
      workspaceId={workspace.workspace_id}
      organisationName={organisationLabel(workspace)}
      customerid={user.customerid}
      roles={rolesOfUser(workspace, user.customerid)}
      onMembersChanged={() => void refreshWorkspaces()}
      onLeft={async () => {
        forgetDefaultWorkspaceId();
        await refreshWorkspaces();
        await navigate('/workspace', { replace: true });
      }}
    />
  );
}
