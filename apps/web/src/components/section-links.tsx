import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ACTIVE_NAV_LABEL } from './nav-colors';

export interface SectionPage {
  /** The page's path segment under the section (`principals`, `default-roles`). */
  segment: string;
  label: string;
}

export interface SectionLinksProps {
  /** The nav's accessible name ("Roles pages"). */
  label: string;
  serviceId: string;
  /** The section's path segment under the service (`roles`, `authentication`, `logs`). */
  section: string;
  pages: readonly SectionPage[];
}

/**
 * The pages of a section (Security → Roles, Admin → Logs) as links (bookmarkable, unlike tabs with panels), the
 * current one marked. They wrap to a second line on a phone rather than scroll sideways, so every page stays in view.
 */
export function SectionLinks({ label, serviceId, section, pages }: SectionLinksProps) {
  const { pathname } = useLocation();
  const current = pathname.split(`/${section}/`)[1]?.split('/')[0];
  return (
    <Group component="nav" aria-label={label} gap={4}>
      {pages.map((page) => {
        const isCurrent = page.segment === current;
        return (
          <Button
            key={page.segment}
            component={Link}
            to={`/service/${encodeURIComponent(serviceId)}/${section}/${page.segment}`}
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
  );
}
