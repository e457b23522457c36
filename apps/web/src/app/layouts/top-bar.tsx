import { Group } from '@mantine/core';
import type { User } from '@herald/contract/users/user.schema';
import { useMatches, type UIMatch } from 'react-router';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';
import { WorkspaceBrand } from '../../features/workspaces/components/workspace-brand';
import {
  WorkspaceBreadcrumbs,
  type Crumb,
} from '../../features/workspaces/components/workspace-breadcrumbs';
import type { RouteHandle } from '../route-handle';

/** The crumbs of the route metadata, and whether a route turned them off (spec section 2). */
export function useRouteCrumbs(): { crumbs: Crumb[]; hidden: boolean } {
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const hidden = matches.some((match) => match.handle?.hideBreadcrumbs === true);
  const crumbs = matches.flatMap((match): Crumb[] => {
    const crumb = match.handle?.crumb;
    if (crumb === undefined) return [];
    const label =
      typeof crumb === 'function' ? crumb(match as UIMatch<unknown, RouteHandle>) : crumb;
    return [{ label, to: match.pathname }];
  });
  return { crumbs, hidden };
}

/**
 * The top navigation bar (spec section 2): the brand (linking to the current or default
 * workspace), the breadcrumbs (organisation with its services, then the route's crumbs) and the
 * avatar with the account menu. The notification centre joins it with its issue.
 */
export function TopBar({ user }: { user: User }) {
  const { workspace } = useCurrentWorkspace();
  const { crumbs, hidden } = useRouteCrumbs();
  return (
    <Group justify="space-between" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
        <WorkspaceBrand workspace={workspace} />
        {!hidden && workspace !== null && (
          <WorkspaceBreadcrumbs workspace={workspace} crumbs={crumbs} />
        )}
      </Group>
      <AccountMenu user={user} />
    </Group>
  );
}
