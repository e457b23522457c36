/**
 * When the dashboard refreshes its access token (GET /v3/user `accessToken`, a short-lived JWT). The runtime checks
 * the token at CONNECT only, so an open session outlives its token; what must stay fresh is the token the next
 * reconnect presents. The browser never verifies the token (the runtime does): it only reads `iat` and `exp`.
 */

/** Refresh once this share of the token's life has passed. */
export const ACCESS_TOKEN_REFRESH_AT_SHARE = 0.8;
/** Never refresh more often than this, whatever the token says (a clock or token oddity cannot spin a loop). */
export const MIN_ACCESS_TOKEN_REFRESH_MS = 10_000;

export interface AccessTokenLifetime {
  issuedAtMs: number;
  expiresAtMs: number;
}

/** `iat` and `exp` of a JWT's payload, or null when it is not a JWT with both as numbers. */
export function readAccessTokenLifetime(token: string): AccessTokenLifetime | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return null;
  const json = decodeBase64Url(parts[1]);
  if (json === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { iat, exp } = payload as { iat?: unknown; exp?: unknown };
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  const issuedAt = typeof iat === 'number' && Number.isFinite(iat) && iat < exp ? iat : null;
  return { issuedAtMs: (issuedAt ?? exp) * 1000, expiresAtMs: exp * 1000 };
}

/**
 * Milliseconds from `nowMs` until the token should be replaced: at ACCESS_TOKEN_REFRESH_AT_SHARE of its life, at
 * least MIN_ACCESS_TOKEN_REFRESH_MS from now. Null for a token whose lifetime cannot be read (it is then refreshed
 * only when the service refuses it).
 */
export function accessTokenRefreshDelayMs(token: string, nowMs: number): number | null {
  const lifetime = readAccessTokenLifetime(token);
  if (lifetime === null) return null;
  const life = lifetime.expiresAtMs - lifetime.issuedAtMs;
  const refreshAt = lifetime.issuedAtMs + life * ACCESS_TOKEN_REFRESH_AT_SHARE;
  return Math.max(MIN_ACCESS_TOKEN_REFRESH_MS, Math.round(refreshAt - nowMs));
}

/** True when the token expires within `marginMs` of `nowMs` (a connect with it would be refused). */
export function isAccessTokenExpiring(token: string, nowMs: number, marginMs: number): boolean {
  const lifetime = readAccessTokenLifetime(token);
  return lifetime !== null && lifetime.expiresAtMs - nowMs <= marginMs;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** RFC 4648 section 5 base64url (no padding) to a UTF-8 string; null when it is not base64url. */
function decodeBase64Url(text: string): string | null {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const character of text) {
    const value = BASE64_ALPHABET.indexOf(character);
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  try {
    // decodeURIComponent decodes percent-escaped UTF-8 and throws on a malformed sequence.
    return decodeURIComponent(
      bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
    );
  } catch {
    return null;
  }
}
