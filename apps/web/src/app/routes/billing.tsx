import { rolesOfUser } from '@herald/contract/members/permissions';
import { useCurrentUser } from '../../features/auth/api/user-query';
import { BillingPage } from '../../features/billing/components/billing-page';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';

/** `/workspace/:workspaceId/billing` (the workspace guard has found the workspace). */
export function BillingRoute() {
  const { workspace } = useCurrentWorkspace();
  const { user } = useCurrentUser();
  if (workspace === null || user === null) return null;
  return <BillingPage workspace={workspace} roles={rolesOfUser(workspace, user.customerid)} />;
}
