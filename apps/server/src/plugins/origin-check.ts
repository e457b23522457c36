import { ERROR_CODES } from '@herald/contract/api/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError } from '../lib/http-error';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The OAuth 2.0 token endpoint authenticates the client by its own credentials in the body (RFC 6749 section
 * 4.4.2) and reads no cookie, so a request from another site gains nothing there.
 */
const CREDENTIALS_IN_BODY_PATHS = new Set(['/v3/service-api/token']);

/** Sec-Fetch-Site values of requests a page of this origin did not start (Fetch Metadata). */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

export function foreignOriginMessage(origin: string): string {
  return `Refused: this request was sent by a page of another site (${origin.slice(0, 200)}). Changes are accepted only from the dashboard's own pages, or from scripts that authenticate with an Authorization header.`;
}

function pathnameOf(url: string): string {
  return url.split('?', 1)[0] ?? '';
}

function isV3Path(url: string): boolean {
  const pathname = pathnameOf(url);
  return pathname === '/v3' || pathname.startsWith('/v3/');
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser says the request comes from a page of another origin. `Origin` when present: it must be
 * PUBLIC_URL's origin or the origin the browser addressed (its host equal to the Host header: an address such as
 * 127.0.0.1 beside localhost, or the web dev server's proxy). Without `Origin`, the Fetch Metadata header
 * `Sec-Fetch-Site`. Neither (curl, SDKs, server-to-server): not a browser, nothing ambient to abuse.
 */
export function foreignOriginOf(
  request: Pick<FastifyRequest, 'headers'>,
  allowedOrigin: string,
): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === allowedOrigin) return undefined;
    const host = hostOf(origin);
    const requestHost = request.headers.host;
    // `Origin: null` (sandboxed frames, data: URLs, some cross-site redirects) has no host and is refused.
    return host !== undefined && requestHost !== undefined && host === requestHost.toLowerCase()
      ? undefined
      : origin;
  }
  const fetchSite = request.headers['sec-fetch-site'];
  return typeof fetchSite === 'string' && FOREIGN_FETCH_SITES.has(fetchSite.toLowerCase())
    ? `Sec-Fetch-Site: ${fetchSite}`
    : undefined;
}

/** A caller that authenticates explicitly and sends no cookie: a page of another site cannot add that header. */
function isExplicitlyAuthenticated(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined && request.headers.cookie === undefined;
}

/**
 * Cross-site request forgery, refused by where the request comes from (docs/decisions/007 and 011): a
 * state-changing /v3 request that a browser sent from a page of another site is answered 403 before anything runs,
 * whether or not it has a body. SameSite=Strict on the session cookie and the JSON-only rule (plugins/auth.ts) stay
 * as further layers. Safe methods (GET, HEAD, OPTIONS: the OAuth callbacks, the WebSocket upgrade, the service
 * host's page) are not checked.
 */
async function originCheck(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const allowedOrigin = new URL(options.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method) || !isV3Path(request.url)) return;
    if (CREDENTIALS_IN_BODY_PATHS.has(pathnameOf(request.url))) return;
    if (isExplicitlyAuthenticated(request)) return;
    const foreign = foreignOriginOf(request, allowedOrigin);
    if (foreign !== undefined) {
      throw new HttpError(403, ERROR_CODES.forbidden, foreignOriginMessage(foreign));
    }
  });
}

export const originCheckPlugin = fp(originCheck, { name: 'herald-origin-check' });
