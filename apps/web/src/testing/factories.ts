import type { User } from '@herald/contract/users/user.schema';
import type { PendingInvite } from '@herald/contract/workspaces/workspace.schema';

/** A completed user with a first service; override what a test is about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    customerid: 'cus_ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    email_verified: true,
    company: 'Analytical Engines',
    services: [],
    subscriptions: [],
    setupComplete: true,
    detailsComplete: true,
    firstService: 'svc-1',
    provider: 'password',
    metadata: {},
    ...overrides,
  };
}

/** Signed up, e-mail not yet verified. */
export const unverifiedUser = (overrides: Partial<User> = {}) =>
  buildUser({
    email_verified: false,
    detailsComplete: false,
    setupComplete: false,
    company: null,
    firstService: null,
    ...overrides,
  });

/** Verified, but first name, last name or company still missing. */
export const incompleteUser = (overrides: Partial<User> = {}) =>
  unverifiedUser({ email_verified: true, ...overrides });

export function buildPendingInvite(overrides: Partial<PendingInvite> = {}): PendingInvite {
  return {
    inviteId: 'inv-1',
    workspace_id: 'ws-1',
    workspaceName: 'Babbage & Co',
    email: 'ada@example.com',
    role: 'User',
    invitedBy: 'charles@example.com',
    invitedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}
