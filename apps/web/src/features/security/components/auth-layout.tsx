import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { Link, Outlet, useLocation } from 'react-router';
import { ACTIVE_NAV_LABEL } from '../../../components/nav-colors';
import { ServiceNotRunning } from './explain-service-not-running';

/** The pages under Security → Auth (spec section 2). */
const AUTH_PAGES = [
  { segment: 'principals', label: 'Principals' },
  { segment: 'anonymous-sessions', label: 'Anonymous sessions' },
  { segment: 'trusted-properties', label: 'Trusted properties' },
] as const;

export interface AuthLayoutProps {
  serviceId: string;
  serviceLabel: string;
  status: ServiceStatus;
  /** The service layout's context, handed on to the pages. */
  outletContext: unknown;
}

/**
 * Security → Auth: the heading and the pages as links (bookmarkable; the same bar as Roles), then the page. The
 * runtime keeps the authentication store, so a service that is not running shows why instead.
 */
export function AuthLayout({ serviceId, serviceLabel, status, outletContext }: AuthLayoutProps) {
  const { pathname } = useLocation();
  const segment = pathname.split('/authentication/')[1]?.split('/')[0];
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Auth</Title>
        <Text c="dimmed" size="sm">
          Who may connect to {serviceLabel} over MQTT, and as what.
        </Text>
      </Stack>
      {/* Three links wrap on a phone rather than scroll, so the current page is always in view. */}
      <Group component="nav" aria-label="Auth pages" gap={4}>
        {AUTH_PAGES.map((page) => {
          const isCurrent = page.segment === segment;
          return (
            <Button
              key={page.segment}
              component={Link}
              to={`/service/${encodeURIComponent(serviceId)}/authentication/${page.segment}`}
              variant={isCurrent ? 'light' : 'subtle'}
              // Mantine's grey subtle label measured 3.3:1 with axe (roles-layout.tsx); the text colour reads well.
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
      {status === 'RUNNING' ? (
        <Outlet context={outletContext} />
      ) : (
        <ServiceNotRunning title="Auth is shown while the service is running" status={status} />
      )}
    </Stack>
  );
}
