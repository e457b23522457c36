import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { resolveSessionAccess } from '../adapters/identity/session-access.repository';
import { authSession, authUser } from '../db/schema';
import { insertTestService } from '../testing/test-services';
import {
  callAs,
  createTestMember,
  createTestTeam,
  createTestWorkspace,
  removeTestMemberAs,
} from '../testing/test-workspaces';
import {
  JSON_HEADERS,
  changeTestPassword,
  login,
  signUpVerified,
  uniqueAddress,
} from '../testing/test-users';
import { useTestApp } from '../testing/use-test-app';

/**
 * The session of every API request is resolved with one indexed query of our own (docs/decisions/015): these pin
 * down that it refuses what better-auth's pipeline refused, that every revocation counts on the very next request
 * (no cache), and that a workspace or service route's membership and role are read in that same query.
 */
describe('session resolution', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const servicesPath = (workspaceId: string) =>
    buildPath(routes.listWorkspaceServices.path, { workspaceId });
  const creditPath = (workspaceId: string) =>
    buildPath(routes.getWorkspaceCredit.path, { workspaceId });
  const revealPath = (serviceId: string) =>
    buildPath(routes.revealServiceApiDetails.path, { serviceId });

  function getUserWith(headers: Record<string, string>) {
    return app.inject({ method: 'GET', url: routes.getUser.path, headers });
  }

  it('accepts the session from the auth cookie and from a Bearer token, as the same user', async () => {
    const member = await createTestMember(app);
    const byCookie = await getUserWith({ cookie: `auth=${member.token}` });
    const byBearer = await getUserWith({ authorization: `Bearer ${member.token}` });
    expect(byCookie.statusCode).toBe(200);
    expect(byBearer.statusCode).toBe(200);
    expect(byCookie.json().email).toBe(member.email);
    expect(byBearer.json().email).toBe(member.email);
  });

  it("accepts the login's accessToken and User.accessToken as a Bearer without a cookie, until logout (issue 25)", async () => {
    const user = await signUpVerified(app);
    const loggedIn = await login(app, user.email, user.password);
    expect(loggedIn.statusCode).toBe(200);
    const loginToken = (loggedIn.json() as { accessToken: string }).accessToken;
    const byLoginToken = await getUserWith({ authorization: `Bearer ${loginToken}` });
    expect(byLoginToken.statusCode).toBe(200);
    const userToken = (byLoginToken.json() as { accessToken: string }).accessToken;
    const byUserToken = await getUserWith({ authorization: `Bearer ${userToken}` });
    expect(byUserToken.statusCode).toBe(200);
    expect(byUserToken.json().email).toBe(user.email);
    // A state-changing call with it and no cookie: no ambient credential, so no Origin check either.
    const created = await app.inject({
      method: 'POST',
      url: routes.createWorkspace.path,
      remoteAddress: uniqueAddress(),
      headers: {
        ...JSON_HEADERS,
        authorization: `Bearer ${userToken}`,
        origin: 'https://api-client.example',
      },
      payload: { name: 'Made by an API client' },
    });
    expect(created.statusCode).toBe(201);
    // Tampered, or another user's session named in it: not a credential.
    const [header, payload, signature] = userToken.split('.');
    const tampered = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect((await getUserWith({ authorization: `Bearer ${tampered}` })).statusCode).toBe(401);
    // Logging out that session (here with User.accessToken itself) ends both credentials at once.
    const logout = await app.inject({
      method: 'POST',
      url: routes.logout.path,
      remoteAddress: uniqueAddress(),
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await getUserWith({ authorization: `Bearer ${userToken}` })).statusCode).toBe(401);
    expect((await getUserWith({ authorization: `Bearer ${loginToken}` })).statusCode).toBe(401);
    // The sign-up's own session is another one: still signed in.
    expect((await getUserWith({ cookie: `auth=${user.token}` })).statusCode).toBe(200);
  });

  it("does not take a dashboard token that names no session (the console's) as a Bearer", async () => {
    const member = await createTestMember(app);
    const { token } = await app.tokens.signDashboardToken({
      customerId: member.userId,
      workspaceRoles: {},
      issuedAt: new Date(),
    });
    expect((await getUserWith({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('refuses an expired session with 401, by cookie and by Bearer', async () => {
    const member = await createTestMember(app);
    await app.db
      .update(authSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSession.token, member.token));
    const ways: Record<string, string>[] = [
      { cookie: `auth=${member.token}` },
      { authorization: `Bearer ${member.token}` },
    ];
    for (const headers of ways) {
      const response = await getUserWith(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
    expect(await resolveSessionAccess(app.db, member.token, { kind: 'none' })).toBeNull();
  });

  it('ends a session at logout: the very next request with its token is refused', async () => {
    const user = await signUpVerified(app);
    expect((await getUserWith({ authorization: `Bearer ${user.token}` })).statusCode).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: routes.logout.path,
      headers: { cookie: `auth=${user.token}` },
      remoteAddress: uniqueAddress(),
    });
    expect(logout.statusCode).toBe(204);
    expect((await getUserWith({ authorization: `Bearer ${user.token}` })).statusCode).toBe(401);
    expect((await getUserWith({ cookie: `auth=${user.token}` })).statusCode).toBe(401);
  });

  it('ends the old sessions at a password change, on workspace routes too', async () => {
    const user = await signUpVerified(app);
    const id = await createTestWorkspace(app, {
      userId: user.user.customerid,
      email: user.email,
      token: user.token,
    });
    expect((await callAs(app, user, 'GET', servicesPath(id))).statusCode).toBe(200);
    const changed = await changeTestPassword(app, user.token, 'a-brand-new-password-7');
    expect(changed.statusCode).toBe(200);
    expect((await callAs(app, user, 'GET', servicesPath(id))).statusCode).toBe(401);
  });

  it('refuses the sessions of a deleted account at once', async () => {
    const team = await createTestTeam(app);
    expect((await callAs(app, team.user, 'GET', servicesPath(team.workspaceId))).statusCode).toBe(
      200,
    );
    await app.db.delete(authUser).where(eq(authUser.id, team.user.userId));
    expect((await callAs(app, team.user, 'GET', servicesPath(team.workspaceId))).statusCode).toBe(
      401,
    );
    expect((await callAs(app, team.user, 'GET', routes.getUser.path)).statusCode).toBe(401);
  });

  it('answers 404 to a removed member on the next request, on workspace and service routes', async () => {
    const team = await createTestTeam(app);
    const { row } = await insertTestService(app, team.workspaceId);
    const servicePath = buildPath(routes.getService.path, { serviceId: row.id });
    expect((await callAs(app, team.user, 'GET', servicesPath(team.workspaceId))).statusCode).toBe(
      200,
    );
    expect((await callAs(app, team.user, 'GET', servicePath)).statusCode).toBe(200);

    const removed = await removeTestMemberAs(app, team.owner, team.workspaceId, team.user);
    expect(removed.statusCode).toBe(204);

    const afterList = await callAs(app, team.user, 'GET', servicesPath(team.workspaceId));
    expect(afterList.statusCode).toBe(404);
    expect(afterList.json().code).toBe('NOT_FOUND');
    expect((await callAs(app, team.user, 'GET', servicePath)).statusCode).toBe(404);
    // Still signed in: only the membership ended.
    expect((await callAs(app, team.user, 'GET', routes.getUser.path)).statusCode).toBe(200);
  });

  it('applies a role change on the next request, both ways', async () => {
    const team = await createTestTeam(app);
    const { row } = await insertTestService(app, team.workspaceId);
    const rolePath = buildPath(routes.changeMemberRole.path, {
      workspaceId: team.workspaceId,
      customerid: team.user.userId,
    });
    const setRole = async (role: string) =>
      expect((await callAs(app, team.owner, 'PUT', rolePath, { role })).statusCode).toBe(200);

    expect((await callAs(app, team.user, 'GET', creditPath(team.workspaceId))).statusCode).toBe(
      403,
    );
    expect((await callAs(app, team.user, 'POST', revealPath(row.id))).statusCode).toBe(403);

    await setRole('Admin');
    expect((await callAs(app, team.user, 'GET', creditPath(team.workspaceId))).statusCode).toBe(
      200,
    );
    expect((await callAs(app, team.user, 'POST', revealPath(row.id))).statusCode).toBe(200);

    await setRole('User');
    expect((await callAs(app, team.user, 'GET', creditPath(team.workspaceId))).statusCode).toBe(
      403,
    );
    expect((await callAs(app, team.user, 'POST', revealPath(row.id))).statusCode).toBe(403);
  });

  it("never resolves a token to another user's session", async () => {
    const alice = await createTestMember(app);
    const bob = await createTestMember(app);
    const team = await createTestTeam(app);
    // Bob's token on Alice's account data, and near misses of Alice's token, resolve to Bob or to no one.
    expect((await callAs(app, bob, 'GET', routes.getUser.path)).json().email).toBe(bob.email);
    expect((await callAs(app, alice, 'GET', routes.getUser.path)).json().email).toBe(alice.email);
    const nearMisses = [
      alice.token.slice(0, -1),
      `${alice.token}x`,
      alice.token.toUpperCase() === alice.token
        ? alice.token.toLowerCase()
        : alice.token.toUpperCase(),
      `${alice.token.slice(0, -1)}${alice.token.endsWith('A') ? 'B' : 'A'}`,
    ];
    for (const token of nearMisses) {
      const response = await getUserWith({ authorization: `Bearer ${token}` });
      expect(response.statusCode, token).toBe(401);
    }
    // A member's workspace read with a non-member's token: the membership is the token's user's, not anyone's.
    expect((await callAs(app, bob, 'GET', servicesPath(team.workspaceId))).statusCode).toBe(404);
    const access = await resolveSessionAccess(app.db, bob.token, {
      kind: 'workspace',
      workspaceId: team.workspaceId,
    });
    expect(access).toMatchObject({ userId: bob.userId, roles: [] });
    const owner = await resolveSessionAccess(app.db, team.owner.token, {
      kind: 'workspace',
      workspaceId: team.workspaceId,
    });
    expect(owner).toMatchObject({ userId: team.owner.userId, roles: ['Owner'] });
  });

  it('treats quotes and NUL in a token or an id as data, never as SQL', async () => {
    const team = await createTestTeam(app);
    for (const token of [`x' or '1'='1`, `${team.owner.token}'--`, `\\'); select 1; --`, 'a\0b']) {
      expect(await resolveSessionAccess(app.db, token, { kind: 'none' }), token).toBeNull();
    }
    for (const workspaceId of [`${team.workspaceId}' or '1'='1`, `x\0`]) {
      const access = await resolveSessionAccess(app.db, team.owner.token, {
        kind: 'workspace',
        workspaceId,
      });
      expect(access?.roles ?? [], workspaceId).toEqual([]);
    }
    const owner = await resolveSessionAccess(app.db, team.owner.token, {
      kind: 'workspace',
      workspaceId: team.workspaceId,
    });
    expect(owner?.roles).toEqual(['Owner']);
  });

  it('reads a cancelled service as absent', async () => {
    const team = await createTestTeam(app);
    const { row } = await insertTestService(app, team.workspaceId, { desiredState: 'deleted' });
    const access = await resolveSessionAccess(app.db, team.owner.token, {
      kind: 'service',
      serviceId: row.id,
    });
    expect(access).toMatchObject({ userId: team.owner.userId, roles: [], service: null });
    const response = await callAs(
      app,
      team.owner,
      'GET',
      buildPath(routes.getService.path, { serviceId: row.id }),
    );
    expect(response.statusCode).toBe(404);
  });

  it('resolves the session with the membership and role in one database query', async () => {
    const team = await createTestTeam(app);
    const { row } = await insertTestService(app, team.workspaceId);
    // Every statement the app sends: node-postgres and PGlite take them through query(), PGlite also exec().
    const client = (app.db as unknown as { $client: Record<string, unknown> }).$client;
    const calls: unknown[][] = [];
    const originals = new Map<string, unknown>();
    for (const method of ['query', 'exec']) {
      const original = client[method];
      if (typeof original !== 'function') continue;
      originals.set(method, original);
      client[method] = (...args: unknown[]) => {
        calls.push(args);
        return (original as (...all: unknown[]) => unknown).apply(client, args);
      };
    }
    onTestFinished(() => {
      for (const [method, original] of originals) client[method] = original;
    });
    const sqlOf = (args: unknown[]): string => {
      const [first] = args;
      return typeof first === 'string' ? first : String((first as { text?: unknown }).text);
    };
    // On PGlite the session query runs as EXECUTE of a statement prepared once (db/prepared-statements.ts),
    // with the token among its literal arguments.
    const isSessionQuery = (text: string) =>
      /auth_session/.test(text) || (/^EXECUTE /.test(text) && text.includes(team.user.token));

    for (const [url, scopeId] of [
      [routes.getUser.path, undefined],
      [servicesPath(team.workspaceId), team.workspaceId],
      [buildPath(routes.getService.path, { serviceId: row.id }), row.id],
    ] as const) {
      calls.length = 0;
      const response = await callAs(app, team.user, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      const texts = calls.map(sqlOf);
      const sessionQueries = texts.filter(isSessionQuery);
      expect(sessionQueries, url).toHaveLength(1);
      if (scopeId !== undefined) {
        // The membership and role came with the session: no other query reads workspace_member.
        const [sessionQuery = ''] = sessionQueries;
        expect(
          /workspace_member/.test(sessionQuery) || sessionQuery.includes(scopeId),
          sessionQuery,
        ).toBe(true);
        expect(
          texts.filter((text) => !isSessionQuery(text) && /workspace_member/.test(text)),
          url,
        ).toEqual([]);
      }
    }
  });
});
