import { describe, expect, it } from 'vitest';
import type { RouteAccess } from '../api/define-route';
import { routes } from '../api/routes';
import { UNVERIFIED_ALLOWED_OPERATIONS, mayCallRoute } from './verification-gate';

describe('mayCallRoute (spec section 4, the server half of the verify-email step)', () => {
  it.each<[string, RouteAccess, boolean, boolean]>([
    ['createService', 'user', false, false],
    ['createService', 'user', true, true],
    ['createInvite', 'workspace', false, false],
    ['restartService', 'service', false, false],
    ['createWorkspace', 'user', false, false],
    ['acceptInvite', 'user', false, false],
    ['listWorkspaces', 'user', false, false],
    ['getUser', 'user', false, true],
    ['verifyEmail', 'user', false, true],
    ['updateConsent', 'user', false, true],
    ['deleteUser', 'user', false, true],
    ['login', 'public', false, true],
    ['logout', 'public', false, true],
    ['getInvitePreview', 'public', false, true],
  ])('%s (%s) with a verified e-mail %s: %s', (operationId, access, emailVerified, expected) => {
    expect(mayCallRoute({ operationId, access, emailVerified })).toBe(expected);
  });

  it('names only signed-in routes of the route table in its allow-list', () => {
    for (const operationId of UNVERIFIED_ALLOWED_OPERATIONS) {
      const route = routes[operationId];
      expect(route, operationId).toBeDefined();
      expect(route.access, operationId).toBe('user');
    }
  });

  it('gates every workspace and service route of the route table for an unverified caller', () => {
    const open = Object.entries(routes)
      .filter(([, route]) => route.access === 'workspace' || route.access === 'service')
      .filter(([operationId, route]) =>
        mayCallRoute({ operationId, access: route.access, emailVerified: false }),
      );
    expect(open).toEqual([]);
  });
});
