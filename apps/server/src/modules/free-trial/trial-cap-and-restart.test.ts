import { DAY_MS } from '@herald/contract/billing/free-trial-timeline';
import { FREE_TRIAL_MESSAGE_CAP } from '@herald/contract/constants';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service, trialNotice } from '../../db/schema';
import { operatorCommands } from '../../operator/commands';
import { createTestApp } from '../../testing/create-test-app';
import { stubProvisioner, uniqueServiceName } from '../../testing/test-services';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import type { TestDatabase } from '../../testing/test-database';
import { runTrialTick } from './trial-scheduler';
import { UNSENT_NOTICE_RETRY_MS } from './trial-notices';
import {
  closureReasonOf,
  createTrialTeam,
  keepSessionsValid,
  movableClock,
  serviceRow,
  subjectsTo,
} from './trial-test-kit';

const START = new Date();
const time = movableClock(START);

async function tickAt(app: FastifyInstance, at: number) {
  time.set(at);
  await runTrialTick(app);
  await app.mailer.idle();
}

/** Records billed messages for a service the way the metrics scraper does (one runtime reading). */
async function billed(app: FastifyInstance, serviceId: string, total: number, at: number) {
  await app.metricsStore.recordScrape?.(
    serviceId,
    {
      startedAt: Math.floor(START.getTime() / 1000),
      billedMessages: total,
      messagesIn: total,
      adapterBilledMessages: 0,
      bytes: 0,
      sessions: 0,
      topics: 0,
    },
    new Date(at),
  );
}

async function operator(app: FastifyInstance, ...args: string[]) {
  const [name, ...rest] = args;
  const command = operatorCommands.find((c) => c.name === name);
  if (!command) throw new Error(`no command ${String(name)}`);
  const lines: string[] = [];
  const code = await command.run(rest, { app, out: (line) => lines.push(line) });
  return { code, lines };
}

describe('the free trial cap, the operator commands and a restart', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  useTestApp((ready) => ({ app, database } = ready), { clock: time.clock });

  beforeAll(async () => {
    stubProvisioner(app);
    await keepSessionsValid(app, new Date(START.getTime() + 400 * DAY_MS));
  });

  it('refuses a highly available trial with a clear 400', async () => {
    time.set(START.getTime());
    const team = await createTestTeam(app, 'HA');
    const response = await callAs(app, team.owner, 'POST', '/v3/service/create', {
      workspaceId: team.workspaceId,
      serviceName: uniqueServiceName('ha'),
      region: 'eu-west-1.local',
      billingPlan: 'small',
      freeTrial: true,
      highAvailability: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      {
        path: 'body.highAvailability',
        message:
          'A free trial runs on a single instance: turn high availability off, or choose a paid plan.',
      },
    ]);
  });

  it('reminds at 80 % of the messages and suspends with LIMIT_EXHAUSTED at the cap', async () => {
    time.set(START.getTime());
    const { team, serviceId } = await createTrialTeam(app, 'Cap');
    const t0 = START.getTime();
    await billed(app, serviceId, 0, t0 + 60_000);
    await billed(app, serviceId, FREE_TRIAL_MESSAGE_CAP * 0.8 - 1, t0 + DAY_MS);
    await tickAt(app, t0 + DAY_MS + 60_000);
    expect(await subjectsTo(app, team.owner.email)).toEqual([]);
    expect((await serviceRow(app, serviceId))?.trialMessagesUsed).toBe(
      FREE_TRIAL_MESSAGE_CAP * 0.8 - 1,
    );

    await billed(app, serviceId, FREE_TRIAL_MESSAGE_CAP * 0.8, t0 + 2 * DAY_MS);
    await tickAt(app, t0 + 2 * DAY_MS + 60_000);
    await tickAt(app, t0 + 2 * DAY_MS + 120_000);
    expect(await subjectsTo(app, team.owner.email)).toEqual([
      'Your free trial has used 80% of its messages',
    ]);

    await billed(app, serviceId, FREE_TRIAL_MESSAGE_CAP, t0 + 3 * DAY_MS);
    await tickAt(app, t0 + 3 * DAY_MS + 60_000);
    expect(await serviceRow(app, serviceId)).toMatchObject({
      desiredState: 'suspended',
      suspensionReason: 'LIMIT_EXHAUSTED',
    });
    expect(await closureReasonOf(app, team.workspaceId)).toBe('LIMIT_EXHAUSTED');
    // Time cannot fix a used-up cap.
    const extend = await operator(app, 'trial-extend', serviceId, '10');
    expect(extend.code).toBe(1);
  });

  it('extends a trial, ends it now, and refuses bad arguments', async () => {
    time.set(START.getTime());
    const { serviceId } = await createTrialTeam(app, 'Operator');
    const t0 = START.getTime();
    expect((await operator(app, 'trial-extend', serviceId)).code).toBe(2);
    expect((await operator(app, 'trial-extend', serviceId, '-3')).code).toBe(2);
    expect((await operator(app, 'trial-extend', 'nope', '3')).lines).toEqual(['No service nope.']);

    expect((await operator(app, 'trial-extend', serviceId, '10')).code).toBe(0);
    expect((await serviceRow(app, serviceId))?.trialEndsAt?.getTime()).toBe(t0 + 40 * DAY_MS);
    await tickAt(app, t0 + 30 * DAY_MS);
    expect((await serviceRow(app, serviceId))?.desiredState).toBe('running');

    expect((await operator(app, 'trial-end', serviceId)).code).toBe(0);
    await tickAt(app, t0 + 30 * DAY_MS + 60_000);
    const ended = await serviceRow(app, serviceId);
    expect(ended).toMatchObject({ desiredState: 'suspended', suspensionReason: 'TRIAL_END' });

    // Extending a trial that ended brings it back as a trial running `days` from now.
    expect((await operator(app, 'trial-extend', serviceId, '5')).code).toBe(0);
    const resumed = await serviceRow(app, serviceId);
    expect(resumed).toMatchObject({
      desiredState: 'running',
      suspensionReason: null,
      billingPlan: 'freeTrial',
    });
    expect(resumed?.trialEndsAt?.getTime()).toBe(t0 + 35 * DAY_MS + 60_000);

    expect((await operator(app, 'delay-removal', serviceId, '2099-02-30')).code).toBe(2);
    expect((await operator(app, 'delay-removal', serviceId, '2099-02-28')).lines).toEqual([
      `The service ${serviceId} is not suspended by its free trial.`,
    ]);
  });

  it('sends nothing twice across a restart of the control plane, and finishes a send a crash interrupted', async () => {
    time.set(START.getTime());
    const { team, serviceId } = await createTrialTeam(app, 'Restart');
    const t0 = START.getTime();
    await tickAt(app, t0 + 23 * DAY_MS);
    expect(await subjectsTo(app, team.owner.email)).toEqual(['Your free trial ends in 7 days']);

    // A second control plane on the same database (the first one stopped): its first pass sends nothing again.
    await app.close();
    app = await createTestApp({ db: database, clock: time.clock });
    stubProvisioner(app);
    await tickAt(app, t0 + 23 * DAY_MS + 60_000);
    await tickAt(app, t0 + 24 * DAY_MS);
    expect(await subjectsTo(app, team.owner.email)).toEqual(['Your free trial ends in 7 days']);

    // A crash after the 3-day reminder was claimed and before it was sent: a later pass sends it, once.
    await tickAt(app, t0 + 27 * DAY_MS);
    expect((await subjectsTo(app, team.owner.email)).at(-1)).toBe('Your free trial ends in 3 days');
    await app.db
      .update(trialNotice)
      .set({ sentAt: null })
      .where(
        and(eq(trialNotice.serviceId, serviceId), like(trialNotice.noticeKey, 'ends-in-3d@%')),
      );
    const before = (await subjectsTo(app, team.owner.email)).length;
    await tickAt(app, t0 + 27 * DAY_MS + 60_000);
    expect(await subjectsTo(app, team.owner.email)).toHaveLength(before);
    await tickAt(app, t0 + 27 * DAY_MS + UNSENT_NOTICE_RETRY_MS + 120_000);
    const after = await subjectsTo(app, team.owner.email);
    expect(after.slice(before)).toEqual(['Your free trial ends in 3 days']);
    await tickAt(app, t0 + 28 * DAY_MS);
    expect(await subjectsTo(app, team.owner.email)).toHaveLength(after.length);
  });

  afterAll(async () => {
    await app.close();
  });
});

describe('a trial service suspended for another reason', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready), { clock: time.clock });

  it('is left alone by the trial scheduler (no reminder, no conversion, no removal)', async () => {
    stubProvisioner(app);
    time.set(START.getTime());
    await keepSessionsValid(app, new Date(START.getTime() + 400 * DAY_MS));
    const { team, serviceId } = await createTrialTeam(app, 'Marketplace');
    await app.db
      .update(service)
      .set({ desiredState: 'suspended', status: 'SUSPENDED', suspensionReason: 'inactive' })
      .where(eq(service.id, serviceId));
    for (const day of [23, 30, 61]) await tickAt(app, START.getTime() + day * DAY_MS);
    expect(await serviceRow(app, serviceId)).toMatchObject({
      desiredState: 'suspended',
      suspensionReason: 'inactive',
      billingPlan: 'freeTrial',
    });
    expect(await subjectsTo(app, team.owner.email)).toEqual([]);
  });
});
