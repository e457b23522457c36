import { DAY_MS } from '@herald/contract/billing/free-trial-timeline';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addTestCard } from '../../testing/test-payments';
import { stubProvisioner } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { runTrialTick } from '../free-trial/trial-scheduler';
import {
  closureReasonOf,
  createTrialTeam,
  keepSessionsValid,
  movableClock,
  serviceRow,
} from '../free-trial/trial-test-kit';

const START = new Date();
const time = movableClock(START);

/**
 * What storing a card sets going at once, not at the next scheduler pass: a free trial suspended for want of a card
 * comes back on its paid plan (decision 025).
 */
describe('a card stored through checkout', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready), { clock: time.clock });
  beforeAll(async () => {
    stubProvisioner(app);
    await keepSessionsValid(app, new Date(START.getTime() + 90 * DAY_MS));
  });

  it('brings back a trial suspended at its end, without waiting for the scheduler', async () => {
    time.set(START.getTime());
    const { team, serviceId } = await createTrialTeam(app, 'Card after trial');
    time.set(START.getTime() + 30 * DAY_MS);
    await runTrialTick(app);
    expect(await serviceRow(app, serviceId)).toMatchObject({ suspensionReason: 'TRIAL_END' });

    await addTestCard(app, team.owner, team.workspaceId);
    await app.builtinCheckoutSweep?.();

    expect(await serviceRow(app, serviceId)).toMatchObject({
      desiredState: 'running',
      suspensionReason: null,
      billingPlan: 'small',
      freeTrial: false,
    });
    expect(await closureReasonOf(app, team.workspaceId)).toBeNull();
  });
});
