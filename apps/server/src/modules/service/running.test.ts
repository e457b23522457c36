import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { uniqueServiceName } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';

/** The one test with a real runtime: create → RUNNING → live metrics answer from the runtime. */
describe('a created service runs', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp((ready) => ({ app } = ready));
  beforeAll(async () => {
    team = await createTestTeam(app, 'Running');
  });

  it('becomes RUNNING within 20 s and answers live metrics', async () => {
    const created = await callAs(app, team.owner, 'POST', '/v3/service/create', {
      workspaceId: team.workspaceId,
      serviceName: uniqueServiceName('run'),
      region: 'eu-west-1.local',
      billingPlan: 'free',
    });
    expect(created.statusCode).toBe(201);
    const { serviceId } = created.json() as { serviceId: string };
    const deadline = Date.now() + 20_000;
    let status = '';
    while (Date.now() < deadline) {
      status = (await callAs(app, team.user, 'GET', `/v3/service/${serviceId}/status`)).json()
        .status;
      if (status === 'RUNNING' || status === 'ERROR') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe('RUNNING');
    const metrics = await callAs(app, team.user, 'GET', `/v3/service/${serviceId}/metrics/live`);
    expect(metrics.statusCode).toBe(200);
    expect(metrics.json()).toEqual({ sessions: 0, topics: 0, topicsCapacity: 100 });
    expect(app.provisioner.endpointOf(serviceId)).not.toBeNull();
  }, 30_000);
});
