import { Anchor, Badge, Group } from '@mantine/core';
import { isMarketplaceWorkspace as isMarketplaceOrganisation } from '@herald/contract/marketplace/marketplace-status';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { Link, useLocation } from 'react-router';

export function isMarketplaceWorkspace(workspace: Workspace | null): boolean {
  return workspace !== null && isMarketplaceOrganisation(workspace);
}

/**
 * The brand of the top navigation bar (spec section 2): links to the current or default
 * workspace (the current path when there is none), with a badge for marketplace organisations.
 */
export function WorkspaceBrand({ workspace }: { workspace: Workspace | null }) {
  const location = useLocation();
  const to = workspace ? `/workspace/${workspace.workspace_id}` : location.pathname;
  const isMarketplace = isMarketplaceWorkspace(workspace);
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
        // The badge is part of the link's name for screen readers (docs/decisions/026).
        {...(isMarketplace && { 'aria-label': 'Herald Cloud, AWS Marketplace organisation' })}
      >
        Herald Cloud
      </Anchor>
      {isMarketplace && (
        <Badge
          size="xs"
          variant="filled"
          color="grape.9"
          style={{ overflow: 'visible' }}
          title="Billed through AWS Marketplace"
          aria-hidden
        >
          Marketplace
        </Badge>
      )}
    </Group>
  );
}
