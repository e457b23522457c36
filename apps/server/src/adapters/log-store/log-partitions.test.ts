import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertTestService } from '../../testing/test-services';
import { createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { createDatabaseLogStore } from './database-log-store';
import { logPartitionDay, logPartitionName, utcDayStart } from './log-partitions';
import type { LogLine, LogStore, LogStream } from './log-store';

const SILENT = { info: () => {}, warn: () => {}, error: () => {} };
const DAY = 86_400_000;
/** A day far from the real clock, so the app's own maintenance at start touches none of these partitions. */
const T0 = Date.UTC(2031, 0, 10, 12, 0, 0);

describe('logPartitionName / logPartitionDay', () => {
  it('names UTC days and reads them back', () => {
    expect(logPartitionName(Date.UTC(2031, 0, 9))).toBe('service_log_p20310109');
    expect(logPartitionDay('service_log_p20310109')).toBe(Date.UTC(2031, 0, 9));
  });

  it.each([
    'service_log_default',
    'service_log_p20310230',
    'service_log_p2031019',
    'other_p20310109',
  ])('is not one of ours: %s', (name) => {
    expect(logPartitionDay(name)).toBeNull();
  });
});

describe('log partitions and limits', () => {
  let app: FastifyInstance;
  let now = T0;
  let store: LogStore;
  let serviceId: string;
  useTestApp((ready) => {
    app = ready.app;
  });

  function storeWith(config: { logRetentionDays: number; logMaxLinesPerService: number }) {
    return createDatabaseLogStore({
      db: app.db,
      config,
      logger: SILENT,
      clock: () => new Date(now),
    });
  }

  async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  async function partitions(): Promise<string[]> {
    const rows = await rowsOf<{ name: string }>(sql`
      select child.relname as name from pg_inherits
      join pg_class child on child.oid = pg_inherits.inhrelid
      where pg_inherits.inhparent = 'service_log'::regclass
      order by 1`);
    return rows.map((row) => row.name);
  }

  async function placeOf(message: string): Promise<string[]> {
    const rows = await rowsOf<{ place: string }>(
      sql`select tableoid::regclass::text as place from service_log where message = ${message}`,
    );
    return rows.map((row) => row.place);
  }

  function line(message: string, stream: LogStream = { kind: 'service' }, id = serviceId): LogLine {
    return { serviceId: id, stream, at: new Date(now), level: 'info', message, fields: null };
  }

  beforeAll(async () => {
    store = storeWith({ logRetentionDays: 14, logMaxLinesPerService: 200_000 });
    const { workspaceId } = await createTestTeam(app);
    serviceId = (await insertTestService(app, workspaceId)).row.id;
  });

  it("the app's start made the partitions of today and the next two days", async () => {
    const today = utcDayStart(Date.now());
    expect(await partitions()).toEqual(
      expect.arrayContaining([0, 1, 2].map((days) => logPartitionName(today + days * DAY))),
    );
  });

  it('creates yesterday to the day after tomorrow, and lines land in their day', async () => {
    now = T0;
    await store.maintain(new Date(now));
    expect(await partitions()).toEqual(
      expect.arrayContaining([
        'service_log_p20310109',
        'service_log_p20310110',
        'service_log_p20310111',
        'service_log_p20310112',
      ]),
    );
    expect(await partitions()).not.toContain('service_log_p20310113');
    await store.append([line('on the tenth')]);
    expect(await placeOf('on the tenth')).toEqual(['service_log_p20310110']);
  });

  it('is idempotent, also when two run at once', async () => {
    now = T0;
    const before = await partitions();
    await Promise.all([store.maintain(new Date(now)), store.maintain(new Date(now))]);
    expect(await partitions()).toEqual(before);
    now = T0 + 5 * DAY;
    const second = storeWith({ logRetentionDays: 14, logMaxLinesPerService: 200_000 });
    await Promise.all([store.maintain(new Date(now)), second.maintain(new Date(now))]);
    const after = await partitions();
    expect(after.filter((name) => name === 'service_log_p20310117')).toHaveLength(1);
  });

  it('moves lines stranded in the default partition into a day partition created later', async () => {
    now = Date.UTC(2031, 2, 1, 8);
    await store.append([line('stranded')]);
    expect(await placeOf('stranded')).toEqual(['service_log_default']);
    // A long retention here: January's partitions stay for the next test.
    await storeWith({ logRetentionDays: 365, logMaxLinesPerService: 200_000 }).maintain(
      new Date(now),
    );
    expect(await placeOf('stranded')).toEqual(['service_log_p20310301']);
    const page = await store.page({
      serviceId,
      stream: { kind: 'service' },
      limit: 5,
      search: 'stranded',
    });
    expect(page.entries.map((entry) => entry.message)).toEqual(['stranded']);
  });

  it('drops the partitions past retention and keeps the newer ones', async () => {
    now = Date.UTC(2030, 11, 1, 8);
    await store.append([line('old, in the default partition')]);
    expect(await placeOf('old, in the default partition')).toEqual(['service_log_default']);
    now = T0 + 1 * DAY;
    await store.append([line('on the eleventh')]);
    expect(await placeOf('on the eleventh')).toEqual(['service_log_p20310111']);

    // 14 days after T0 + 1.5 days: the 10th ended before the cutoff, the 11th did not.
    now = T0 + 15 * DAY;
    await store.maintain(new Date(now));
    const names = await partitions();
    expect(names).not.toContain('service_log_p20310109');
    expect(names).not.toContain('service_log_p20310110');
    expect(names).toContain('service_log_p20310111');
    expect(names).toContain('service_log_p20310301');
    expect(await placeOf('on the tenth')).toEqual([]);
    expect(await placeOf('old, in the default partition')).toEqual([]);
    expect(await placeOf('on the eleventh')).toEqual(['service_log_p20310111']);
  });

  it("caps a service's collected lines, oldest first, and keeps its event log", async () => {
    now = T0 + 15 * DAY;
    const { workspaceId } = await createTestTeam(app);
    const capped = (await insertTestService(app, workspaceId)).row.id;
    const small = (await insertTestService(app, workspaceId)).row.id;
    await store.append([
      ...Array.from({ length: 5 }, (_, index) => line(`event ${index}`, { kind: 'event' }, capped)),
      ...Array.from({ length: 40 }, (_, index) =>
        line(`runtime ${index}`, { kind: 'service' }, capped),
      ),
      ...Array.from({ length: 20 }, (_, index) =>
        line(`rest ${index}`, { kind: 'rest-adapter' }, capped),
      ),
      ...Array.from({ length: 30 }, (_, index) =>
        line(`small ${index}`, { kind: 'service' }, small),
      ),
    ]);
    await storeWith({ logRetentionDays: 14, logMaxLinesPerService: 30 }).maintain(new Date(now));

    const runtime = await store.page({
      serviceId: capped,
      stream: { kind: 'service' },
      limit: 100,
    });
    const rest = await store.page({
      serviceId: capped,
      stream: { kind: 'rest-adapter' },
      limit: 100,
    });
    // The 30 newest of the 60 collected lines: runtime 30..39 and the 20 REST lines (appended after them).
    expect(runtime.entries.map((entry) => entry.message)).toEqual(
      Array.from({ length: 10 }, (_, index) => `runtime ${39 - index}`),
    );
    expect(rest.entries).toHaveLength(20);
    const events = await store.page({ serviceId: capped, stream: { kind: 'event' }, limit: 100 });
    expect(events.entries).toHaveLength(5);
    const untouched = await store.page({
      serviceId: small,
      stream: { kind: 'service' },
      limit: 100,
    });
    expect(untouched.entries).toHaveLength(30);
  });
});
