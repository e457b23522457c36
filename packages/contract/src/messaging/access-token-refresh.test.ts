import { describe, expect, it } from 'vitest';
import {
  accessTokenRefreshDelayMs,
  isAccessTokenExpiring,
  readAccessTokenLifetime,
} from './access-token-refresh';

/** A JWT-shaped token with this payload (the signature is not read here). */
function token(payload: unknown): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'ES256' })}.${encode(payload)}.signature`;
}

const iat = 1_700_000_000;
const fifteenMinutes = token({ sub: 'c1', iat, exp: iat + 900, ws: { w1: 'User' } });

describe('readAccessTokenLifetime', () => {
  it('reads iat and exp as epoch milliseconds', () => {
    expect(readAccessTokenLifetime(fifteenMinutes)).toEqual({
      issuedAtMs: iat * 1000,
      expiresAtMs: (iat + 900) * 1000,
    });
  });

  it('reads a payload with non-ASCII text', () => {
    expect(readAccessTokenLifetime(token({ name: 'Zoë ✓', iat, exp: iat + 60 }))).toEqual({
      issuedAtMs: iat * 1000,
      expiresAtMs: (iat + 60) * 1000,
    });
  });

  it.each([
    ['not a JWT', 'opaque-token'],
    ['two parts', 'a.b'],
    ['no exp', token({ iat })],
    ['exp not a number', token({ iat, exp: 'soon' })],
    ['payload not JSON', 'a.bm90IGpzb24.c'],
    ['payload not base64url', 'a.b*c.d'],
    ['payload an array', token([1, 2])],
  ])('is null for %s', (_name, value) => {
    expect(readAccessTokenLifetime(value)).toBeNull();
  });
});

describe('accessTokenRefreshDelayMs', () => {
  it('refreshes at 80 % of the life of a 15-minute token', () => {
    expect(accessTokenRefreshDelayMs(fifteenMinutes, iat * 1000)).toBe(720_000);
    expect(accessTokenRefreshDelayMs(fifteenMinutes, iat * 1000 + 700_000)).toBe(20_000);
  });

  it('never schedules sooner than 10 s, even for an expired token', () => {
    expect(accessTokenRefreshDelayMs(fifteenMinutes, (iat + 2_000) * 1000)).toBe(10_000);
  });

  it('is null for a token whose lifetime cannot be read', () => {
    expect(accessTokenRefreshDelayMs('opaque', 0)).toBeNull();
  });
});

describe('isAccessTokenExpiring', () => {
  it('is true within the margin of exp and false before it', () => {
    const exp = (iat + 900) * 1000;
    expect(isAccessTokenExpiring(fifteenMinutes, exp - 5_000, 5_000)).toBe(true);
    expect(isAccessTokenExpiring(fifteenMinutes, exp - 5_001, 5_000)).toBe(false);
  });

  it('is false for a token whose lifetime cannot be read', () => {
    expect(isAccessTokenExpiring('opaque', 0, 5_000)).toBe(false);
  });
});
