import { rolesOfUser } from '@herald/contract/members/permissions';
import { useDocumentTitle } from '@mantine/hooks';
import { useCurrentUser } from '../../features/auth/api/user-query';
import { ServicesPage } from '../../features/services/components/services-page';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';

/**
 * `/workspace/:workspaceId`: the services of a workspace (the workspace guard has found it). The
 * user's roles come from the workspace's users list, matched by customer id (spec section 6).
 */
export function WorkspaceRoute() {
  useDocumentTitle('Services · Herald Cloud');
  const { workspace } = useCurrentWorkspace();
  const { user } = useCurrentUser();
  if (workspace === null || user === null) return null;
  return (
    <ServicesPage
      key={workspace.workspace_id}
      workspace={workspace}
      roles={rolesOfUser(workspace, user.customerid)}
    />
  );
}
