import { ACTIVE_NAV_LABEL } from '../../../components/nav-colors';
import { NavLink, Stack, Text, Tooltip } from '@mantine/core';
import type { Role } from '@herald/contract/members/permissions';
import {
  serviceConsoleUrl,
  serviceNavigation,
  type ServiceNavItem,
} from '@herald/contract/services/service-navigation';
import type { Service } from '@herald/contract/services/service.schema';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useFlag } from '../../../lib/flags/flags';
import { ConsoleNavEntry } from './console-nav-entry';
import { UpgradeBlock } from './upgrade-block';

export interface ServiceNavProps {
  service: Service;
  /** The live status (polled), which decides the enabled entries. */
  status: string;
  roles: Role[];
}

/**
 * The service side navigation (spec section 2), drawn from the contract's model: entries a
 * version or flag excludes are hidden, and entries disabled until the service is RUNNING are
 * shown without a link. The plan upgrade block sits at the bottom.
 */
export function ServiceNav({ service, status, roles }: ServiceNavProps) {
  const flags = {
    'dashboard.kafka': useFlag('dashboard.kafka'),
    'dashboard.token-page': useFlag('dashboard.token-page'),
    'dashboard.console': useFlag('dashboard.console'),
    'remote.server': useFlag('remote.server'),
    'debug.logs': useFlag('debug.logs'),
    'billing.graphs': useFlag('billing.graphs'),
  };
  const model = serviceNavigation({
    status,
    heraldVersion: service.heraldVersion,
    flags,
    roles,
    upgradeAvailable: service.upgradeAvailable,
  });
  const base = `/service/${service.serviceId}`;
  return (
    // Fills the navigation, so the upgrade block sits at the bottom, and never shrinks below its entries: when they
    // need more room the navigation scrolls to the last of them (components/app-frame.module.css).
    <Stack gap="lg" style={{ flex: '1 0 auto' }}>
      <Stack gap="lg" style={{ flex: 1 }}>
        {model.groups.map((group) => {
          const items = group.items.filter((item) => item.visible);
          if (items.length === 0) return null;
          return (
            <Stack key={group.label} gap={4}>
              <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" m={0}>
                {group.label}
              </Text>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {items.map((item) => (
                  <li key={item.id}>
                    <ServiceNavEntry item={item} base={base} service={service} roles={roles} />
                  </li>
                ))}
              </ul>
            </Stack>
          );
        })}
      </Stack>
      {model.showUpgradePrompt && <UpgradeBlock service={service} />}
    </Stack>
  );
}

/**
 * An entry that waits for RUNNING: it stays in the tab order (focusable, aria-disabled) so a keyboard user reaches
 * it, and says why in a tooltip on hover and focus and as its accessible description.
 */
function DisabledNavEntry({ label, reason }: { label: string; reason: string }) {
  const reasonId = useId();
  return (
    <Tooltip
      label={reason}
      position="right"
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <NavLink
        component="div"
        label={label}
        tabIndex={0}
        role="link"
        aria-disabled="true"
        aria-describedby={reasonId}
        variant="light"
        c="dimmed"
        style={{ cursor: 'not-allowed' }}
        rightSection={
          <span id={reasonId} hidden>
            {reason}
          </span>
        }
      />
    </Tooltip>
  );
}

function ServiceNavEntry({
  item,
  base,
  service,
  roles,
}: {
  item: ServiceNavItem;
  base: string;
  service: Service;
  roles: Role[];
}) {
  const { pathname } = useLocation();
  const consoleUrl = item.isExternal ? serviceConsoleUrl(service.endpoints.websocketUrl) : null;
  if (!item.enabled || (item.isExternal && consoleUrl === null)) {
    return (
      <DisabledNavEntry
        label={item.label}
        reason={item.disabledReason ?? 'The console address of this service is not known.'}
      />
    );
  }
  if (item.isExternal && consoleUrl !== null) {
    return (
      <ConsoleNavEntry service={service} roles={roles} consoleUrl={consoleUrl} label={item.label} />
    );
  }
  const to = `${base}${item.path}`.replace(/\/$/, '');
  const isActive =
    item.path === ''
      ? pathname === base || pathname === `${base}/`
      : pathname === to || pathname.startsWith(`${to}/`);
  return (
    <NavLink
      component={Link}
      to={to}
      label={item.label}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      variant="light"
      // The darkest shade keeps the active label above 4.5:1, also under the hover background.
      color="indigo"
      styles={{ label: { color: ACTIVE_NAV_LABEL } }}
    />
  );
}
