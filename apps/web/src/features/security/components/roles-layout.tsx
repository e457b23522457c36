import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { serviceStatusWords } from '@herald/contract/services/service-status-words';
import { Link, Outlet, useLocation } from 'react-router';
import { ACTIVE_NAV_LABEL } from '../../../components/nav-colors';
import { ServiceStatusBadge } from '../../../components/service-status-badge';

/** The pages under Security → Roles (spec section 2; `explain` is ours, docs/decisions/021). */
const ROLES_PAGES = [
  { segment: 'roles', label: 'Roles' },
  { segment: 'default-roles', label: 'Default roles' },
  { segment: 'isolated-paths', label: 'Isolated paths' },
  { segment: 'explain', label: 'Explain access' },
] as const;

/**
 * Security → Roles: the heading and the pages as links (bookmarkable, unlike tabs with panels), then the page. The
 * roles live in the service's runtime, so a service that is not running has none to show, and the page says why.
 */
export interface RolesLayoutProps {
  serviceId: string;
  status: ServiceStatus;
  /** The service layout's context, handed on to the pages. */
  outletContext: unknown;
}

export function RolesLayout({ serviceId, status, outletContext }: RolesLayoutProps) {
  const { pathname } = useLocation();
  const segment = pathname.split('/roles/')[1]?.split('/')[0];
  const isRunning = status === 'RUNNING';
  return (
    <Stack gap="md">
      <Title order={1}>Roles</Title>
      {/* Four links wrap to a second line on a phone rather than hide behind a sideways scroll. */}
      <Group component="nav" aria-label="Roles pages" gap={4}>
        {ROLES_PAGES.map((page) => {
          const isCurrent = page.segment === segment;
          return (
            <Button
              key={page.segment}
              component={Link}
              to={`/service/${encodeURIComponent(serviceId)}/roles/${page.segment}`}
              variant={isCurrent ? 'light' : 'subtle'}
              // Mantine's grey subtle label measured 3.3:1 with axe; the page's text colour reads well.
              c={isCurrent ? ACTIVE_NAV_LABEL : 'var(--mantine-color-text)'}
              size="sm"
              aria-current={isCurrent ? 'page' : undefined}
              style={{ flexShrink: 0 }}
            >
              {page.label}
            </Button>
          );
        })}
      </Group>
      {isRunning ? <Outlet context={outletContext} /> : <NotRunning status={status} />}
    </Stack>
  );
}

function NotRunning({ status }: { status: ServiceStatus }) {
  const words = serviceStatusWords(status);
  return (
    <Alert color="gray" variant="light" title="Roles are shown while the service is running">
      <Group gap="xs" mb={4}>
        <Text size="sm">The service is</Text>
        <ServiceStatusBadge status={status} hint="tooltip" />
      </Group>
      <Text size="sm">{words.detail}</Text>
    </Alert>
  );
}
