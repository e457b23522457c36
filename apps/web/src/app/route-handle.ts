import type { UIMatch } from 'react-router';

/**
 * Route `handle` metadata (spec section 2: "Breadcrumbs come from route metadata and can be
 * turned off"). The top navigation bar reads it with `useMatches()`.
 */
export interface RouteHandle {
  /** The crumb of this route: fixed text, or text computed from the match (e.g. a name param). */
  crumb?: string | ((match: UIMatch<unknown, RouteHandle>) => string);
  /** Hides the breadcrumb trail while this route (or a child) is shown. */
  hideBreadcrumbs?: boolean;
}
