import { Stack, Text, Title } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { Outlet } from 'react-router';
import { ServiceNotRunning } from '../../../components/service-not-running';
import { SectionLinks } from '../../../components/section-links';

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
 * Security → Auth: the heading and the pages as links (the same bar as Roles), then the page. The runtime keeps the
 * authentication store, so a service that is not running shows why instead.
 */
export function AuthLayout({ serviceId, serviceLabel, status, outletContext }: AuthLayoutProps) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Auth</Title>
        <Text c="dimmed" size="sm">
          Who may connect to {serviceLabel} over MQTT, and as what.
        </Text>
      </Stack>
      <SectionLinks
        label="Auth pages"
        serviceId={serviceId}
        section="authentication"
        pages={AUTH_PAGES}
      />
      {status === 'RUNNING' ? (
        <Outlet context={outletContext} />
      ) : (
        <ServiceNotRunning title="Auth is shown while the service is running" status={status} />
      )}
    </Stack>
  );
}
