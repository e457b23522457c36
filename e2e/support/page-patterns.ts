/**
 * The pages of Herald Cloud as the e2e suite counts them for its accessibility coverage (issue 25: "the e2e suite
 * runs axe in the light and dark schemes at 1440 and 360 px on every page it visits"; docs/decisions/045): each
 * route pattern of the dashboard (apps/web/src/app/router.tsx) and each page the server writes itself. A URL a
 * journey reaches is counted as its pattern, so a service's Settings is one page whatever the service.
 */

export type PageKind =
  /** A page a person reads: the coverage check wants it read by axe. */
  | 'page'
  /** A route that only sends the browser on (`<Navigate replace>`, /track/events): nobody reads it. */
  | 'redirect';

export interface PagePattern {
  /** The pattern as the router writes it, prefixed with the host for pages off the dashboard's host. */
  pattern: string;
  kind: PageKind;
}

/** The dashboard's routes, in the router's order (first match wins, as React Router ranks these). */
const APP_PATTERNS: PagePattern[] = [
  // The blank layout: signing in, onboarding, the marketplace's landing pages.
  { pattern: '/', kind: 'page' },
  { pattern: '/signup', kind: 'page' },
  { pattern: '/reset-password', kind: 'page' },
  { pattern: '/login/callback', kind: 'page' },
  { pattern: '/login/email-verified', kind: 'page' },
  { pattern: '/onboarding/verify-email', kind: 'page' },
  { pattern: '/onboarding/details', kind: 'page' },
  { pattern: '/onboarding/consider-invite', kind: 'page' },
  // Posts the event and moves on: a spoken "Redirecting…" only.
  { pattern: '/track/events', kind: 'redirect' },
  { pattern: '/aws/signup', kind: 'page' },
  { pattern: '/aws/expired', kind: 'page' },
  // The default layout: workspaces, profile, checkout callbacks.
  // Sends a person on to their remembered or first organisation; every account has one from its sign-up, so its
  // no-organisation state is no page a journey can reach.
  { pattern: '/workspace', kind: 'redirect' },
  { pattern: '/workspace/:workspaceId', kind: 'page' },
  { pattern: '/workspace/:workspaceId/members', kind: 'page' },
  { pattern: '/workspace/:workspaceId/evaluation/*', kind: 'page' },
  { pattern: '/workspace/:workspaceId/billing', kind: 'page' },
  { pattern: '/profile', kind: 'page' },
  { pattern: '/checkout/success', kind: 'page' },
  { pattern: '/checkout/failure', kind: 'page' },
  // The service layout.
  { pattern: '/service', kind: 'redirect' },
  { pattern: '/service/:serviceId', kind: 'page' },
  { pattern: '/service/:serviceId/settings', kind: 'page' },
  { pattern: '/service/:serviceId/api-token', kind: 'page' },
  { pattern: '/service/:serviceId/sdk-api/:language?', kind: 'page' },
  { pattern: '/service/:serviceId/topics/*', kind: 'page' },
  { pattern: '/service/:serviceId/roles', kind: 'redirect' },
  { pattern: '/service/:serviceId/roles/roles/:roleName?', kind: 'page' },
  { pattern: '/service/:serviceId/roles/default-roles', kind: 'page' },
  { pattern: '/service/:serviceId/roles/isolated-paths', kind: 'page' },
  { pattern: '/service/:serviceId/roles/explain', kind: 'page' },
  { pattern: '/service/:serviceId/authentication', kind: 'redirect' },
  { pattern: '/service/:serviceId/authentication/principals/:principalName?', kind: 'page' },
  { pattern: '/service/:serviceId/authentication/anonymous-sessions', kind: 'page' },
  { pattern: '/service/:serviceId/authentication/trusted-properties', kind: 'page' },
  { pattern: '/service/:serviceId/logs', kind: 'redirect' },
  { pattern: '/service/:serviceId/logs/service', kind: 'page' },
  { pattern: '/service/:serviceId/logs/events', kind: 'page' },
  { pattern: '/service/:serviceId/logs/rest', kind: 'page' },
  { pattern: '/service/:serviceId/logs/kafka/:kafkaAdapterId?', kind: 'page' },
  { pattern: '/service/:serviceId/metrics', kind: 'page' },
  { pattern: '/service/:serviceId/kafka/:kafkaAdapterId?', kind: 'page' },
  { pattern: '/service/:serviceId/rest/:apiId?', kind: 'page' },
  { pattern: '/service/:serviceId/metrics/configure/*', kind: 'page' },
  { pattern: '/service/:serviceId/remote-servers/*', kind: 'page' },
  { pattern: '/service/:serviceId/topic-views/*', kind: 'page' },
  // An unknown page of a service: the 404 in the service's frame.
  { pattern: '/service/:serviceId/*', kind: 'page' },
];

/** Pages the server writes itself on the dashboard's host (besides the dashboard's HTML). */
const SERVER_PATTERNS: PagePattern[] = [
  // The built-in checkout's card page (apps/server/src/adapters/payments/builtin).
  { pattern: '/pay/:session', kind: 'page' },
  // Swagger UI over the route table.
  { pattern: '/v3/docs', kind: 'page' },
  // The outbox viewer (without SMTP_URL).
  { pattern: '/_dev/mail', kind: 'page' },
];

/** A service's own host ({service}.{region}.localhost): the console and its sign-in dead ends. */
const SERVICE_HOST_PATTERNS: PagePattern[] = [
  { pattern: 'service host /', kind: 'page' },
  { pattern: 'service host /_console/sso', kind: 'page' },
];

/** The dashboard's 404, for any other path on its host. */
const NOT_FOUND: PagePattern = { pattern: '*', kind: 'page' };

/** Every page, in the order matched. */
export const PAGE_PATTERNS: readonly PagePattern[] = [
  ...SERVER_PATTERNS,
  ...APP_PATTERNS,
  ...SERVICE_HOST_PATTERNS,
  NOT_FOUND,
];

/** A router path as a regular expression over the pathname: `:name` one segment, `:name?` optional, `*` the rest. */
function pathPattern(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':') && segment.endsWith('?')) return '(?:/[^/]+)?';
      if (segment.startsWith(':')) return '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  // A trailing slash names the same page (`/service/x/topics/` is the topics root).
  return new RegExp(`^${source}/?$`);
}

const APP_MATCHERS = [...SERVER_PATTERNS, ...APP_PATTERNS].map((page) => ({
  page,
  regex: pathPattern(page.pattern),
}));

/**
 * The page a URL shows, or null when it is no page of ours: another origin, `about:blank`, an API answer opened in
 * the tab (`/v3/...` other than the reference). `dashboardHost` is the dashboard's host name (`localhost`); any
 * subdomain of it is a service's host.
 */
export function pageOf(url: string, dashboardHost: string): PagePattern | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const { hostname, pathname } = parsed;
  if (hostname.endsWith(`.${dashboardHost}`)) {
    return (
      SERVICE_HOST_PATTERNS.find((page) => page.pattern === `service host ${pathname}`) ?? null
    );
  }
  if (hostname !== dashboardHost) return null;
  const match = APP_MATCHERS.find(({ regex }) => regex.test(pathname));
  if (match) return match.page;
  if (pathname === '/v3' || pathname.startsWith('/v3/')) return null;
  return NOT_FOUND;
}
