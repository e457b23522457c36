import { Anchor, Badge, Group } from '@mantine/core';
import { MARKETPLACE_BILLING_PROVIDER } from '@herald/contract/constants';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { Link, useLocation } from 'react-router';

export function isMarketplaceWorkspace(workspace: Workspace | null): boolean {
  return (
    workspace !== null &&
    (workspace.provider === MARKETPLACE_BILLING_PROVIDER ||
      workspace.billingProvider === MARKETPLACE_BILLING_PROVIDER)
  );
}

/**
 * The brand of the top navigation bar (spec section 2): links to the current or default
 * workspace (the current path when there is none), with a badge for marketplace organisations.
 */
export function WorkspaceBrand({ workspace }: { workspace: Workspace | null }) {
  const location = useLocation();
  const to = workspace ? `/workspace/${workspace.workspace_id}` : location.pathname;
  return (
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Anchor
        component={Link}
        to={to}
        fw={700}
        fz="lg"
        c="var(--mantine-color-text)"
        underline="never"
        style={{ whiteSpace: 'nowrap' }}
      >
        Herald Cloud
      </Anchor>
      {isMarketplaceWorkspace(workspace) && (
        <Badge size="xs" variant="filled" color="grape.9" style={{ overflow: 'visible' }}>
          Marketplace
        </Badge>
      )}
    </Group>
  );
}
