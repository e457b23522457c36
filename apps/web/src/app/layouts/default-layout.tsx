import type { User } from '@herald/contract/users/user.schema';
import { Outlet } from 'react-router';
import { AppFrame } from '../../components/app-frame';
import { InviteActions } from '../../features/onboarding/components/invite-actions';
import { PendingInviteNotice } from '../../features/onboarding/components/pending-invite-notice';
import { WorkspaceNav } from '../../features/workspaces/components/workspace-nav';
import {
  pickDefaultWorkspace,
  useCurrentWorkspace,
} from '../../features/workspaces/hooks/use-current-workspace';
import { RequireUser } from './require-user';
import { TopBar } from './top-bar';
import { useInviteAccepted } from './use-invite-accepted';

/**
 * Spec section 2, default layout: top navigation bar and workspace side navigation, with the
 * client-side invite notification (section 4) above the page.
 */
export function DefaultLayout() {
  return <RequireUser>{(user) => <DefaultFrame user={user} />}</RequireUser>;
}

function DefaultFrame({ user }: { user: User }) {
  const { workspace, workspaces, isUnknown } = useCurrentWorkspace();
  // An unknown workspace shows the 404 page; the navigation then offers the default workspace
  // rather than an empty sidebar (docs/decisions/018).
  const navWorkspace = isUnknown ? pickDefaultWorkspace(workspaces) : workspace;
  const onAccepted = useInviteAccepted();
  return (
    <AppFrame
      header={<TopBar user={user} />}
      navbar={
        <WorkspaceNav
          workspace={navWorkspace}
          workspaces={workspaces}
          customerid={user.customerid}
        />
      }
      navbarLabel="Workspace"
    >
      <PendingInviteNotice
        renderInviteActions={(invite) => <InviteActions invite={invite} onAccepted={onAccepted} />}
      />
      <Outlet />
    </AppFrame>
  );
}
