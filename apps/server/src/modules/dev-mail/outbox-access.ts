import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { sendNotFound } from '../../plugins/error-handler';
import {
  OUTBOX_COOKIE_TTL_SECONDS,
  OUTBOX_TOKEN_FILE,
  isSameSecret,
  isValidOutboxCookie,
  outboxCookieValue,
} from './outbox-token';

export const OUTBOX_COOKIE_NAME = 'herald_outbox';
/** Scripts (and tests) may present the token in this header instead of the cookie. */
export const OUTBOX_TOKEN_HEADER = 'x-outbox-token';
const OUTBOX_COOKIE_PATH = '/_dev';

/**
 * Whether a socket address is the machine itself: 127.0.0.0/8, ::1, or either mapped into IPv6. Only the socket's
 * address counts, never X-Forwarded-For: a header is whatever the caller writes.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return ipv4 === '::1' || /^127(\.\d{1,3}){3}$/.test(ipv4);
}

/** No cache or proxy may keep what the outbox shows, nor a search engine list it (set once the caller is let in). */
function keepPrivate(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer');
}

export interface OutboxAccess {
  token: string;
  clock: () => Date;
}

/**
 * The outbox's gate (docs/decisions/011): the caller must be on this machine (socket address on loopback) and hold
 * the operator token, as the `herald_outbox` cookie, the `X-Outbox-Token` header, or once as `?token=` on the page,
 * which is exchanged for the cookie and redirected away so the token leaves the address bar and history. A reverse
 * proxy on the same machine makes every caller look local, so the token is what really guards. Anyone else gets the
 * same 404 as a server without an outbox: its existence is not revealed.
 */
export function checkOutboxAccess(
  access: OutboxAccess,
  pagePath: string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  return async (request, reply) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) return sendNotFound(request, reply);

    const cookie = request.cookies[OUTBOX_COOKIE_NAME];
    if (cookie !== undefined && isValidOutboxCookie(cookie, access.token, access.clock())) {
      return void keepPrivate(reply);
    }
    const header = request.headers[OUTBOX_TOKEN_HEADER];
    if (typeof header === 'string' && isSameSecret(header, access.token)) {
      return void keepPrivate(reply);
    }

    const [pathname] = request.url.split('?', 1);
    const queryToken = (request.query as Record<string, unknown> | undefined)?.token;
    if (
      request.method === 'GET' &&
      pathname === pagePath &&
      typeof queryToken === 'string' &&
      isSameSecret(queryToken, access.token)
    ) {
      reply.setCookie(OUTBOX_COOKIE_NAME, outboxCookieValue(access.token, access.clock()), {
        httpOnly: true,
        sameSite: 'strict',
        path: OUTBOX_COOKIE_PATH,
        secure: request.protocol === 'https',
        maxAge: OUTBOX_COOKIE_TTL_SECONDS,
      });
      return keepPrivate(reply).code(303).header('location', pagePath).send();
    }
    return sendNotFound(request, reply);
  };
}

/**
 * What the server prints at start-up while the outbox is on. The ready-to-open link holds the token, so it goes
 * only to an interactive terminal (the operator's eyes), never into the structured log, which is often shipped
 * elsewhere; without a terminal the line says where the token is kept.
 */
export function outboxStartupNotice(
  config: Pick<Config, 'port' | 'dataDir'>,
  pagePath: string,
  token: string,
  isTerminal: boolean,
): string {
  const pageUrl = `http://localhost:${config.port}${pagePath}`;
  return isTerminal
    ? `Mail outbox (no SMTP_URL): open ${pageUrl}?token=${encodeURIComponent(token)} on this machine to read the mail the server sends (e-mail verification, password reset).`
    : `Mail outbox (no SMTP_URL): open ${pageUrl}?token=<the token in ${config.dataDir}/${OUTBOX_TOKEN_FILE}> on this machine to read the mail the server sends.`;
}
