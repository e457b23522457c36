import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { CONSOLE_SSO_COOKIE_SECONDS } from '@herald/contract/constants';
import {
  CONSOLE_SSO_COOKIE,
  CONSOLE_SSO_LOGIN_PARAM,
  CONSOLE_SSO_PATH,
  CONSOLE_SSO_TOKEN_PATH,
  CONSOLE_TICKET_FIELD,
} from '@herald/contract/console/console.schema';
import { isServiceMenuEnabled } from '@herald/contract/services/service-status-rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../../lib/accept-encoding';
import { signConsoleToken } from './console-access';
import { CONSOLE_MESSAGES } from './console-messages';
import { consoleTicketsOf } from './console-tickets';
import { escapeHtml } from '../../lib/escape-html';

/**
 * What a browser gets from a service host besides MQTT over WebSocket (docs/decisions/020): the console page and
 * its assets (built by apps/web/vite.console.config.ts into `dist-console` beside WEB_DIST_DIR), and the two steps
 * of single sign-on. Everything here answers under the app's strict CSP (script-src 'self').
 */
export interface ConsoleHostService {
  id: string;
  workspaceId: string;
  status: string;
  useConsoleSso: boolean;
}

const ASSET_PATH = /^\/_console\/assets\/([A-Za-z0-9][A-Za-z0-9._-]*\.(js|css|svg|woff2))$/;
const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  woff2: 'font/woff2',
};
/** A ticket is 43 characters; a form with anything much larger is not ours. */
const MAX_FORM_BYTES = 2048;

export function consoleDistDir(webDistDir: string): string {
  return path.join(path.dirname(path.resolve(webDistDir)), 'dist-console');
}

function isHttps(app: FastifyInstance) {
  return app.config.publicUrl.startsWith('https:');
}

/**
 * The cookie is the service host's own (no Domain attribute, so no other host ever receives it), readable only by
 * the one path that hands the token over, HttpOnly, and SameSite=Strict: it is set on the answer to the
 * dashboard's cross-site form POST but only ever sent by the console page's same-origin fetch.
 */
function ssoCookie(app: FastifyInstance, value: string, maxAge: number): string {
  return [
    `${CONSOLE_SSO_COOKIE}=${value}`,
    `Max-Age=${maxAge}`,
    `Path=${CONSOLE_SSO_TOKEN_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isHttps(app) ? ['Secure'] : []),
  ].join('; ');
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The form of the POST, null when it is not a form, 'too-large' past MAX_FORM_BYTES. */
function readForm(request: FastifyRequest): Promise<URLSearchParams | null | 'too-large'> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return Promise.resolve(null);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (result: URLSearchParams | null | 'too-large') => {
      request.raw.off('data', onData);
      request.raw.off('end', onEnd);
      request.raw.off('error', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      // The rest is left to the body drain (plugins/body-drain.ts): the 413 goes out once the client has sent it
      // all, never as a dropped connection (issue 25).
      if (size > MAX_FORM_BYTES) stop('too-large');
      else chunks.push(chunk);
    };
    const onEnd = () => stop(new URLSearchParams(Buffer.concat(chunks).toString()));
    const onError = () => stop(null);
    request.raw.on('data', onData);
    request.raw.on('end', onEnd);
    request.raw.on('error', onError);
  });
}

/** A short page for a person who reached a dead end of the sign-in (no script needed). */
function messagePage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Console sign-in · Herald Cloud</title></head><body><main><h1>Console sign-in</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    );
}

/** POST /_console/sso: the ticket from the dashboard's form becomes a 30-second cookie, then `/?sso-login`. */
async function redeemTicket(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  service: ConsoleHostService,
) {
  const form = await readForm(request);
  if (form === 'too-large') {
    return reply.code(413).header('cache-control', 'no-store').send({
      code: ERROR_CODES.payloadTooLarge,
      message: CONSOLE_MESSAGES.formTooLarge,
      requestId: request.id,
    });
  }
  const ticket = form?.get(CONSOLE_TICKET_FIELD);
  if (!ticket) return messagePage(reply, 400, CONSOLE_MESSAGES.badForm);
  const entry = consoleTicketsOf(app).take(ticket);
  // Another service's ticket is spent here too: a ticket works once, on the host it was issued for.
  if (entry === undefined || entry.serviceId !== service.id) {
    return messagePage(reply, 403, CONSOLE_MESSAGES.ticketInvalid);
  }
  if (!isServiceMenuEnabled(service.status)) {
    return messagePage(reply, 409, CONSOLE_MESSAGES.notRunning(service.status));
  }
  if (!service.useConsoleSso) return messagePage(reply, 409, CONSOLE_MESSAGES.ssoOff);
  const token = await signConsoleToken(app, entry.customerId, service.workspaceId);
  if (token === null) return messagePage(reply, 403, CONSOLE_MESSAGES.notMember);
  return reply
    .code(303)
    .header('set-cookie', ssoCookie(app, token, CONSOLE_SSO_COOKIE_SECONDS))
    .header('cache-control', 'no-store')
    .header('location', `/?${CONSOLE_SSO_LOGIN_PARAM}`)
    .send();
}

/** GET /_console/sso-token: the token from the cookie, once (the cookie is cleared in the same answer). */
function handOverToken(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = cookieValue(request.headers.cookie, CONSOLE_SSO_COOKIE);
  reply.header('cache-control', 'no-store').header('set-cookie', ssoCookie(app, '', 0));
  if (!token) {
    return reply.code(401).send({
      code: ERROR_CODES.unauthorized,
      message: CONSOLE_MESSAGES.noSsoCookie,
      requestId: request.id,
    });
  }
  return reply.code(200).send({ token });
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, dir: string, name: string) {
  const file = path.join(dir, 'assets', name);
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const compressed = encoding && fs.existsSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`);
  const chosen = compressed ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file;
  if (!fs.existsSync(chosen)) return null;
  if (compressed) reply.header('content-encoding', encoding);
  return reply
    .code(200)
    .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('vary', 'Accept-Encoding')
    .send(fs.createReadStream(chosen));
}

/**
 * Answers a console request on a service host, or returns null when the path is not the console's (the caller
 * then says what the host is). `page` is the fallback `/` when the console is not built.
 */
export async function handleConsoleRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  service: ConsoleHostService,
  fallbackPage: () => string,
): Promise<FastifyReply | null> {
  const pathname = request.url.split('?', 1)[0] ?? '/';
  const dir = consoleDistDir(app.config.webDistDir);
  if (request.method === 'POST' && pathname === CONSOLE_SSO_PATH) {
    return redeemTicket(app, request, reply, service);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (pathname === CONSOLE_SSO_TOKEN_PATH) return handOverToken(app, request, reply);
  if (pathname === '/') {
    const index = path.join(dir, 'index.html');
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return fs.existsSync(index)
      ? reply.code(200).send(fs.createReadStream(index))
      : reply.code(200).send(fallbackPage());
  }
  const asset = ASSET_PATH.exec(pathname);
  return asset?.[1] === undefined ? null : sendAsset(request, reply, dir, asset[1]);
}
