import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type { User } from '@herald/contract/users/user.schema';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revokeDashboardAccess } from '../modules/members/member-rights-sync';
import { updateService } from '../modules/service/service.repository';
import { DASHBOARD_TOKEN_REUSE_MS } from '../modules/user/current-user-cache';
import { statementsDuring, untilCached } from '../testing/statements-during';
import { testDatabaseKind } from '../testing/test-database-kind';
import { insertTestService } from '../testing/test-services';
import {
  callAs,
  changeTestMemberRoleAs,
  createTestTeam,
  removeTestMemberAs,
} from '../testing/test-workspaces';
import type { TestMember } from '../testing/test-workspaces';
import { useTestApp } from '../testing/use-test-app';

/** The dashboard token's claims (docs/decisions/013): the roles per workspace and the issue time in seconds. */
function claimsOf(token: string): { ws: Record<string, string>; iat: number; jti: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    ws: Record<string, string>;
    iat: number;
    jti: string;
  };
}

const WORKSPACES_PATH = `${routes.listWorkspaces.path}?expandServices=true`;

/**
 * The embedded database's caches of the two reads every page load makes (docs/decisions/039): GET /v3/user (its
 * dashboard token included) per session and GET /v3/workspaces per user. Each case first shows the read is served
 * from memory (no statement reaches the database), then that a write that changes the answer counts on the very
 * next request: a stale token would be refused by the runtimes (revocations) or carry a role that is gone.
 */
describe.runIf(testDatabaseKind() === 'pglite')('the user and workspaces read caches', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  afterEach(() => {
    vi.useRealTimers();
  });

  async function getUser(who: Pick<TestMember, 'token'>): Promise<User> {
    const response = await callAs(app, who, 'GET', routes.getUser.path);
    expect(response.statusCode).toBe(200);
    return response.json() as User;
  }

  async function cachedUser(who: Pick<TestMember, 'token'>): Promise<User> {
    return untilCached(
      app,
      () => getUser(who),
      (texts) => texts.length === 0,
    );
  }

  async function getWorkspaces(who: Pick<TestMember, 'token'>): Promise<Workspace[]> {
    const response = await callAs(app, who, 'GET', WORKSPACES_PATH);
    expect(response.statusCode).toBe(200);
    return response.json() as Workspace[];
  }

  async function cachedWorkspaces(who: Pick<TestMember, 'token'>): Promise<Workspace[]> {
    return untilCached(
      app,
      () => getWorkspaces(who),
      (texts) => texts.length === 0,
    );
  }

  it('answers /v3/user from memory with the same token, without signing it again', async () => {
    const team = await createTestTeam(app);
    const first = await cachedUser(team.user);
    const texts = await statementsDuring(app, async () => {
      const again = await getUser(team.user);
      expect(again.accessToken).toBe(first.accessToken);
    });
    expect(texts).toEqual([]);
    expect(claimsOf(first.accessToken!).ws).toEqual({ [team.workspaceId]: 'User' });
  });

  it('signs a token with the new role on the very next call after a role change', async () => {
    const team = await createTestTeam(app);
    const before = await cachedUser(team.user);
    const changed = await changeTestMemberRoleAs(
      app,
      team.owner,
      team.workspaceId,
      team.user,
      'Admin',
    );
    expect(changed.statusCode).toBe(200);
    const after = await getUser(team.user);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(claimsOf(after.accessToken!).ws).toEqual({ [team.workspaceId]: 'Admin' });
  });

  it('drops the workspace from the token and the list on the very next call after a removal', async () => {
    const team = await createTestTeam(app);
    await cachedUser(team.user);
    expect((await cachedWorkspaces(team.user)).map((w) => w.workspace_id)).toContain(
      team.workspaceId,
    );
    expect(
      (await removeTestMemberAs(app, team.owner, team.workspaceId, team.user)).statusCode,
    ).toBe(204);
    expect(claimsOf((await getUser(team.user)).accessToken!).ws).not.toHaveProperty(
      team.workspaceId,
    );
    expect((await getWorkspaces(team.user)).map((w) => w.workspace_id)).not.toContain(
      team.workspaceId,
    );
  });

  it('never answers a token issued before a revocation', async () => {
    const team = await createTestTeam(app);
    const before = await cachedUser(team.user);
    const notBefore = new Date();
    await revokeDashboardAccess(app, {
      customerId: team.user.userId,
      workspaceIds: [team.workspaceId],
      notBefore,
    });
    const after = await getUser(team.user);
    expect(after.accessToken).not.toBe(before.accessToken);
    // The runtime refuses a token issued before notBefore (docs/decisions/013).
    expect(claimsOf(after.accessToken!).iat * 1000).toBeGreaterThanOrEqual(notBefore.getTime());
  });

  it('signs a fresh token once a third of its lifetime has passed, with no write in between', async () => {
    const team = await createTestTeam(app);
    const first = await cachedUser(team.user);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DASHBOARD_TOKEN_REUSE_MS - 5_000);
    expect((await getUser(team.user)).accessToken).toBe(first.accessToken);
    vi.setSystemTime(Date.now() + 10_000);
    const fresh = await getUser(team.user);
    expect(fresh.accessToken).not.toBe(first.accessToken);
    expect(claimsOf(fresh.accessToken!).iat).toBeGreaterThan(claimsOf(first.accessToken!).iat);
  });

  it('shows a profile change on the very next call', async () => {
    const team = await createTestTeam(app);
    await cachedUser(team.user);
    const updated = await callAs(app, team.user, 'PUT', routes.updateUser.path, {
      firstName: 'Ada',
    });
    expect(updated.statusCode).toBe(200);
    expect((await getUser(team.user)).firstName).toBe('Ada');
  });

  it('keeps one answer per session: another session of the same user gets its own token', async () => {
    const team = await createTestTeam(app);
    const alpha = await cachedUser(team.owner);
    const other = await cachedUser(team.user);
    expect(alpha.customerid).toBe(team.owner.userId);
    expect(other.customerid).toBe(team.user.userId);
    expect(claimsOf(alpha.accessToken!).ws).toEqual({ [team.workspaceId]: 'Owner' });
  });

  it('lists a new service, a new member and a role change on the very next call', async () => {
    const team = await createTestTeam(app);
    expect((await cachedWorkspaces(team.owner))[0]?.services).toEqual([]);

    const { row } = await insertTestService(app, team.workspaceId);
    const withService = await getWorkspaces(team.owner);
    expect(withService[0]?.services.map((s) => (typeof s === 'string' ? s : s.serviceId))).toEqual([
      row.id,
    ]);

    await cachedWorkspaces(team.owner);
    expect(
      (await changeTestMemberRoleAs(app, team.owner, team.workspaceId, team.user, 'Admin'))
        .statusCode,
    ).toBe(200);
    const users = (await getWorkspaces(team.owner))[0]?.users ?? [];
    expect(users.find((u) => u.customerid === team.user.userId)?.roles).toEqual(['Admin']);
  });

  it("never serves one user's workspaces to another, nor ids for Service objects", async () => {
    const alpha = await createTestTeam(app, 'Alpha');
    const beta = await createTestTeam(app, 'Beta');
    const { row } = await insertTestService(app, alpha.workspaceId);
    expect((await cachedWorkspaces(alpha.owner)).map((w) => w.name)).toEqual(['Alpha']);
    expect((await cachedWorkspaces(beta.owner)).map((w) => w.name)).toEqual(['Beta']);
    const ids = await callAs(app, alpha.owner, 'GET', routes.listWorkspaces.path);
    expect((ids.json() as Workspace[])[0]?.services).toEqual([row.id]);
  });

  it('answers the statuses from memory and shows a status the provisioner writes on the very next call', async () => {
    const team = await createTestTeam(app);
    const { row } = await insertTestService(app, team.workspaceId);
    const path = buildPath(routes.listWorkspaceServiceStatuses.path, {
      workspaceId: team.workspaceId,
    });
    const statuses = async () =>
      (await callAs(app, team.user, 'GET', path)).json() as { serviceId: string; status: string }[];
    const cached = await untilCached(app, statuses, (texts) => texts.length === 0);
    expect(cached.map((item) => item.serviceId)).toEqual([row.id]);
    // Written outside any request, as the provisioner does.
    await updateService(app.db, row.id, { status: 'RUNNING' }, new Date());
    expect((await statuses())[0]?.status).toBe('RUNNING');
  });
});
