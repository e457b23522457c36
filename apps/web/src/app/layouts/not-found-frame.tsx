import type { User } from '@herald/contract/users/user.schema';
import { AppFrame } from '../../components/app-frame';
import { WorkspaceNav } from '../../features/workspaces/components/workspace-nav';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';
import { NotFoundPage } from '../routes/not-found';
import { TopBar } from './top-bar';

/** The side navigation beside a signed-in user's 404: their default organisation's, never an empty one. */
export function NotFoundNav({ user }: { user: User }) {
  const { workspace, workspaces } = useCurrentWorkspace();
  return (
    <WorkspaceNav workspace={workspace} workspaces={workspaces} customerid={user.customerid} />
  );
}

/**
 * The 404 page of a signed-in user: the default layout's frame (top bar, and the side navigation
 * of their default organisation, so there is a way on) around the one 404 page. The unknown
 * route, an unknown service and an unknown workspace all look like this (docs/decisions/018).
 */
export function NotFoundFrame({ user }: { user: User }) {
  return (
    <AppFrame
      header={<TopBar user={user} />}
      navbar={<NotFoundNav user={user} />}
      navbarLabel="Workspace"
    >
      <NotFoundPage />
    </AppFrame>
  );
}

export default NotFoundFrame;
