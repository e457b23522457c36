import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { ACTIVE_NAV_LABEL } from '../../../components/nav-colors';

/** The four kinds of log (spec section 2), by path segment under `logs/`. */
const LOG_PAGES = [
  { segment: 'service', label: 'Service' },
  { segment: 'events', label: 'Events' },
  { segment: 'rest', label: 'REST adapter' },
  { segment: 'kafka', label: 'Kafka adapters' },
] as const;

export interface LogsLayoutProps {
  serviceId: string;
  /** The service layout's context, handed on to the pages. */
  outletContext: unknown;
}

/**
 * Admin → Logs: the heading and the four kinds as links (bookmarkable), then the log. Logs come from the control
 * plane's store, so they are shown whatever the service's status (a failed service is when they are needed).
 */
export function LogsLayout({ serviceId, outletContext }: LogsLayoutProps) {
  const { pathname } = useLocation();
  const current = pathname.split('/logs/')[1]?.split('/')[0];
  return (
    <Stack gap="md">
      <Title order={1}>Logs</Title>
      <Group component="nav" aria-label="Log kinds" gap={4}>
        {LOG_PAGES.map((page) => {
          const isCurrent = page.segment === current;
          return (
            <Button
              key={page.segment}
              component={Link}
              to={`/service/${encodeURIComponent(serviceId)}/logs/${page.segment}`}
              variant={isCurrent ? 'light' : 'subtle'}
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
      <Outlet context={outletContext} />
    </Stack>
  );
}
