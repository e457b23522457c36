import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { DAY_MS } from '@herald/contract/billing/free-trial-timeline';
import { FREE_TRIAL_ADAPTER_MESSAGE_LIMIT } from '@herald/contract/constants';
import type { KafkaAdapterRecord } from '@herald/contract/kafka/kafka-adapter.schema';
import { KAFKA_MESSAGES } from '@herald/contract/messages';
import { REST_ADAPTER_MESSAGES } from '@herald/contract/rest-adapters/rest-adapter-rules';
import type { RestAdapterState } from '@herald/contract/rest-adapters/rest-adapter-state';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePaidExemptService } from '../../testing/test-payments';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { callAs, createTestTeam, type TestMember } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { serviceEventsSettled } from '../logs/service-events';
import { findServiceRow } from './trial.repository';
import { enforceAdapterTrialCap } from './trial-adapter-cap';
import { runTrialTick } from './trial-scheduler';
import {
  auditActionsOf,
  createTrialTeam,
  keepSessionsValid,
  movableClock,
  serviceRow,
  subjectsTo,
} from './trial-test-kit';

const START = new Date();
const time = movableClock(START);
const LIMIT = FREE_TRIAL_ADAPTER_MESSAGE_LIMIT;
const ADAPTER_LIMIT_SUBJECT = "Your free trial's adapters were stopped";

async function tickAt(app: FastifyInstance, at: number) {
  time.set(at);
  await runTrialTick(app);
  await app.mailer.idle();
}

/**
 * One runtime reading as the metrics scraper records it: the service's billed messages, of which `adapters` were the
 * adapters' (herald_adapter_billed_messages_total).
 */
async function scraped(
  app: FastifyInstance,
  serviceId: string,
  reading: { billed: number; adapters: number },
  at: number,
) {
  await app.metricsStore.recordScrape?.(
    serviceId,
    {
      startedAt: Math.floor(START.getTime() / 1000),
      billedMessages: reading.billed,
      messagesIn: reading.billed,
      adapterBilledMessages: reading.adapters,
      bytes: 0,
      sessions: 0,
      topics: 0,
    },
    new Date(at),
  );
}

describe("the free trial's Kafka adapter cap (spec section 9)", () => {
  let app: FastifyInstance;
  let reconciled: string[];
  useTestApp(
    (ready) => {
      ({ app } = ready);
      ({ reconciled } = stubProvisioner(app));
    },
    { clock: time.clock },
  );

  beforeAll(async () => {
    await keepSessionsValid(app, new Date(START.getTime() + 400 * DAY_MS));
  });

  const call = (
    who: TestMember,
    route: { method: string; path: string },
    params: Record<string, string>,
    body?: unknown,
  ) => callAs(app, who, route.method as 'GET', buildPath(route.path, params), body);

  async function createAdapter(who: TestMember, serviceId: string, label = 'orders') {
    const response = await call(
      who,
      routes.createKafkaAdapter,
      { serviceId },
      {
        label,
        reconnectInterval: 1000,
        haEnabled: false,
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  }

  async function activated(who: TestMember, serviceId: string) {
    const response = await call(who, routes.listKafkaAdapters, { serviceId });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as KafkaAdapterRecord[]).map((record) => record.active);
  }

  it('leaves the adapters of a trial below the cap running, and stops them at the cap, in words', async () => {
    time.set(START.getTime());
    const { team, serviceId } = await createTrialTeam(app, 'Adapter cap');
    const adapterId = await createAdapter(team.owner, serviceId);
    const t0 = START.getTime();

    // The service's billed messages (below its own cap of 200 million) are not the adapters': only their part counts.
    await scraped(app, serviceId, { billed: 1.5 * LIMIT, adapters: LIMIT - 1 }, t0 + DAY_MS);
    await tickAt(app, t0 + DAY_MS + 60_000);
    expect(await activated(team.owner, serviceId)).toEqual([true]);
    expect(await subjectsTo(app, team.owner.email)).not.toContain(ADAPTER_LIMIT_SUBJECT);
    expect((await auditActionsOf(app, team.workspaceId)).map((row) => row.action)).not.toContain(
      'service.trial_adapters_deactivated',
    );

    reconciled.length = 0;
    await scraped(app, serviceId, { billed: 1.5 * LIMIT + 10, adapters: LIMIT }, t0 + 2 * DAY_MS);
    await tickAt(app, t0 + 2 * DAY_MS + 60_000);
    expect(await activated(team.owner, serviceId)).toEqual([false]);
    // The reconcile loop is told, so it stops the adapter's process.
    expect(reconciled).toContain(serviceId);
    expect(await subjectsTo(app, team.owner.email)).toContain(ADAPTER_LIMIT_SUBJECT);
    const audit = (await auditActionsOf(app, team.workspaceId)).filter(
      (row) => row.action === 'service.trial_adapters_deactivated',
    );
    expect(audit).toEqual([
      {
        action: 'service.trial_adapters_deactivated',
        details: expect.objectContaining({
          serviceId,
          by: 'scheduler',
          adapterIds: [adapterId],
          labels: ['orders'],
          messagesUsed: LIMIT,
          limit: LIMIT,
        }) as unknown,
      },
    ]);

    await serviceEventsSettled(app.logStore);
    const events = await app.logStore.page({ serviceId, stream: { kind: 'event' }, limit: 100 });
    expect(events.entries.map((entry) => entry.message)).toContain(
      `Deactivated the Kafka adapter “orders” of the service “${(await serviceRow(app, serviceId))!.serviceName}”: its free trial’s adapters used all of their messages`,
    );

    // Enabling it again during the trial is refused in words; so is a new adapter after deleting this one.
    const enable = await call(team.owner, routes.enableKafkaAdapter, {
      serviceId,
      adapterId,
    });
    expect(enable.statusCode, enable.body).toBe(400);
    expect(enable.json()).toMatchObject({ message: KAFKA_MESSAGES.freeTrialAdapterLimitReached });
    expect(await activated(team.owner, serviceId)).toEqual([false]);
    const removed = await call(team.owner, routes.deleteKafkaAdapter, {
      serviceId,
      adapterId,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const again = await call(
      team.owner,
      routes.createKafkaAdapter,
      { serviceId },
      {
        label: 'orders again',
        reconnectInterval: 1000,
        haEnabled: false,
      },
    );
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json()).toMatchObject({ message: KAFKA_MESSAGES.freeTrialAdapterLimitReached });

    // The service itself runs on, and a later tick sends nothing twice.
    expect(await serviceRow(app, serviceId)).toMatchObject({ desiredState: 'running' });
    await tickAt(app, t0 + 2 * DAY_MS + 120_000);
    const subjects = await subjectsTo(app, team.owner.email);
    expect(subjects.filter((subject) => subject === ADAPTER_LIMIT_SUBJECT)).toHaveLength(1);
  });

  it("never stops a paid service's adapters, whatever their messages", async () => {
    time.set(START.getTime());
    const team = await createTestTeam(app, 'Paid adapters');
    const { row } = await insertTestService(app, team.workspaceId, { heraldVersion: '6.10' });
    await makePaidExemptService(app, team.workspaceId, row.id);
    const adapterId = await createAdapter(team.owner, row.id);
    const t0 = START.getTime();
    await scraped(app, row.id, { billed: 5 * LIMIT, adapters: 3 * LIMIT }, t0 + DAY_MS);
    await tickAt(app, t0 + DAY_MS + 60_000);
    // The tick lists trial services only; the rule itself leaves a paid service alone too.
    const paid = await findServiceRow(app.db, row.id);
    await enforceAdapterTrialCap(app, paid!, new Date(t0 + DAY_MS + 60_000));
    expect(await activated(team.owner, row.id)).toEqual([true]);

    const disable = await call(team.owner, routes.disableKafkaAdapter, {
      serviceId: row.id,
      adapterId,
    });
    expect(disable.statusCode, disable.body).toBe(200);
    const enable = await call(team.owner, routes.enableKafkaAdapter, {
      serviceId: row.id,
      adapterId,
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(await activated(team.owner, row.id)).toEqual([true]);
    expect(
      (await auditActionsOf(app, team.workspaceId)).map((entry) => entry.action),
    ).not.toContain('service.trial_adapters_deactivated');
  });

  it('counts the REST adapter in the cap: stopped with the Kafka adapters, and not activated again during the trial', async () => {
    time.set(START.getTime());
    const { team, serviceId } = await createTrialTeam(app, 'REST adapter cap');
    const kafkaId = await createAdapter(team.owner, serviceId);
    const api = await call(
      team.owner,
      routes.createRestApi,
      { serviceId },
      { label: 'Prices', baseUrl: 'https://prices.example.com', endpoints: [{ path: '/eur' }] },
    );
    expect(api.statusCode, api.body).toBe(201);
    const restState = async () =>
      (
        await call(team.owner, routes.getRestAdapterState, { serviceId })
      ).json() as RestAdapterState;
    const restId = (await restState()).adapter!.adapterId;
    const t0 = START.getTime();

    await scraped(app, serviceId, { billed: LIMIT, adapters: LIMIT }, t0 + DAY_MS);
    await tickAt(app, t0 + DAY_MS + 60_000);
    expect(await activated(team.owner, serviceId)).toEqual([false]);
    expect((await restState()).adapter).toMatchObject({ adapterId: restId, active: false });
    const audit = (await auditActionsOf(app, team.workspaceId)).filter(
      (row) => row.action === 'service.trial_adapters_deactivated',
    );
    expect(audit).toEqual([
      {
        action: 'service.trial_adapters_deactivated',
        details: expect.objectContaining({
          adapterIds: [kafkaId],
          labels: ['orders'],
          restAdapterId: restId,
        }) as unknown,
      },
    ]);
    expect(await subjectsTo(app, team.owner.email)).toContain(ADAPTER_LIMIT_SUBJECT);

    // Activating it again during the trial is refused in words.
    const upsert = await call(
      team.owner,
      routes.upsertRestAdapterService,
      { serviceId },
      { active: true },
    );
    expect(upsert.statusCode, upsert.body).toBe(400);
    expect(upsert.json()).toMatchObject({
      message: REST_ADAPTER_MESSAGES.freeTrialAdapterLimitReached,
    });
    expect((await restState()).adapter).toMatchObject({ active: false });
  });
});
