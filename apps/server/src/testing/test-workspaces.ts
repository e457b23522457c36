import { randomUUID } from 'node:crypto';
import { buildPath, type HttpMethod } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type { Role } from '@herald/contract/members/permissions';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { insertProfile } from '../modules/user/user.repository';
import { insertMember } from '../modules/workspace/workspace.repository';
import { createTestSession } from './test-identity';
import { JSON_HEADERS, uniqueAddress } from './test-users';

/** A signed-in test user with a profile (no password hashing), for workspace and member tests. */
export interface TestMember {
  userId: string;
  email: string;
  token: string;
}

export async function createTestMember(
  app: FastifyInstance,
  options: { email?: string; emailVerified?: boolean; firstName?: string } = {},
): Promise<TestMember> {
  const userId = `u-${randomUUID().slice(0, 12)}`;
  const email = options.email ?? `${userId}@example.com`;
  const token = await createTestSession(app.db, {
    userId,
    email,
    emailVerified: options.emailVerified ?? true,
  });
  await insertProfile(app.db, {
    customerId: userId,
    firstName: options.firstName ?? 'Grace',
    lastName: 'Hopper',
    company: null,
    provider: 'password',
    metadata: {},
    emailConsent: null,
    now: new Date(),
  });
  return { userId, email, token };
}

/** A JSON API call as `who` (anonymous when undefined), from an address of its own. */
export function callAs(
  app: FastifyInstance,
  who: Pick<TestMember, 'token'> | undefined,
  method: HttpMethod,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...(payload !== undefined && JSON_HEADERS),
      ...(who && { authorization: `Bearer ${who.token}` }),
    },
    remoteAddress: uniqueAddress(),
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** Creates a workspace through the API with `owner` as its Owner; returns its id. */
export async function createTestWorkspace(
  app: FastifyInstance,
  owner: TestMember,
  name = 'Test team',
): Promise<string> {
  const response = await callAs(app, owner, 'POST', routes.createWorkspace.path, { name });
  if (response.statusCode !== 201) {
    throw new Error(`Creating a workspace failed: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { workspace_id: string }).workspace_id;
}

// Members added within one millisecond would tie on joinedAt and list in id order; a strictly
// increasing join time keeps "in the order they joined" meaningful for the tests.
let lastJoinedAt = 0;
function nextJoinTime(): Date {
  lastJoinedAt = Math.max(Date.now() + 1, lastJoinedAt + 1);
  return new Date(lastJoinedAt);
}

/** Adds a member directly (test set-up; joining through an invitation is tested on its own). */
export async function addTestMember(
  app: FastifyInstance,
  workspaceId: string,
  member: TestMember,
  role: Role,
): Promise<void> {
  await insertMember(app.db, { workspaceId, customerId: member.userId, role, now: nextJoinTime() });
}

/** A workspace with an Owner, an Admin and a User. */
export async function createTestTeam(app: FastifyInstance, name = 'Test team') {
  const owner = await createTestMember(app);
  const admin = await createTestMember(app);
  const user = await createTestMember(app);
  const workspaceId = await createTestWorkspace(app, owner, name);
  await addTestMember(app, workspaceId, admin, 'Admin');
  await addTestMember(app, workspaceId, user, 'User');
  return { workspaceId, owner, admin, user };
}

/** `actor` removes `member` from the workspace through the API, as the Members page does. */
export function removeTestMemberAs(
  app: FastifyInstance,
  actor: TestMember,
  workspaceId: string,
  member: TestMember,
): Promise<LightMyRequestResponse> {
  return callAs(
    app,
    actor,
    'DELETE',
    buildPath(routes.removeMember.path, { workspaceId, customerid: member.userId }),
  );
}

/** `actor` gives `member` another role in the workspace through the API, as the change-role modal does. */
export function changeTestMemberRoleAs(
  app: FastifyInstance,
  actor: TestMember,
  workspaceId: string,
  member: TestMember,
  role: Role,
): Promise<LightMyRequestResponse> {
  return callAs(
    app,
    actor,
    'PUT',
    buildPath(routes.changeMemberRole.path, { workspaceId, customerid: member.userId }),
    { role },
  );
}
