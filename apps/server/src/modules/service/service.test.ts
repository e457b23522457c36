import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { service, workspace } from '../../db/schema';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import type { TestService } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';

describe('reading services', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let other: Awaited<ReturnType<typeof createTestTeam>>;
  let mine: TestService;
  let foreign: TestService;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'Readers');
    other = await createTestTeam(app, 'Others');
    mine = await insertTestService(app, team.workspaceId, {
      status: 'RUNNING',
      desiredState: 'running',
      mqttPort: 21999,
      hintColor: '#ff0000',
    });
    foreign = await insertTestService(app, other.workspaceId);
  });

  it('GET /v3/service/{id} answers the Service to every member', async () => {
    for (const member of [team.owner, team.admin, team.user]) {
      const response = await callAs(app, member, 'GET', `/v3/service/${mine.row.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        serviceId: mine.row.id,
        status: 'RUNNING',
        active: true,
        consoleSettings: { hintColor: '#ff0000' },
        interestedAlerts: { topicsCapacity: true, remoteServer: true },
        endpoints: { mqttHost: 'localhost', mqttPort: 21999 },
      });
    }
  });

  it("answers 404 for another workspace's service, an unknown id and a cancelled service", async () => {
    const cancelled = await insertTestService(app, team.workspaceId, { desiredState: 'deleted' });
    for (const id of [foreign.row.id, 'nosuchservice', cancelled.row.id]) {
      const response = await callAs(app, team.owner, 'GET', `/v3/service/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'This service does not exist or you are not a member of its organisation.',
      });
    }
    expect((await callAs(app, undefined, 'GET', `/v3/service/${mine.row.id}`)).statusCode).toBe(
      401,
    );
  });

  it('GET status answers the status', async () => {
    const response = await callAs(app, team.user, 'GET', `/v3/service/${mine.row.id}/status`);
    expect(response.json()).toEqual({
      serviceId: mine.row.id,
      status: 'RUNNING',
      suspensionReason: null,
    });
  });

  it("lists the workspace's services and their statuses, without cancelled ones", async () => {
    const list = await callAs(app, team.user, 'GET', `/v3/workspace/${team.workspaceId}/services`);
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as { serviceId: string }[]).map((s) => s.serviceId);
    expect(ids).toContain(mine.row.id);
    expect(ids).not.toContain(foreign.row.id);

    const statuses = await callAs(
      app,
      team.user,
      'GET',
      `/v3/workspace/${team.workspaceId}/services/status`,
    );
    expect(statuses.json()).toContainEqual({
      serviceId: mine.row.id,
      servicename: mine.row.serviceName,
      status: 'RUNNING',
    });
    expect(statuses.json()).toHaveLength(ids.length);

    const foreignList = await callAs(
      app,
      team.owner,
      'GET',
      `/v3/workspace/${other.workspaceId}/services/status`,
    );
    expect(foreignList.statusCode).toBe(404);
  });

  it('lists workspaces with Service objects when expandServices=true, ids otherwise, and billing fields', async () => {
    await app.db
      .update(workspace)
      .set({ manuallyBilled: true })
      .where(eq(workspace.id, team.workspaceId));
    const expanded = await callAs(app, team.owner, 'GET', '/v3/workspaces?expandServices=true');
    const mineWs = expanded
      .json()
      .find((w: { workspace_id: string }) => w.workspace_id === team.workspaceId);
    expect(mineWs).toMatchObject({
      manuallyBilled: true,
      paymentMethodExempted: false,
      isFreeTrialAvailable: true,
    });
    expect(mineWs.services.map((s: { serviceId: string }) => s.serviceId)).toContain(mine.row.id);
    const plain = await callAs(app, team.owner, 'GET', '/v3/workspaces');
    const plainWs = plain
      .json()
      .find((w: { workspace_id: string }) => w.workspace_id === team.workspaceId);
    expect(plainWs.services).toContain(mine.row.id);
  });

  it('GET credit answers amount and currency to create-service holders only', async () => {
    await app.db
      .update(workspace)
      .set({ creditCents: 2500, creditCurrency: 'EUR' })
      .where(eq(workspace.id, team.workspaceId));
    const url = `/v3/workspace/${team.workspaceId}/credit`;
    expect((await callAs(app, team.admin, 'GET', url)).json()).toEqual({
      amount: 2500,
      currency: 'EUR',
    });
    expect((await callAs(app, team.user, 'GET', url)).statusCode).toBe(403);
  });

  it('GET /v3/metadata answers the catalogue without server-only fields', async () => {
    const response = await callAs(app, team.user, 'GET', '/v3/metadata');
    expect(response.statusCode).toBe(200);
    const metadata = response.json();
    expect(metadata.latestHeraldVersion).toBe('6.11');
    expect(metadata.regions).toContain('eu-west-1.local');
    expect(metadata.tiers[0]).not.toHaveProperty('topicsCapacity');
    expect(metadata.tiers.map((t: { billingPlan: string }) => t.billingPlan)).toContain('small');
  });

  it('GET billingPeriod answers the current UTC month in seconds, no invoice yet', async () => {
    const response = await callAs(
      app,
      team.user,
      'GET',
      `/v3/service/${mine.row.id}/billingPeriod`,
    );
    const { current, latest } = response.json();
    const now = Date.now() / 1000;
    expect(current.start).toBeLessThanOrEqual(now);
    expect(current.end).toBeGreaterThan(now);
    expect(new Date(current.start * 1000).getUTCDate()).toBe(1);
    expect(latest).toBeNull();
  });

  it('GET metrics/live answers zeros and the tier capacity when the runtime is not up', async () => {
    await app.db
      .update(service)
      .set({ provisioningPlan: 'small' })
      .where(eq(service.id, mine.row.id));
    const response = await callAs(app, team.user, 'GET', `/v3/service/${mine.row.id}/metrics/live`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sessions: 0, topics: 0, topicsCapacity: 10000 });
  });
});
