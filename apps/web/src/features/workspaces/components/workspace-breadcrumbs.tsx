import { ActionIcon, Anchor, Group, Menu, Text } from '@mantine/core';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { Fragment } from 'react';
import { Link } from 'react-router';
import classes from './workspace-breadcrumbs.module.css';

export interface Crumb {
  label: string;
  /** The crumb's link; the last crumb (the current page) has none. */
  to?: string;
  /** Shown on a phone too (the service a page belongs to); the route's crumbs are shown from the sm breakpoint. */
  isShownOnPhone?: boolean;
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
 * dropdown of its services to switch between, then the crumbs of the route metadata. On a phone the organisation and
 * the service stay (each ending in an ellipsis when it does not fit), the route's crumbs go.
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
    <nav aria-label="Breadcrumb" className={classes.trail}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Group gap={2} wrap="nowrap" className={classes.crumb}>
          <Anchor
            component={Link}
            to={`/workspace/${workspace.workspace_id}`}
            size="sm"
            truncate
            className={classes.crumb}
            title={organisationLabel(workspace)}
          >
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
        {crumbs.map((crumb, index) => {
          const isCurrent = crumb.to === undefined || index === crumbs.length - 1;
          const wideOnly = crumb.isShownOnPhone ? undefined : classes.wideOnly;
          return (
            <Fragment key={`${crumb.label}-${index}`}>
              <Text size="sm" c="dimmed" aria-hidden="true" className={wideOnly}>
                /
              </Text>
              {isCurrent ? (
                <Text
                  size="sm"
                  aria-current="page"
                  truncate
                  title={crumb.label}
                  className={[classes.crumb, wideOnly].filter(Boolean).join(' ')}
                >
                  {crumb.label}
                </Text>
              ) : (
                <Anchor
                  component={Link}
                  to={crumb.to!}
                  size="sm"
                  truncate
                  title={crumb.label}
                  className={[classes.crumb, wideOnly].filter(Boolean).join(' ')}
                >
                  {crumb.label}
                </Anchor>
              )}
            </Fragment>
          );
        })}
      </Group>
    </nav>
  );
}
