import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '../db/schema';
import { writeGenerationOf } from '../db/write-generation';
import { findLiveService, updateService } from '../modules/service/service.repository';
import { statementsDuring, untilCached } from '../testing/statements-during';
import { testDatabaseKind } from '../testing/test-database-kind';
import { insertTestService, uniqueServiceName } from '../testing/test-services';
import { changeTestPassword, signUpVerified, uniqueAddress } from '../testing/test-users';
import {
  callAs,
  createTestMember,
  createTestTeam,
  createTestWorkspace,
  removeTestMemberAs,
} from '../testing/test-workspaces';
import type { TestMember } from '../testing/test-workspaces';
import { useTestApp } from '../testing/use-test-app';

const servicesPath = (workspaceId: string) =>
  buildPath(routes.listWorkspaceServices.path, { workspaceId });

interface ListedService {
  serviceId: string;
  label: string | null;
  status: string;
  consoleSettings: { hintColor: string | null };
}

/**
 * The embedded database's read cache (docs/decisions/015, "Embedded database: read cache"): each case first shows
 * that the read is served from memory (no statement reaches the database), then that a write of each kind counts
 * on the very next request.
 */
describe.runIf(testDatabaseKind() === 'pglite')('the read cache on the embedded database', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  afterEach(() => {
    vi.useRealTimers();
  });

  async function list(who: Pick<TestMember, 'token'>, workspaceId: string) {
    const response = await callAs(app, who, 'GET', servicesPath(workspaceId));
    return {
      status: response.statusCode,
      services: response.statusCode === 200 ? (response.json() as ListedService[]) : [],
    };
  }

  /** Reads the services list until it comes from memory; returns it. */
  async function expectCachedList(who: Pick<TestMember, 'token'>, workspaceId: string) {
    const cached = await untilCached(
      app,
      () => list(who, workspaceId),
      (texts) => texts.length === 0,
    );
    expect(cached.status).toBe(200);
    return cached.services;
  }

  /** Reads /v3/user until its session comes from memory (the handler itself still reads the profile). */
  async function expectCachedSession(who: Pick<TestMember, 'token'>) {
    const response = await untilCached(
      app,
      () => callAs(app, who, 'GET', routes.getUser.path),
      (texts) => !texts.some((text) => /auth_session/.test(text) || text.includes(who.token)),
    );
    expect(response.statusCode).toBe(200);
  }

  it('ends a session at logout on the very next request', async () => {
    const user = await signUpVerified(app);
    await expectCachedSession(user);
    const logout = await app.inject({
      method: 'POST',
      url: routes.logout.path,
      headers: { cookie: `auth=${user.token}` },
      remoteAddress: uniqueAddress(),
    });
    expect(logout.statusCode).toBe(204);
    expect((await callAs(app, user, 'GET', routes.getUser.path)).statusCode).toBe(401);
  });

  it('ends the old sessions at a password change on the very next request', async () => {
    const user = await signUpVerified(app);
    const workspaceId = await createTestWorkspace(app, {
      userId: '',
      email: '',
      token: user.token,
    });
    await expectCachedList(user, workspaceId);
    const changed = await changeTestPassword(app, user.token, 'a-brand-new-password-7');
    expect(changed.statusCode).toBe(200);
    expect((await list(user, workspaceId)).status).toBe(401);
  });

  it('refuses a deleted account on the very next request', async () => {
    const team = await createTestTeam(app);
    await expectCachedList(team.user, team.workspaceId);
    await expectCachedSession(team.user);
    expect((await callAs(app, team.user, 'DELETE', routes.deleteUser.path)).statusCode).toBe(204);
    expect((await list(team.user, team.workspaceId)).status).toBe(401);
    expect((await callAs(app, team.user, 'GET', routes.getUser.path)).statusCode).toBe(401);
  });

  it('answers 404 to a removed member on the very next request, on workspace and service routes', async () => {
    const team = await createTestTeam(app);
    const { row } = await insertTestService(app, team.workspaceId);
    const servicePath = buildPath(routes.getService.path, { serviceId: row.id });
    await expectCachedList(team.user, team.workspaceId);
    expect((await callAs(app, team.user, 'GET', servicePath)).statusCode).toBe(200);
    expect((await callAs(app, team.user, 'GET', servicePath)).statusCode).toBe(200);
    const removed = await removeTestMemberAs(app, team.owner, team.workspaceId, team.user);
    expect(removed.statusCode).toBe(204);
    expect((await list(team.user, team.workspaceId)).status).toBe(404);
    expect((await callAs(app, team.user, 'GET', servicePath)).statusCode).toBe(404);
  });

  it('applies a role change on the very next request', async () => {
    const team = await createTestTeam(app);
    const creditPath = buildPath(routes.getWorkspaceCredit.path, { workspaceId: team.workspaceId });
    // The refusal comes from the cached role: nothing is read.
    const refused = await untilCached(
      app,
      () => callAs(app, team.user, 'GET', creditPath),
      (texts) => texts.length === 0,
    );
    expect(refused.statusCode).toBe(403);
    const rolePath = buildPath(routes.changeMemberRole.path, {
      workspaceId: team.workspaceId,
      customerid: team.user.userId,
    });
    expect((await callAs(app, team.owner, 'PUT', rolePath, { role: 'Admin' })).statusCode).toBe(
      200,
    );
    expect((await callAs(app, team.user, 'GET', creditPath)).statusCode).toBe(200);
  });

  it('lists a service created, renamed, changed or deleted on the very next request', async () => {
    const team = await createTestTeam(app);
    const { row } = await insertTestService(app, team.workspaceId);
    expect((await expectCachedList(team.user, team.workspaceId)).map((s) => s.serviceId)).toEqual([
      row.id,
    ]);

    const { row: added } = await insertTestService(app, team.workspaceId);
    expect((await list(team.user, team.workspaceId)).services.map((s) => s.serviceId)).toEqual([
      row.id,
      added.id,
    ]);

    // Renamed outside any request (as a background job would).
    await expectCachedList(team.user, team.workspaceId);
    await updateService(app.db, row.id, { label: 'Renamed' }, new Date());
    expect((await list(team.user, team.workspaceId)).services[0]?.label).toBe('Renamed');

    await expectCachedList(team.user, team.workspaceId);
    const settings = await callAs(
      app,
      team.owner,
      'PUT',
      buildPath(routes.updateConsoleSettings.path, { serviceId: row.id }),
      { hintColor: '#336699' },
    );
    expect(settings.statusCode).toBe(200);
    expect((await list(team.user, team.workspaceId)).services[0]?.consoleSettings.hintColor).toBe(
      '#336699',
    );

    await expectCachedList(team.user, team.workspaceId);
    const cancelled = await callAs(
      app,
      team.owner,
      'POST',
      buildPath(routes.cancelService.path, { serviceId: added.id }),
    );
    expect(cancelled.statusCode).toBeLessThan(300);
    expect((await list(team.user, team.workspaceId)).services.map((s) => s.serviceId)).toEqual([
      row.id,
    ]);
  });

  it('shows a created service and each status the provisioner writes in the background', async () => {
    const team = await createTestTeam(app);
    await expectCachedList(team.user, team.workspaceId);
    const created = await callAs(app, team.owner, 'POST', routes.createService.path, {
      workspaceId: team.workspaceId,
      serviceName: uniqueServiceName('cached'),
      region: 'eu-west-1.local',
      billingPlan: 'free',
    });
    expect(created.statusCode).toBe(201);
    const { serviceId } = created.json() as { serviceId: string };
    expect((await list(team.user, team.workspaceId)).services.map((s) => s.serviceId)).toEqual([
      serviceId,
    ]);
    // Keep the list cached while the provisioner works; once its row says RUNNING, the next list must too.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const listed = (await list(team.user, team.workspaceId)).services[0]?.status;
      const stored = (await findLiveService(app.db, serviceId))?.status;
      if (stored === 'RUNNING') break;
      expect(listed).not.toBe('RUNNING');
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await list(team.user, team.workspaceId)).services[0]?.status).toBe('RUNNING');
  }, 60_000);

  it('ends sessions revoked through the identity library itself, outside any request', async () => {
    const team = await createTestTeam(app);
    await expectCachedList(team.user, team.workspaceId);
    await app.identity.revokeAllSessions(team.user.userId);
    expect((await list(team.user, team.workspaceId)).status).toBe(401);
  });

  it('refuses a cached session once it has expired, with no write in between', async () => {
    const member = await createTestMember(app);
    const workspaceId = await createTestWorkspace(app, member);
    await expectCachedList(member, workspaceId);
    const [session] = await app.db
      .select({ expiresAt: authSession.expiresAt })
      .from(authSession)
      .where(eq(authSession.token, member.token));
    const generation = writeGenerationOf(app.db)!;
    const before = generation.value;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(session!.expiresAt.getTime() + 1000);
    expect((await list(member, workspaceId)).status).toBe(401);
    expect(generation.value).toBe(before);
  });

  it("never serves one user's or one workspace's cached data to another", async () => {
    const alpha = await createTestTeam(app, 'Alpha');
    const beta = await createTestTeam(app, 'Beta');
    const { row: alphaService } = await insertTestService(app, alpha.workspaceId);
    const { row: betaService } = await insertTestService(app, beta.workspaceId);
    const alphaList = await expectCachedList(alpha.user, alpha.workspaceId);
    const betaList = await expectCachedList(beta.user, beta.workspaceId);
    expect(alphaList.map((s) => s.serviceId)).toEqual([alphaService.id]);
    expect(betaList.map((s) => s.serviceId)).toEqual([betaService.id]);
    // Both lists and both members' resolutions are cached: the other team's token still gets 404, each way.
    expect((await list(alpha.user, beta.workspaceId)).status).toBe(404);
    expect((await list(beta.owner, alpha.workspaceId)).status).toBe(404);
    const alphaServicePath = buildPath(routes.getService.path, { serviceId: alphaService.id });
    expect((await callAs(app, alpha.user, 'GET', alphaServicePath)).statusCode).toBe(200);
    expect((await callAs(app, beta.user, 'GET', alphaServicePath)).statusCode).toBe(404);
    // And /v3/user answers each token with its own user.
    const alphaUser = await callAs(app, alpha.user, 'GET', routes.getUser.path);
    const betaUser = await callAs(app, beta.user, 'GET', routes.getUser.path);
    expect(alphaUser.json().email).toBe(alpha.user.email);
    expect(betaUser.json().email).toBe(beta.user.email);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('no read cache on a PostgreSQL server', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  it('reads the session and the list from the database on every request', async () => {
    const team = await createTestTeam(app);
    expect(writeGenerationOf(app.db)).toBeUndefined();
    expect((await callAs(app, team.user, 'GET', servicesPath(team.workspaceId))).statusCode).toBe(
      200,
    );
    const texts = await statementsDuring(app, async () => {
      const again = await callAs(app, team.user, 'GET', servicesPath(team.workspaceId));
      expect(again.statusCode).toBe(200);
    });
    expect(texts.length).toBeGreaterThanOrEqual(2);
  });
});
