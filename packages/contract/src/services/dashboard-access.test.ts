import { describe, expect, it } from 'vitest';
import { ROLES } from '../members/permissions';
import { memberSessionRoles } from '../security/session-roles';
import {
  DASHBOARD_REVOCATION_KEEP_MS,
  isDashboardRevocationObsolete,
  isRevokedDashboardToken,
} from './dashboard-access';
import { DASHBOARD_TOKEN_TTL_SECONDS } from './service-token';

describe("a member's dashboard token acts with the roles of the workspace role", () => {
  it.each([
    ['User', ['OBSERVER']],
    ['Admin', ['ADMINISTRATOR']],
    ['Owner', ['ADMINISTRATOR']],
  ] as const)('a %s acts as %o inside a service', (role, runtimeRoles) => {
    expect(memberSessionRoles(role)).toEqual(runtimeRoles);
  });

  it('covers every workspace role', () => {
    for (const role of ROLES) expect(memberSessionRoles(role).length).toBe(1);
  });
});

describe('isRevokedDashboardToken', () => {
  const notBefore = Date.UTC(2026, 0, 1, 12, 0, 0, 500);

  it.each([
    ['without a revocation', 1_000, undefined, false],
    ['issued a second before', (notBefore - 1000) / 1000, notBefore, true],
    ['issued in the same millisecond', notBefore / 1000, notBefore, true],
    ['issued a millisecond after', (notBefore + 1) / 1000, notBefore, false],
    ['issued later in the same second', (notBefore + 400) / 1000, notBefore, false],
  ])('a token %s is revoked: %s', (_label, issuedAt, revokedAt, expected) => {
    expect(isRevokedDashboardToken(issuedAt, revokedAt)).toBe(expected);
  });
});

describe('isDashboardRevocationObsolete', () => {
  it('keeps a revocation while a token it refuses may still be valid', () => {
    const at = 1_000_000;
    expect(isDashboardRevocationObsolete(at, at + DASHBOARD_TOKEN_TTL_SECONDS * 1000)).toBe(false);
    expect(isDashboardRevocationObsolete(at, at + DASHBOARD_REVOCATION_KEEP_MS)).toBe(false);
    expect(isDashboardRevocationObsolete(at, at + DASHBOARD_REVOCATION_KEEP_MS + 1)).toBe(true);
  });
});
