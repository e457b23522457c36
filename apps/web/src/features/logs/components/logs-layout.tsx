import { Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { SectionLinks } from '../../../components/section-links';

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
  return (
    <Stack gap="md">
      <Title order={1}>Logs</Title>
      <SectionLinks label="Log kinds" serviceId={serviceId} section="logs" pages={LOG_PAGES} />
      <Outlet context={outletContext} />
    </Stack>
  );
}
