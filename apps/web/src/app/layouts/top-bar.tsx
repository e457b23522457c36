import { Group } from '@mantine/core';
import type { User } from '@herald/contract/users/user.schema';
import { useLayoutEffect, useRef } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { readableTextColour } from '../../features/service/utils/readable-text-colour';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';
import { WorkspaceBrand } from '../../features/workspaces/components/workspace-brand';
import {
  WorkspaceBreadcrumbs,
  type Crumb,
} from '../../features/workspaces/components/workspace-breadcrumbs';
import type { RouteHandle } from '../route-handle';

/** The crumbs of the route metadata, and whether a route turned them off (spec section 2). */
export function useRouteCrumbs(): { crumbs: Crumb[]; hidden: boolean } {
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const hidden = matches.some((match) => match.handle?.hideBreadcrumbs === true);
  const crumbs = matches.flatMap((match): Crumb[] => {
    const crumb = match.handle?.crumb;
    if (crumb === undefined) return [];
    const label =
      typeof crumb === 'function' ? crumb(match as UIMatch<unknown, RouteHandle>) : crumb;
    return [{ label, to: match.pathname }];
  });
  return { crumbs, hidden };
}

/**
 * Spec section 2: "The bar's background colour follows the service's hint colour when one is
 * set". The colour goes on the enclosing header landmark (the whole bar, burger included), with
 * black or white text by luminance; the Mantine text, dimmed and link colours follow, since
 * descendants read them from these variables.
 */
function useHintColour(hintColor: string | null | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const header = ref.current?.closest('header');
    if (!header || !hintColor) return;
    const text = readableTextColour(hintColor);
    const properties: [string, string][] = [
      ['background-color', hintColor],
      ['color', text],
      ['--mantine-color-text', text],
      ['--mantine-color-dimmed', text],
      ['--mantine-color-anchor', text],
    ];
    for (const [name, value] of properties) header.style.setProperty(name, value);
    header.dataset.hintColour = hintColor;
    return () => {
      for (const [name] of properties) header.style.removeProperty(name);
      delete header.dataset.hintColour;
    };
  }, [hintColor]);
  return ref;
}

/**
 * The top navigation bar (spec section 2): the brand (linking to the current or default
 * workspace), the breadcrumbs (organisation with its services, inside a service its name, then the route's crumbs) and the
 * avatar with the account menu. The notification centre joins it with its issue. Inside a
 * service the bar takes the service's hint colour.
 */
export function TopBar({
  user,
  hintColor,
  leadingCrumb,
}: {
  user: User;
  /** The service's console hint colour (service layout); none keeps the default colours. */
  hintColor?: string | null;
  /** A crumb between the organisation and the route's crumbs (the service layout's service). */
  leadingCrumb?: Crumb;
}) {
  const { workspace } = useCurrentWorkspace();
  const route = useRouteCrumbs();
  const crumbs = leadingCrumb ? [leadingCrumb, ...route.crumbs] : route.crumbs;
  const ref = useHintColour(hintColor);
  return (
    <Group ref={ref} justify="space-between" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      {/* Shrinks and clips before the avatar: on a phone the crumbs must not run under it. */}
      {/* Padded by the focus ring's room (4px), so the brand's and crumbs' rings are not clipped (issue 25). */}
      <Group
        gap="lg"
        wrap="nowrap"
        style={{ minWidth: 0, flex: '1 1 auto', overflow: 'hidden', padding: 4, margin: -4 }}
      >
        <WorkspaceBrand workspace={workspace} />
        {!route.hidden && workspace !== null && (
          <WorkspaceBreadcrumbs workspace={workspace} crumbs={crumbs} />
        )}
      </Group>
      <AccountMenu user={user} />
    </Group>
  );
}
