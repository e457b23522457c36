import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { StartupError } from '../../lib/startup-error';

export const OUTBOX_TOKEN_FILE = 'outbox-token';

/** How long the outbox cookie (exchanged for the token) lets the operator's browser in. */
export const OUTBOX_COOKIE_TTL_SECONDS = 60 * 60;

/**
 * The operator's credential for the mail outbox viewer: generated once into DATA_DIR/outbox-token (mode 0600), so
 * only someone who can read the server's data directory (or its terminal at start-up) holds it. Never logged.
 */
export function resolveOutboxToken(config: Pick<Config, 'dataDir'>): string {
  const file = path.join(config.dataDir, OUTBOX_TOKEN_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // O_EXCL: of two servers starting on one DATA_DIR, one writes and both read the same token.
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const token = fs.readFileSync(file, 'utf8').trim();
  if (token.length < 32) {
    throw new StartupError(
      `${file} does not hold a usable outbox token (fewer than 32 characters): delete it to generate a new one.`,
    );
  }
  return token;
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
