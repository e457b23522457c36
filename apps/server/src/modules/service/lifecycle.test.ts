import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { findLiveService } from './service.repository';

describe('restart, reset-topic-tree and cancel', () => {
  let app: FastifyInstance;
  let reconciled: string[];
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    ({ reconciled } = stubProvisioner(app));
    team = await createTestTeam(app, 'Lifecycle');
  });

  it('restarts for any member (User included): generation +1, POD_INITIALIZING, 202', async () => {
    const { row } = await insertTestService(app, team.workspaceId, { status: 'RUNNING' });
    const response = await callAs(app, team.user, 'POST', `/v3/service/${row.id}/restart`);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ serviceId: row.id, status: 'POD_INITIALIZING' });
    expect((await findLiveService(app.db, row.id))?.restartGeneration).toBe(1);
    expect(reconciled).toContain(row.id);
  });

  it('resets the topic tree for reset-topics holders; a User gets 403', async () => {
    const { row } = await insertTestService(app, team.workspaceId, { status: 'RUNNING' });
    const path = `/v3/service/${row.id}/reset-topic-tree`;
    expect((await callAs(app, team.user, 'DELETE', path)).statusCode).toBe(403);
    const response = await callAs(app, team.admin, 'DELETE', path);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ serviceId: row.id, status: 'POD_INITIALIZING' });
    const stored = await findLiveService(app.db, row.id);
    expect(stored?.resetGeneration).toBe(1);
    expect(stored?.restartGeneration).toBe(0);
  });

  it('cancels for cancel-service holders; the service then answers 404 everywhere', async () => {
    const { row } = await insertTestService(app, team.workspaceId);
    const path = `/v3/service/${row.id}/cancel`;
    expect((await callAs(app, team.user, 'POST', path)).statusCode).toBe(403);
    expect((await callAs(app, team.owner, 'POST', path)).statusCode).toBe(204);
    expect(reconciled).toContain(row.id);
    for (const suffix of ['', '/status', '/cancel', '/service-api/details']) {
      const method = suffix === '/cancel' ? 'POST' : 'GET';
      expect(
        (await callAs(app, team.owner, method, `/v3/service/${row.id}${suffix}`)).statusCode,
      ).toBe(404);
    }
    const statuses = await callAs(
      app,
      team.owner,
      'GET',
      `/v3/workspace/${team.workspaceId}/services/status`,
    );
    expect(statuses.json().map((s: { serviceId: string }) => s.serviceId)).not.toContain(row.id);
  });

  it('refuses another workspace with 404', async () => {
    const other = await createTestTeam(app, 'Other');
    const { row } = await insertTestService(app, other.workspaceId);
    expect(
      (await callAs(app, team.owner, 'POST', `/v3/service/${row.id}/restart`)).statusCode,
    ).toBe(404);
  });
});
