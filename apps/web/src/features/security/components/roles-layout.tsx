import { Stack, Title } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { Outlet } from 'react-router';
import { ServiceNotRunning } from '../../../components/service-not-running';
import { SectionLinks } from '../../../components/section-links';

/** The pages under Security → Roles (spec section 2; `explain` is ours, docs/decisions/021). */
const ROLES_PAGES = [
  { segment: 'roles', label: 'Roles' },
  { segment: 'default-roles', label: 'Default roles' },
  { segment: 'isolated-paths', label: 'Isolated paths' },
  { segment: 'explain', label: 'Explain access' },
] as const;

export interface RolesLayoutProps {
  serviceId: string;
  status: ServiceStatus;
  /** The service layout's context, handed on to the pages. */
  outletContext: unknown;
}

/**
 * Security → Roles: the heading and the pages as links, then the page. The roles live in the service's runtime, so a
 * service that is not running has none to show, and the page says why (for Explain access too).
 */
export function RolesLayout({ serviceId, status, outletContext }: RolesLayoutProps) {
  return (
    <Stack gap="md">
      <Title order={1}>Roles</Title>
      <SectionLinks label="Roles pages" serviceId={serviceId} section="roles" pages={ROLES_PAGES} />
      {status === 'RUNNING' ? (
        <Outlet context={outletContext} />
      ) : (
        <ServiceNotRunning title="Roles are shown while the service is running" status={status} />
      )}
    </Stack>
  );
}
