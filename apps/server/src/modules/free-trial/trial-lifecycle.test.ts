import { DAY_MS } from '@herald/contract/billing/free-trial-timeline';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubProvisioner } from '../../testing/test-services';
import { callAs } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { delayRemoval } from './trial-operator';
import { advanceTrialsOf, runTrialTick } from './trial-scheduler';
import {
  addCard,
  auditActionsOf,
  closureReasonOf,
  createTrialTeam,
  keepSessionsValid,
  movableClock,
  planPeriodsOf,
  serviceRow,
  subjectsTo,
} from './trial-test-kit';

const START = new Date();
const time = movableClock(START);

/** Moves the clock to `days` after the trial's start (plus `extraMs`) and runs one scheduler pass. */
async function tickAt(app: FastifyInstance, startedAt: number, days: number, extraMs = 0) {
  time.set(startedAt + days * DAY_MS + extraMs);
  await runTrialTick(app);
  await app.mailer.idle();
}

describe('a free trial driven by the clock', () => {
  let app: FastifyInstance;
  let reconciled: string[];
  useTestApp((ready) => ({ app } = ready), { clock: time.clock });

  beforeAll(async () => {
    ({ reconciled } = stubProvisioner(app));
    await keepSessionsValid(app, new Date(START.getTime() + 400 * DAY_MS));
  });

  it('reminds 7, 3 and 1 day before the end, once each, suspends at 30 days without a card and removes 30 days later', async () => {
    time.set(START.getTime());
    const { team, serviceId, wire } = await createTrialTeam(app, 'Lifecycle');
    const startedAt = START.getTime();
    expect(wire.trialEndsAt).toBe(startedAt + 30 * DAY_MS);
    const inbox = () => subjectsTo(app, team.owner.email);

    await tickAt(app, startedAt, 0);
    await tickAt(app, startedAt, 23, -1);
    expect(await inbox()).toEqual([]);

    await tickAt(app, startedAt, 23);
    await tickAt(app, startedAt, 23, 60_000);
    await tickAt(app, startedAt, 26);
    expect(await inbox()).toEqual(['Your free trial ends in 7 days']);
    // Admins hear it too; a User (who may not manage billing) does not.
    expect(await subjectsTo(app, team.admin.email)).toEqual(['Your free trial ends in 7 days']);
    expect(await subjectsTo(app, team.user.email)).toEqual([]);

    await tickAt(app, startedAt, 27);
    await tickAt(app, startedAt, 29);
    await tickAt(app, startedAt, 30, -1);
    expect(await inbox()).toEqual([
      'Your free trial ends in 7 days',
      'Your free trial ends in 3 days',
      'Your free trial ends in 1 day',
    ]);
    expect((await serviceRow(app, serviceId))?.desiredState).toBe('running');

    await tickAt(app, startedAt, 30);
    const suspended = await serviceRow(app, serviceId);
    expect(suspended).toMatchObject({
      desiredState: 'suspended',
      status: 'SUSPENDED',
      suspensionReason: 'TRIAL_END',
      billingPlan: 'freeTrial',
    });
    expect(suspended?.suspendedAt?.getTime()).toBe(startedAt + 30 * DAY_MS);
    expect(suspended?.removalDueAt?.getTime()).toBe(startedAt + 60 * DAY_MS);
    expect(reconciled).toContain(serviceId);
    expect(await closureReasonOf(app, team.workspaceId)).toBe('TRIAL_END');
    const periods = await planPeriodsOf(app, serviceId);
    expect(periods.map((p) => [p.billingPlan, p.endedAt?.getTime() ?? null])).toEqual([
      ['freeTrial', startedAt + 30 * DAY_MS],
    ]);
    expect((await inbox()).at(-1)).toBe('Your free trial service is suspended');

    // The wire: the service says why and when it goes; the workspace carries the blocking reason.
    const service = await callAs(app, team.owner, 'GET', `/v3/service/${serviceId}`);
    expect(service.json()).toMatchObject({
      status: 'SUSPENDED',
      suspensionReason: 'TRIAL_END',
      removalDueAt: startedAt + 60 * DAY_MS,
    });
    const workspaces = await callAs(app, team.owner, 'GET', '/v3/workspaces');
    expect(
      workspaces.json().find((w: { workspace_id: string }) => w.workspace_id === team.workspaceId),
    ).toMatchObject({ closureReason: 'TRIAL_END' });

    // A blocking closure reason stops new services, even on the free plan.
    const blocked = await callAs(app, team.owner, 'POST', '/v3/service/create', {
      workspaceId: team.workspaceId,
      serviceName: `free-${serviceId}`,
      region: 'eu-west-1.local',
      billingPlan: 'free',
    });
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().message).toContain('until a payment method is added');

    await tickAt(app, startedAt, 60, -1);
    expect((await serviceRow(app, serviceId))?.desiredState).toBe('suspended');
    await tickAt(app, startedAt, 60);
    expect((await serviceRow(app, serviceId))?.desiredState).toBe('deleted');
    await tickAt(app, startedAt, 61);
    expect(await inbox()).toEqual([
      'Your free trial ends in 7 days',
      'Your free trial ends in 3 days',
      'Your free trial ends in 1 day',
      'Your free trial service is suspended',
      'Your free trial service was removed',
    ]);
    expect((await auditActionsOf(app, team.workspaceId)).map((a) => a.action)).toEqual([
      'workspace.created',
      'service.created',
      'service.trial_reminder_sent',
      'service.trial_reminder_sent',
      'service.trial_reminder_sent',
      'service.trial_suspended',
      'service.trial_removed',
    ]);
    // Still blocked after the removal, until a card is added.
    expect(await closureReasonOf(app, team.workspaceId)).toBe('TRIAL_END');
    await addCard(app, team.workspaceId, { expMonth: 12, expYear: 2099 }, time.clock());
    await tickAt(app, startedAt, 61, 60_000);
    expect(await closureReasonOf(app, team.workspaceId)).toBeNull();
  });

  it('converts to the paid plan at the end when a valid card is on file, billed from then', async () => {
    time.set(START.getTime());
    const { team, serviceId } = await createTrialTeam(app, 'Converts');
    const startedAt = START.getTime();
    await addCard(app, team.workspaceId, { expMonth: 12, expYear: 2099 }, time.clock());
    await tickAt(app, startedAt, 30);
    expect(await serviceRow(app, serviceId)).toMatchObject({
      billingPlan: 'small',
      freeTrial: false,
      desiredState: 'running',
      suspensionReason: null,
    });
    const periods = await planPeriodsOf(app, serviceId);
    expect(
      periods.map((p) => [p.billingPlan, p.startedAt.getTime(), p.endedAt?.getTime() ?? null]),
    ).toEqual([
      ['freeTrial', startedAt, startedAt + 30 * DAY_MS],
      ['small', startedAt + 30 * DAY_MS, null],
    ]);
    expect((await subjectsTo(app, team.owner.email)).at(-1)).toBe(
      'Your free trial service now runs on its paid plan',
    );
    const wire = await callAs(app, team.owner, 'GET', `/v3/service/${serviceId}`);
    expect(wire.json().trialEndsAt).toBeUndefined();
    await tickAt(app, startedAt, 31);
    expect(await planPeriodsOf(app, serviceId)).toHaveLength(2);
  });

  it('suspends an expired card like none, and resumes the service within a tick once a card is added', async () => {
    time.set(START.getTime());
    const { team, serviceId } = await createTrialTeam(app, 'Resumes');
    const startedAt = START.getTime();
    const past = new Date(startedAt - 62 * DAY_MS);
    await addCard(
      app,
      team.workspaceId,
      { expMonth: past.getUTCMonth() + 1, expYear: past.getUTCFullYear() },
      time.clock(),
    );
    await tickAt(app, startedAt, 30);
    expect((await serviceRow(app, serviceId))?.suspensionReason).toBe('TRIAL_END');

    await addCard(app, team.workspaceId, { expMonth: 12, expYear: 2099 }, time.clock());
    time.set(startedAt + 35 * DAY_MS);
    // What the payments area calls once a card is stored: no waiting for the next pass.
    await advanceTrialsOf(app, team.workspaceId);
    expect(await serviceRow(app, serviceId)).toMatchObject({
      billingPlan: 'small',
      freeTrial: false,
      desiredState: 'running',
      status: 'CHECKING',
      suspensionReason: null,
      removalDueAt: null,
    });
    expect(await closureReasonOf(app, team.workspaceId)).toBeNull();
    const periods = await planPeriodsOf(app, serviceId);
    expect(periods.at(-1)).toMatchObject({ billingPlan: 'small', endedAt: null });
    expect(periods.at(-1)?.startedAt.getTime()).toBe(startedAt + 35 * DAY_MS);
  });

  it('waits for a removal an operator delayed', async () => {
    time.set(START.getTime());
    const { serviceId } = await createTrialTeam(app, 'Delayed');
    const startedAt = START.getTime();
    await tickAt(app, startedAt, 30);
    const later = new Date(startedAt + 75 * DAY_MS);
    expect(await delayRemoval(app, serviceId, new Date(startedAt + 50 * DAY_MS))).toMatchObject({
      ok: false,
    });
    expect(await delayRemoval(app, serviceId, later)).toMatchObject({ ok: true });
    await tickAt(app, startedAt, 60);
    await tickAt(app, startedAt, 75, -1);
    expect((await serviceRow(app, serviceId))?.desiredState).toBe('suspended');
    await tickAt(app, startedAt, 75);
    expect((await serviceRow(app, serviceId))?.desiredState).toBe('deleted');
  });
});
