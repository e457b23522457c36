import { ActionIcon, Anchor, Breadcrumbs, Group, Menu, Text } from '@mantine/core';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** The crumb's link; the last crumb (the current page) has none. */
  to?: string;
}

/** Spec section 2: the organisation name, or the owner's e-mail, or 'Organisation'. */
export function organisationLabel(workspace: Workspace): string {
  const owner = workspace.users.find((user) => user.roles.includes('Owner'));
  return workspace.name.trim() || workspace.company_name?.trim() || owner?.email || 'Organisation';
}

function serviceLabel(service: Workspace['services'][number]): { id: string; label: string } {
  if (typeof service === 'string') return { id: service, label: service };
  return { id: service.serviceId, label: service.label ?? service.serviceName };
}

/**
 * The breadcrumbs of the top navigation bar (spec section 2): the organisation first, with a
 * dropdown of its services to switch between, then the crumbs of the route metadata.
 */
export function WorkspaceBreadcrumbs({
  workspace,
  crumbs,
}: {
  workspace: Workspace;
  crumbs: Crumb[];
}) {
  const services = workspace.services.map(serviceLabel);
  return (
    <nav aria-label="Breadcrumb" style={{ minWidth: 0, overflow: 'hidden' }}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Group gap={2} wrap="nowrap">
          <Anchor component={Link} to={`/workspace/${workspace.workspace_id}`} size="sm" truncate>
            {organisationLabel(workspace)}
          </Anchor>
          <Menu position="bottom-start" width={220} withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray.7" size="sm" aria-label="Switch service">
                <span aria-hidden="true">▾</span>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Services</Menu.Label>
              {services.length === 0 ? (
                // A disabled item, not bare text: a menu must hold menu items (axe).
                <Menu.Item disabled>No services yet</Menu.Item>
              ) : (
                services.map((service) => (
                  <Menu.Item key={service.id} component={Link} to={`/service/${service.id}`}>
                    {service.label}
                  </Menu.Item>
                ))
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
        {/* The page's crumbs only from the sm breakpoint: on a phone they would be clipped to a
            sliver; the page's own heading names it there. */}
        {crumbs.length > 0 && (
          <Group gap={6} wrap="nowrap" visibleFrom="sm" style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" aria-hidden="true">
              /
            </Text>
            <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'nowrap', minWidth: 0 }}>
              {crumbs.map((crumb, index) =>
                crumb.to === undefined || index === crumbs.length - 1 ? (
                  <Text key={`${crumb.label}-${index}`} size="sm" aria-current="page" truncate>
                    {crumb.label}
                  </Text>
                ) : (
                  <Anchor
                    key={`${crumb.label}-${index}`}
                    component={Link}
                    to={crumb.to}
                    size="sm"
                    truncate
                  >
                    {crumb.label}
                  </Anchor>
                ),
              )}
            </Breadcrumbs>
          </Group>
        )}
      </Group>
    </nav>
  );
}
