import { DAY_MS } from '@herald/contract/billing/free-trial-timeline';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isRunning, waitForService } from '../../adapters/provisioner/testing/test-services';
import { callAs } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { runTrialTick } from './trial-scheduler';
import { createTrialTeam, keepSessionsValid, movableClock } from './trial-test-kit';

const START = new Date();
const time = movableClock(START);

/**
 * A free trial with a real runtime (spec section 9 "single instance, no persistence"): its topics do not survive a
 * restart, and the suspension at its end stops the runtime.
 */
describe('a free trial service on its runtime', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready), { clock: time.clock });

  it('keeps topics in memory only, and stops when the trial ends without a card', async () => {
    await keepSessionsValid(app, new Date(START.getTime() + 400 * DAY_MS));
    const { team, serviceId } = await createTrialTeam(app, 'Runtime');
    await waitForService(app.db, serviceId, isRunning, 30_000);
    const topicUrl = `/v3/service/${serviceId}/topic?path=${encodeURIComponent('trial/value')}`;
    const put = await callAs(app, team.owner, 'PUT', topicUrl, { type: 'STRING', value: 'kept?' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await callAs(app, team.owner, 'GET', topicUrl)).json()).toMatchObject({
      value: 'kept?',
    });

    const restart = await callAs(app, team.owner, 'POST', `/v3/service/${serviceId}/restart`);
    expect(restart.statusCode).toBe(202);
    await waitForService(app.db, serviceId, isRunning, 30_000);
    expect((await callAs(app, team.owner, 'GET', topicUrl)).statusCode).toBe(404);

    time.set(START.getTime() + 30 * DAY_MS);
    await runTrialTick(app);
    await waitForService(app.db, serviceId, (row) => row?.status === 'SUSPENDED', 30_000);
    const deadline = Date.now() + 15_000;
    while (app.provisioner.endpointOf(serviceId) !== null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(app.provisioner.endpointOf(serviceId)).toBeNull();
  }, 90_000);
});
