import { DASHBOARD_TOKEN_AUDIENCE } from '@herald/contract/services/service-token';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestMember, createTestTeam } from '../../testing/test-workspaces';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';

describe('GET /v3/user: services, firstService and accessToken', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp((ready) => ({ app } = ready));
  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'User services');
  });

  it('has no services and no first service before any exists, and a dashboard token', async () => {
    const lonely = await createTestMember(app);
    const response = await callAs(app, lonely, 'GET', '/v3/user');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ services: [], firstService: null });
    expect(typeof response.json().accessToken).toBe('string');
  });

  it("lists the services of the user's workspaces; firstService prefers a RUNNING one", async () => {
    const older = await insertTestService(app, team.workspaceId, {
      status: 'CHECKING',
      createdAt: new Date(Date.now() - 60_000),
    });
    const first = await callAs(app, team.user, 'GET', '/v3/user');
    expect(first.json().services).toEqual([older.row.id]);
    expect(first.json().firstService).toBe(older.row.id);

    const running = await insertTestService(app, team.workspaceId, { status: 'RUNNING' });
    await insertTestService(app, team.workspaceId, { desiredState: 'deleted' });
    const response = await callAs(app, team.user, 'GET', '/v3/user');
    expect(response.json().services).toEqual([older.row.id, running.row.id]);
    expect(response.json().firstService).toBe(running.row.id);

    const jwks = (await app.inject({ method: 'GET', url: '/v3/.well-known/jwks.json' })).json();
    const { payload } = await jwtVerify(
      response.json().accessToken,
      createLocalJWKSet(jwks as JSONWebKeySet),
      { audience: DASHBOARD_TOKEN_AUDIENCE, issuer: 'herald-cloud' },
    );
    expect(payload.sub).toBe(team.user.userId);
    // Each workspace with the member's role in it: the runtime grants what that role may do (decision 013).
    expect(payload.ws).toEqual({ [team.workspaceId]: 'User' });
  });
});
