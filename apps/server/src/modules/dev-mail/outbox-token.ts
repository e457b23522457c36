import { resolveDataDirSecret } from '../../lib/data-dir-secret';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

export const OUTBOX_TOKEN_FILE = 'outbox-token';

/** How long the outbox cookie (exchanged for the token) lets the operator's browser in. */
export const OUTBOX_COOKIE_TTL_SECONDS = 60 * 60;

/**
 * The operator's credential for the mail outbox viewer: generated once into DATA_DIR/outbox-token (mode 0600), so
 * only someone who can read the server's data directory (or its terminal at start-up) holds it. Never logged.
 */
export function resolveOutboxToken(config: Pick<Config, 'dataDir'>): string {
  return resolveDataDirSecret(config.dataDir, OUTBOX_TOKEN_FILE, 'outbox token');
}

/** Constant-time comparison of a presented credential with the expected one, whatever their lengths. */
export function isSameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

function cookieSignature(token: string, expiresAt: number): string {
  return createHmac('sha256', token).update(`outbox-cookie:${expiresAt}`).digest('base64url');
}

/**
 * The cookie value the token is exchanged for: its expiry and an HMAC of it under the token. The token itself never
 * sits in the browser, and a leaked cookie stops working when it expires (or when the token file is replaced).
 */
export function outboxCookieValue(token: string, now: Date): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + OUTBOX_COOKIE_TTL_SECONDS;
  return `${expiresAt}.${cookieSignature(token, expiresAt)}`;
}

export function isValidOutboxCookie(value: string, token: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(value);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= now.getTime()) return false;
  return isSameSecret(match[2] ?? '', cookieSignature(token, expiresAt));
}
