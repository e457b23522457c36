import { ACTIVE_NAV_LABEL } from '../../../components/nav-colors';
import { NavLink, Stack, Text } from '@mantine/core';
import { hasPermission, rolesOfUser } from '@herald/contract/members/permissions';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { Link, useLocation } from 'react-router';
import { NavSkeleton } from '../../../components/skeletons';
import { useFlag } from '../../../lib/flags/flags';
import { useWorkspacesQuery } from '../api/workspaces-query';
import { WorkspaceSwitcher } from './workspace-switcher';

interface NavItem {
  label: string;
  to: string;
}

/**
 * The workspace side navigation (spec section 2): Platform (Services; Evaluation guide with
 * the flag dashboard.evaluation) and Organisation (Members; Billing with manage-billing).
 */
export function WorkspaceNav({
  workspace,
  workspaces,
  customerid,
}: {
  workspace: Workspace | null;
  workspaces: Workspace[];
  customerid: string;
}) {
  const { pathname } = useLocation();
  const showEvaluation = useFlag('dashboard.evaluation');
  // Until the workspaces arrive the navigation keeps its shape instead of an empty switcher (issue 9).
  const { isPending } = useWorkspacesQuery();
  const roles = rolesOfUser(workspace, customerid);
  const base = workspace ? `/workspace/${workspace.workspace_id}` : null;

  const groups: { label: string; items: NavItem[] }[] =
    base === null
      ? []
      : [
          {
            label: 'Platform',
            items: [
              { label: 'Services', to: base },
              ...(showEvaluation ? [{ label: 'Evaluation guide', to: `${base}/evaluation` }] : []),
            ],
          },
          {
            label: 'Organisation',
            items: [
              { label: 'Members', to: `${base}/members` },
              ...(hasPermission(roles, 'manage-billing')
                ? [{ label: 'Billing', to: `${base}/billing` }]
                : []),
            ],
          },
        ];

  if (isPending) return <NavSkeleton />;
  return (
    <Stack gap="lg">
      <WorkspaceSwitcher workspace={workspace} workspaces={workspaces} />
      {groups.map((group) => (
        <Stack key={group.label} gap={4}>
          <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" m={0}>
            {group.label}
          </Text>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {group.items.map((item) => {
              const active =
                item.to === base
                  ? pathname === base || pathname === `${base}/`
                  : pathname === item.to || pathname.startsWith(`${item.to}/`);
              return (
                <li key={item.to}>
                  <NavLink
                    component={Link}
                    to={item.to}
                    label={item.label}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    variant="light"
                    color="indigo"
                    styles={{ label: { color: ACTIVE_NAV_LABEL } }}
                  />
                </li>
              );
            })}
          </ul>
        </Stack>
      ))}
    </Stack>
  );
}
