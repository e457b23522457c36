/**
 * The API answers a page's HTML carries (docs/decisions/029): the calls the dashboard makes at once when it opens
 * on a path, asked by the server with the request's own session while it sends the page, so the app renders its
 * first page without a round trip. The server makes exactly these calls through its own routes (same access checks,
 * same answers); the web app puts each answer where the call's query would have put it.
 *
 * Plain strings and no schemas on purpose: the web app reads this before any schema is loaded. routes.test.ts checks
 * that each path is the route table's.
 */

/** The calls a page may start with: route ids of the contract's route table (routes.ts). */
export type PageCallId =
  | 'getUser'
  | 'listConnections'
  | 'listWorkspaces'
  | 'listWorkspaceServices'
  | 'listWorkspaceServiceStatuses'
  | 'getMetadata'
  | 'evaluateFlags';

export interface PageCall {
  id: PageCallId;
  /** GET unless said: the flags' evaluation is OFREP's bulk POST. */
  method?: 'POST';
  /** The request path with its query, as the web app's query asks it. */
  url: string;
  /** The path parameters the web app keys the answer by. */
  params: Record<string, string>;
}

/** One answer as the API gave it: the status and the JSON body (only success bodies are sent). */
export interface PageAnswer extends PageCall {
  status: number;
  body?: unknown;
}

/** The embedded document (`<script type="application/json" id="page-answers">`). */
export interface PageAnswers {
  answers: PageAnswer[];
}

/** Id of the element holding the answers in the page's HTML. */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/**
 * The user's access token for messaging sessions is a credential: it never goes into HTML (the messaging session
 * asks for it when it opens one). Every other field of GET /v3/user is sent as the API sends it.
 */
export const USER_FIELDS_NOT_EMBEDDED = ['accessToken'] as const;

const WORKSPACE_PAGE = /^\/workspace\/([^/]+)\/?$/;
/** A workspace id as the API mints them; anything else is not asked (the page then asks and shows the 404). */
const WORKSPACE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The workspace whose services list `pathname` is (`/workspace/{id}`), or null for any other page. */
export function servicesListWorkspaceId(pathname: string): string | null {
  const workspaceId = WORKSPACE_PAGE.exec(pathname)?.[1];
  return workspaceId !== undefined && WORKSPACE_ID.test(workspaceId) ? workspaceId : null;
}

/**
 * The live status stream of a workspace's services (route streamWorkspaceServiceStatuses): the painted services
 * list watches it before the app has started (docs/decisions/032).
 */
export function statusStreamUrl(workspaceId: string): string {
  return `/v3/workspace/${workspaceId}/services/events`;
}

/** A service's live metrics (route getLiveMetrics): the painted services list's session counts (decision 032). */
export function liveMetricsUrl(serviceId: string): string {
  return `/v3/service/${encodeURIComponent(serviceId)}/metrics/live`;
}

/** Who is signed in: every page asks it first (the onboarding gate waits for it). */
export const USER_CALL: PageCall = { id: 'getUser', url: '/v3/user', params: {} };

/**
 * The signed-in user's feature flags, as the app's OpenFeature client evaluates them (OFREP bulk evaluation,
 * apps/server/src/modules/flags): a painted page shows what the app shows, flags included (issue 25, item 14), and
 * the app reads them until its own client has evaluated, so nothing flag-gated appears or moves when it starts.
 */
export const FLAGS_CALL: PageCall = {
  id: 'evaluateFlags',
  method: 'POST',
  url: '/ofrep/v1/evaluate/flags',
  params: {},
};

/** The flags' values in the OFREP bulk answer `{ flags: [{ key, value } | { key, errorCode }] }`; failures left out. */
export function flagValuesOf(body: unknown): Record<string, boolean> {
  const flags = (body as { flags?: unknown } | null)?.flags;
  if (!Array.isArray(flags)) return {};
  const values: Record<string, boolean> = {};
  for (const flag of flags as { key?: unknown; value?: unknown }[]) {
    if (typeof flag?.key === 'string' && typeof flag.value === 'boolean')
      values[flag.key] = flag.value;
  }
  return values;
}

/** The public calls of a page, asked whatever the session (the login page's other ways to log in). */
export function publicPageCalls(pathname: string): PageCall[] {
  return pathname === '/'
    ? [{ id: 'listConnections', url: '/v3/auth/connections', params: {} }]
    : [];
}

/**
 * The calls of a signed-in user's page, asked only once GET /v3/user has answered 200 (a visitor's page must not
 * ask what would answer 401). Every page: the user's feature flags. The services list: the workspaces (frame, side navigation), that workspace's services,
 * their statuses and the catalogue (plan names), as its route loader and page ask them.
 */
export function signedInPageCalls(pathname: string): PageCall[] {
  // Every signed-in page's navigation and pages read flags (side navigations, notification centre, tours).
  const calls: PageCall[] = [FLAGS_CALL];
  if (/^\/(workspace|profile)(\/|$)/.test(pathname)) {
    calls.push({
      id: 'listWorkspaces',
      url: '/v3/workspaces?expandServices=true',
      params: {},
    });
  }
  const workspaceId = servicesListWorkspaceId(pathname);
  if (workspaceId !== null) {
    const params = { workspaceId };
    calls.push(
      { id: 'listWorkspaceServices', url: `/v3/workspace/${workspaceId}/services`, params },
      {
        id: 'listWorkspaceServiceStatuses',
        url: `/v3/workspace/${workspaceId}/services/status`,
        params,
      },
      { id: 'getMetadata', url: '/v3/metadata', params: {} },
    );
  }
  return calls;
}

/** `<` is escaped so the JSON can never close its script element (or open a comment) inside the HTML. */
export function serializePageAnswers(answers: PageAnswers): string {
  return JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
