import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageBucket as bucket } from '@herald/contract/usage/testing/usage-factories';
import { aggregateUsage, type UsageBucket } from '@herald/contract/usage/usage-aggregate';
import {
  USAGE_METRICS,
  USAGE_QUERY_TYPES,
  type UsageMetric,
  type UsageQueryType,
} from '@herald/contract/usage/usage.schema';
import { metricsScrapeState, usageSample } from '../../db/schema/usage';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { createDatabaseMetricsStore } from './database-metrics-store';
import type { MetricsStore, RuntimeScrape } from './metrics-store';

const SILENT = { info: () => {}, warn: () => {}, error: () => {} };
/** A Monday, 00:00 UTC. */
const T0 = Date.UTC(2026, 10, 16) / 1000;

/** A small seeded generator (mulberry32): the property checks are random but repeatable. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)) };
}

describe('the database metrics store', () => {
  let database: TestDatabase;
  let store: MetricsStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = newStore();
  });
  afterAll(async () => {
    await database.close();
  });

  function newStore(metricsRetentionDays = 400) {
    return createDatabaseMetricsStore({
      db: database.db,
      config: { metricsRetentionDays },
      clock: () => new Date(),
      logger: SILENT,
    });
  }

  async function insertBuckets(serviceId: string, buckets: readonly UsageBucket[]) {
    for (let index = 0; index < buckets.length; index += 500) {
      await database.db
        .insert(usageSample)
        .values(buckets.slice(index, index + 500).map((row) => ({ serviceId, ...row })));
    }
  }

  async function storedBuckets(serviceId: string): Promise<UsageBucket[]> {
    const rows = await database.db
      .select()
      .from(usageSample)
      .where(eq(usageSample.serviceId, serviceId));
    return rows.map(({ serviceId: _id, ...row }) => row);
  }

  const ask = (
    serviceId: string,
    metric: UsageMetric,
    queryType: UsageQueryType,
    window: { from: number; to: number; step: number },
  ) => store.answer({ serviceId, serviceName: 'svc', metric, queryType, ...window });

  describe('answers', () => {
    const serviceId = `svc-known-${randomUUID()}`;
    // Minute rows in the first hour, then an hour row (folded history) at 02:00.
    const buckets = [
      bucket(T0, 60, {
        billedMessages: 5,
        bytes: 50,
        sessionsMax: 3,
        sessionsMin: 1,
        topicsMax: 7,
        topicsMin: 7,
      }),
      bucket(T0 + 60, 60, {
        billedMessages: 2,
        bytes: 20,
        sessionsMax: 4,
        sessionsMin: 2,
        topicsMax: 8,
        topicsMin: 7,
      }),
      bucket(T0 + 600, 60, {
        billedMessages: 10,
        bytes: 100,
        sessionsMax: 1,
        sessionsMin: 1,
        topicsMax: 8,
        topicsMin: 8,
      }),
      bucket(T0 + 7200, 3600, {
        billedMessages: 100,
        bytes: 1000,
        sessionsMax: 6,
        sessionsMin: 0,
        topicsMax: 9,
        topicsMin: 8,
      }),
    ];
    beforeAll(() => insertBuckets(serviceId, buckets));

    const hours = { from: T0, to: T0 + 3 * 3600, step: 3600 };
    const firstTenMinutes = { from: T0, to: T0 + 600, step: 300 };
    const firstTwoMinutes = { from: T0, to: T0 + 120, step: 60 };
    it.each<[UsageMetric, UsageQueryType, typeof hours, number | [number, number][]]>([
      ['billed_messages_total', 'sum', hours, 117],
      ['billed_messages_total', 'increase', hours, 117],
      ['bytes_total', 'sum', hours, 1170],
      ['billed_messages_total', 'peak', hours, 100],
      ['billed_messages_total', 'low', hours, 0],
      ['billed_messages_total', 'low', firstTwoMinutes, 2],
      ['billed_messages_total', 'peak', firstTwoMinutes, 5],
      [
        'billed_messages_total',
        'histogram',
        hours,
        [
          [T0, 17],
          [T0 + 3600, 0],
          [T0 + 7200, 100],
        ],
      ],
      [
        'billed_messages_total',
        'histogram',
        firstTenMinutes,
        [
          [T0, 7],
          [T0 + 300, 0],
        ],
      ],
      ['sessions', 'peak', hours, 6],
      ['sessions', 'low', hours, 0],
      ['sessions', 'low', firstTenMinutes, 1],
      ['topics', 'peak', hours, 9],
      ['topics', 'low', hours, 7],
      // Session-minutes: 3 + 4 + 1 per minute row, 6 × 60 for the hour row.
      ['sessions', 'sum', hours, 368],
      ['topics', 'sum', firstTenMinutes, 15],
      // Last row's peak minus the first's.
      ['sessions', 'increase', hours, 3],
      ['topics', 'increase', firstTenMinutes, 1],
      [
        'sessions',
        'histogram',
        hours,
        [
          [T0, 4],
          [T0 + 3600, 0],
          [T0 + 7200, 6],
        ],
      ],
      [
        'topics',
        'histogram',
        firstTenMinutes,
        [
          [T0, 8],
          [T0 + 300, 0],
        ],
      ],
    ])('%s %s over %o is %o', async (metric, queryType, window, expected) => {
      const answer = await ask(serviceId, metric, queryType, window);
      expect(answer).toEqual(
        Array.isArray(expected)
          ? expected.map(([timestamp, value]) => ({ timestamp, value }))
          : expected,
      );
      expect(answer).toEqual(aggregateUsage(metric, queryType, buckets, window));
    });

    it('answers 0 (or zeros) where nothing was recorded, and never counts another service', async () => {
      const empty = { from: T0 - 7200, to: T0, step: 3600 };
      for (const metric of USAGE_METRICS) {
        for (const queryType of USAGE_QUERY_TYPES) {
          expect(await ask(serviceId, metric, queryType, empty)).toEqual(
            queryType === 'histogram'
              ? [
                  { timestamp: T0 - 7200, value: 0 },
                  { timestamp: T0 - 3600, value: 0 },
                ]
              : 0,
          );
        }
      }
      expect(await ask(`svc-other-${randomUUID()}`, 'billed_messages_total', 'sum', hours)).toBe(0);
    });
  });

  it('answers exactly as contract aggregateUsage over random rows (fixed seeds)', async () => {
    const queryTypes = USAGE_QUERY_TYPES;
    let compared = 0;
    for (const seed of [1, 7, 42, 1234, 99_991]) {
      const random = seeded(seed);
      const serviceId = `svc-prop-${seed}-${randomUUID()}`;
      const buckets: UsageBucket[] = [];
      // Two days of hour rows (folded history), then a day of sparse minute rows.
      for (let hour = 0; hour < 48; hour += 1) {
        if (random.next() < 0.3) continue;
        buckets.push(randomBucket(random, T0 + hour * 3600, 3600));
      }
      for (let minute = 0; minute < 1440; minute += 1) {
        if (random.next() < 0.6) continue;
        buckets.push(randomBucket(random, T0 + 48 * 3600 + minute * 60, 60));
      }
      await insertBuckets(serviceId, buckets);
      for (let trial = 0; trial < 12; trial += 1) {
        const step = [60, 300, 3600, 7200, 86_400][random.int(0, 4)]!;
        const from =
          T0 - 3600 + random.int(0, 72 * 60) * 60 + (random.next() < 0.3 ? random.int(1, 59) : 0);
        const maxSteps = step === 60 ? 600 : 200;
        const to = Math.min(
          from + random.int(1, maxSteps) * step - random.int(0, 1) * 30,
          T0 + 80 * 3600,
        );
        if (to <= from) continue;
        const window = { from, to, step };
        for (const queryType of queryTypes) {
          // One call naming every metric (as the route asks): the same answers as one by one.
          const together = await store.answerMany!(
            USAGE_METRICS.map((metric) => ({
              serviceId,
              serviceName: 'svc',
              metric,
              queryType,
              ...window,
            })),
          );
          expect(together).toEqual(
            USAGE_METRICS.map((metric) => aggregateUsage(metric, queryType, buckets, window)),
          );
        }
        for (const metric of USAGE_METRICS) {
          for (const queryType of queryTypes) {
            const expected = aggregateUsage(metric, queryType, buckets, window);
            expect(
              await ask(serviceId, metric, queryType, window),
              `${metric} ${queryType} ${JSON.stringify(window)} seed ${seed}`,
            ).toEqual(expected);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    // ~1,800 queries (five metrics since issue 25): room for a shared machine, not a speed limit.
  }, 180_000);

  function randomBucket(random: ReturnType<typeof seeded>, start: number, seconds: number) {
    const sessionsMin = random.int(0, 50);
    const topicsMin = random.int(0, 500);
    return bucket(start, seconds, {
      billedMessages: random.next() < 0.2 ? 0 : random.int(0, 100_000),
      messagesIn: random.int(0, 50_000),
      adapterBilledMessages: random.int(0, 30_000),
      bytes: random.int(0, 50_000_000),
      sessionsMin,
      sessionsMax: sessionsMin + random.int(0, 20),
      topicsMin,
      topicsMax: topicsMin + random.int(0, 5),
    });
  }

  describe('recording scrapes', () => {
    const scrape = (values: Partial<RuntimeScrape>): RuntimeScrape => ({
      startedAt: T0 - 100,
      billedMessages: 0,
      messagesIn: 0,
      adapterBilledMessages: 0,
      bytes: 0,
      sessions: 0,
      topics: 0,
      ...values,
    });
    const at = (seconds: number) => new Date((T0 + seconds) * 1000);
    const day = { from: T0, to: T0 + 86_400, step: 60 };

    it('stores increases per minute, counts a restarted runtime from zero and the gauges extremes', async () => {
      const serviceId = `svc-scrape-${randomUUID()}`;
      // A runtime seen for the first time: what it counted so far is new usage.
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 10, bytes: 100, sessions: 2, topics: 5 }),
        at(0),
      );
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 25, bytes: 250, sessions: 4, topics: 5 }),
        at(15),
      );
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 40, bytes: 400, sessions: 1, topics: 6 }),
        at(60),
      );
      // Restarted (a new start time): its 5 count from zero.
      await store.recordScrape!(
        serviceId,
        scrape({ startedAt: T0 + 70, billedMessages: 5, bytes: 50, sessions: 0, topics: 6 }),
        at(75),
      );
      await store.recordScrape!(
        serviceId,
        scrape({ startedAt: T0 + 70, billedMessages: 7, bytes: 70, sessions: 3, topics: 6 }),
        at(90),
      );
      // Same start time but a lower value (a reset we could not see otherwise): from zero again.
      await store.recordScrape!(
        serviceId,
        scrape({ startedAt: T0 + 70, billedMessages: 3, bytes: 30, sessions: 3, topics: 6 }),
        at(135),
      );
      expect(await ask(serviceId, 'billed_messages_total', 'sum', day)).toBe(25 + 15 + 5 + 2 + 3);
      expect(await ask(serviceId, 'bytes_total', 'sum', day)).toBe(250 + 150 + 50 + 20 + 30);
      const hourly = { from: T0, to: T0 + 180, step: 60 };
      expect(await ask(serviceId, 'billed_messages_total', 'histogram', hourly)).toEqual([
        { timestamp: T0, value: 25 },
        { timestamp: T0 + 60, value: 22 },
        { timestamp: T0 + 120, value: 3 },
      ]);
      expect(await ask(serviceId, 'sessions', 'histogram', hourly)).toEqual([
        { timestamp: T0, value: 4 },
        { timestamp: T0 + 60, value: 3 },
        { timestamp: T0 + 120, value: 3 },
      ]);
      expect(await ask(serviceId, 'sessions', 'peak', day)).toBe(4);
      expect(await ask(serviceId, 'sessions', 'low', day)).toBe(0);
      expect(await ask(serviceId, 'topics', 'peak', day)).toBe(6);
      expect(await ask(serviceId, 'topics', 'low', day)).toBe(5);
    });

    it('records the messages published beside the billed ones (issue 25: in and out shown apart)', async () => {
      const serviceId = `svc-in-${randomUUID()}`;
      await store.recordScrape!(serviceId, scrape({ billedMessages: 10, messagesIn: 4 }), at(0));
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 175, messagesIn: 147 }),
        at(75),
      );
      expect(await ask(serviceId, 'messages_in_total', 'sum', day)).toBe(147);
      expect(await ask(serviceId, 'billed_messages_total', 'sum', day)).toBe(175);
      expect(
        await ask(serviceId, 'messages_in_total', 'histogram', {
          from: T0,
          to: T0 + 120,
          step: 60,
        }),
      ).toEqual([
        { timestamp: T0, value: 4 },
        { timestamp: T0 + 60, value: 143 },
      ]);
    });

    it('counts no lump of published messages for a runtime last read before they were recorded', async () => {
      const serviceId = `svc-in-upgrade-${randomUUID()}`;
      await store.recordScrape!(serviceId, scrape({ billedMessages: 100, messagesIn: 60 }), at(0));
      // As migration 0008 leaves a state written before it.
      await database.db
        .update(metricsScrapeState)
        .set({ messagesIn: null })
        .where(eq(metricsScrapeState.serviceId, serviceId));
      await database.db.delete(usageSample).where(eq(usageSample.serviceId, serviceId));
      await store.recordScrape!(serviceId, scrape({ billedMessages: 130, messagesIn: 75 }), at(60));
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 140, messagesIn: 80 }),
        at(120),
      );
      expect(await ask(serviceId, 'billed_messages_total', 'sum', day)).toBe(40);
      expect(await ask(serviceId, 'messages_in_total', 'sum', day)).toBe(5);
    });

    it("records the adapters' part of the billed messages, counted from zero after a runtime restart (issue 27)", async () => {
      const serviceId = `svc-adapters-${randomUUID()}`;
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 10, adapterBilledMessages: 6 }),
        at(0),
      );
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 50, adapterBilledMessages: 26 }),
        at(75),
      );
      // The runtime restarted: its counters start again, all it counted since is new.
      await store.recordScrape!(
        serviceId,
        scrape({ startedAt: T0 + 100, billedMessages: 9, adapterBilledMessages: 4 }),
        at(130),
      );
      expect(await ask(serviceId, 'adapter_billed_messages_total', 'increase', day)).toBe(30);
      expect(await ask(serviceId, 'billed_messages_total', 'increase', day)).toBe(59);
      expect(
        await ask(serviceId, 'adapter_billed_messages_total', 'histogram', {
          from: T0,
          to: T0 + 180,
          step: 60,
        }),
      ).toEqual([
        { timestamp: T0, value: 6 },
        { timestamp: T0 + 60, value: 20 },
        { timestamp: T0 + 120, value: 4 },
      ]);
    });

    it('counts no lump of adapter messages for a runtime last read before migration 0010', async () => {
      const serviceId = `svc-adapters-upgrade-${randomUUID()}`;
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 100, adapterBilledMessages: 60 }),
        at(0),
      );
      await database.db
        .update(metricsScrapeState)
        .set({ adapterBilledMessages: null })
        .where(eq(metricsScrapeState.serviceId, serviceId));
      await database.db.delete(usageSample).where(eq(usageSample.serviceId, serviceId));
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 130, adapterBilledMessages: 75 }),
        at(60),
      );
      await store.recordScrape!(
        serviceId,
        scrape({ billedMessages: 140, adapterBilledMessages: 80 }),
        at(120),
      );
      expect(await ask(serviceId, 'billed_messages_total', 'sum', day)).toBe(40);
      expect(await ask(serviceId, 'adapter_billed_messages_total', 'sum', day)).toBe(5);
    });

    it('never counts twice across a control-plane restart: a new store continues from the stored reading', async () => {
      const serviceId = `svc-restart-${randomUUID()}`;
      await store.recordScrape!(serviceId, scrape({ billedMessages: 100, bytes: 1000 }), at(0));
      await store.recordScrape!(serviceId, scrape({ billedMessages: 130, bytes: 1300 }), at(15));
      // The control plane stops for two minutes; the runtime keeps counting.
      const restarted = newStore();
      await restarted.recordScrape!(
        serviceId,
        scrape({ billedMessages: 190, bytes: 1900 }),
        at(150),
      );
      expect(await ask(serviceId, 'billed_messages_total', 'sum', day)).toBe(190);
      expect(await ask(serviceId, 'bytes_total', 'sum', day)).toBe(1900);
      // The rise while nobody scraped lands in the minute of the next scrape.
      expect(
        await ask(serviceId, 'billed_messages_total', 'histogram', {
          from: T0,
          to: T0 + 180,
          step: 60,
        }),
      ).toEqual([
        { timestamp: T0, value: 130 },
        { timestamp: T0 + 60, value: 0 },
        { timestamp: T0 + 120, value: 60 },
      ]);
    });
  });

  describe('maintenance', () => {
    it('folds minute rows older than a day into hour rows, keeping every answer over whole hours', async () => {
      const serviceId = `svc-fold-${randomUUID()}`;
      const random = seeded(2026);
      const buckets: UsageBucket[] = [];
      for (let minute = 0; minute < 3 * 1440; minute += 1) {
        if (random.next() < 0.5) continue;
        buckets.push(randomBucket(random, T0 + minute * 60, 60));
      }
      await insertBuckets(serviceId, buckets);
      const windows = [
        { from: T0, to: T0 + 3 * 86_400, step: 86_400 },
        { from: T0, to: T0 + 3 * 86_400, step: 3600 },
        { from: T0 + 5 * 3600, to: T0 + 50 * 3600, step: 7200 },
        { from: T0 + 23 * 3600, to: T0 + 26 * 3600, step: 3600 },
      ];
      // A gauge's sum (session-minutes) and increase read minute detail that an hour row no longer has.
      const kept = (metric: UsageMetric, queryType: UsageQueryType) =>
        metric === 'billed_messages_total' ||
        metric === 'bytes_total' ||
        !['sum', 'increase'].includes(queryType);
      const answers = async () => {
        const all: unknown[] = [];
        for (const window of windows) {
          for (const metric of USAGE_METRICS) {
            for (const queryType of USAGE_QUERY_TYPES) {
              if (kept(metric, queryType))
                all.push(await ask(serviceId, metric, queryType, window));
            }
          }
        }
        return all;
      };
      const before = await answers();
      const now = new Date((T0 + 3 * 86_400 + 1800) * 1000);
      await store.maintain!(now);
      const foldBefore = T0 + 2 * 86_400;
      const rows = await storedBuckets(serviceId);
      expect(rows.filter((row) => row.seconds === 60 && row.start < foldBefore)).toEqual([]);
      expect(rows.filter((row) => row.seconds === 60).length).toBe(
        buckets.filter((row) => row.start >= foldBefore).length,
      );
      expect(rows.filter((row) => row.seconds === 3600).length).toBe(48);
      expect(await answers()).toEqual(before);
      // Maintaining again changes nothing.
      await store.maintain!(now);
      expect(await storedBuckets(serviceId)).toHaveLength(rows.length);
    });

    it('adds to an hour row that already exists, and drops rows older than the retention', async () => {
      const serviceId = `svc-retention-${randomUUID()}`;
      await insertBuckets(serviceId, [
        bucket(T0 - 10 * 86_400, 3600, { billedMessages: 1000 }),
        bucket(T0, 3600, { billedMessages: 7, sessionsMax: 2, sessionsMin: 2 }),
        bucket(T0 + 60, 60, { billedMessages: 3, sessionsMax: 5, sessionsMin: 1 }),
      ]);
      await newStore(5).maintain!(new Date((T0 + 2 * 86_400) * 1000));
      const rows = await storedBuckets(serviceId);
      expect(rows).toEqual([
        bucket(T0, 3600, { billedMessages: 10, sessionsMax: 5, sessionsMin: 1 }),
      ]);
      const remaining = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(usageSample)
        .where(and(eq(usageSample.serviceId, serviceId), eq(usageSample.seconds, 60)));
      expect(remaining[0]?.count).toBe(0);
    });
  });
});
