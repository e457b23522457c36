import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LogLevel } from '@herald/contract/logs/logs.schema';
import { insertTestService } from '../../testing/test-services';
import { createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { createDatabaseLogStore } from './database-log-store';
import { InvalidLogCursorError } from './log-store';
import type { LogLine, LogStore, LogStream } from './log-store';

const SILENT = { info: () => {}, warn: () => {}, error: () => {} };
const BASE = Date.UTC(2026, 10, 20, 10, 0, 0);

function line(
  serviceId: string,
  stream: LogStream,
  index: number,
  overrides: Partial<LogLine> = {},
): LogLine {
  return {
    serviceId,
    stream,
    at: new Date(BASE + index * 1000),
    level: 'info',
    message: `line ${index}`,
    fields: null,
    ...overrides,
  };
}

describe('the database log store', () => {
  let app: FastifyInstance;
  let store: LogStore;
  let serviceId: string;
  let otherServiceId: string;
  useTestApp((ready) => {
    app = ready.app;
  });

  beforeAll(async () => {
    store = createDatabaseLogStore({
      db: app.db,
      config: app.config,
      logger: SILENT,
      clock: () => new Date(),
    });
    const { workspaceId } = await createTestTeam(app);
    serviceId = (await insertTestService(app, workspaceId)).row.id;
    otherServiceId = (await insertTestService(app, workspaceId)).row.id;
  });

  it('gives back appended lines newest first, with ids, times, levels and fields', async () => {
    const stream: LogStream = { kind: 'event' };
    await store.append([
      line(serviceId, stream, 1, { level: 'warn', fields: { actor: 'ada@example.com' } }),
      line(serviceId, stream, 2, { level: 'error', message: 'The service stopped' }),
    ]);
    const page = await store.page({ serviceId, stream, limit: 10 });
    expect(page).toEqual({
      entries: [
        {
          id: expect.stringMatching(/^[1-9][0-9]*$/),
          timestamp: BASE + 2000,
          level: 'error',
          message: 'The service stopped',
        },
        {
          id: expect.stringMatching(/^[1-9][0-9]*$/),
          timestamp: BASE + 1000,
          level: 'warn',
          message: 'line 1',
          fields: { actor: 'ada@example.com' },
        },
      ],
      hasMore: false,
      cursor: null,
    });
    expect(Number(page.entries[0]!.id)).toBeGreaterThan(Number(page.entries[1]!.id));
  });

  it('keeps streams and services apart', async () => {
    await store.append([
      line(serviceId, { kind: 'kafka-adapter', adapterId: 'orders' }, 1, { message: 'orders' }),
      line(serviceId, { kind: 'kafka-adapter', adapterId: 'billing' }, 2, { message: 'billing' }),
      line(serviceId, { kind: 'rest-adapter' }, 3, { message: 'rest' }),
      line(otherServiceId, { kind: 'kafka-adapter', adapterId: 'orders' }, 4, { message: 'other' }),
    ]);
    const orders = await store.page({
      serviceId,
      stream: { kind: 'kafka-adapter', adapterId: 'orders' },
      limit: 10,
    });
    expect(orders.entries.map((entry) => entry.message)).toEqual(['orders']);
    const rest = await store.page({ serviceId, stream: { kind: 'rest-adapter' }, limit: 10 });
    expect(rest.entries.map((entry) => entry.message)).toEqual(['rest']);
    const sources = await store.sources(serviceId);
    expect(sources).toEqual({
      kafkaAdapters: [
        { adapterId: 'billing', lastLogAt: BASE + 2000 },
        { adapterId: 'orders', lastLogAt: BASE + 1000 },
      ],
      restAdapter: { lastLogAt: BASE + 3000 },
    });
    const none = await store.sources((await insertOtherService()).row.id);
    expect(none).toEqual({ kafkaAdapters: [], restAdapter: null });
  });

  async function insertOtherService() {
    const { workspaceId } = await createTestTeam(app);
    return insertTestService(app, workspaceId);
  }

  describe('filters', () => {
    let filterServiceId: string;
    const stream: LogStream = { kind: 'service' };
    const levels: LogLevel[] = ['debug', 'info', 'warn', 'error'];

    beforeAll(async () => {
      filterServiceId = (await insertOtherService()).row.id;
      await store.append([
        ...Array.from({ length: 8 }, (_, index) =>
          line(filterServiceId, stream, index, { level: levels[index % 4]! }),
        ),
        line(filterServiceId, stream, 10, { message: 'Client Sensor-7 connected' }),
        line(filterServiceId, stream, 11, { message: 'Progress 100% done' }),
        line(filterServiceId, stream, 12, { message: 'Progress 1000 done' }),
        line(filterServiceId, stream, 13, { message: 'topic a_b' }),
        line(filterServiceId, stream, 14, { message: 'topic axb' }),
        line(filterServiceId, stream, 15, { message: 'path c:\\temp' }),
        line(filterServiceId, stream, 16, { message: 'path c:temp' }),
        line(filterServiceId, stream, 17, {
          message: 'denied',
          fields: { clientId: 'Gateway-42' },
        }),
      ]);
    });

    async function messages(query: Record<string, unknown>): Promise<string[]> {
      const page = await store.page({ serviceId: filterServiceId, stream, limit: 100, ...query });
      return page.entries.map((entry) => entry.message);
    }

    it('since is inclusive and until exclusive, on the lines own time', async () => {
      expect(await messages({ since: BASE / 1000 + 2, until: BASE / 1000 + 5 })).toEqual([
        'line 4',
        'line 3',
        'line 2',
      ]);
    });

    it('level keeps that level and the more severe ones', async () => {
      const page = await store.page({
        serviceId: filterServiceId,
        stream,
        limit: 100,
        level: 'warn',
        until: BASE / 1000 + 8,
      });
      expect(page.entries.map((entry) => [entry.message, entry.level])).toEqual([
        ['line 7', 'error'],
        ['line 6', 'warn'],
        ['line 3', 'error'],
        ['line 2', 'warn'],
      ]);
    });

    it('search ignores case and finds field values', async () => {
      expect(await messages({ search: 'sensor-7' })).toEqual(['Client Sensor-7 connected']);
      expect(await messages({ search: 'gateway-42' })).toEqual(['denied']);
    });

    it('search takes %, _ and backslash literally', async () => {
      expect(await messages({ search: '100%' })).toEqual(['Progress 100% done']);
      expect(await messages({ search: 'a_b' })).toEqual(['topic a_b']);
      expect(await messages({ search: 'c:\\temp' })).toEqual(['path c:\\temp']);
    });

    it('combines filters', async () => {
      expect(await messages({ search: 'line', level: 'error' })).toEqual(['line 7', 'line 3']);
    });
  });

  it('pages through 1,000 lines in pages of 37 while lines keep arriving, without gaps or repeats', async () => {
    const pagingServiceId = (await insertOtherService()).row.id;
    const stream: LogStream = { kind: 'service' };
    await store.append(
      Array.from({ length: 1000 }, (_, index) => line(pagingServiceId, stream, index)),
    );
    const existing = (await store.page({ serviceId: pagingServiceId, stream, limit: 1000 }))
      .entries;
    expect(existing).toHaveLength(1000);

    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await store.append(
          Array.from({ length: 5 }, (_, index) =>
            line(pagingServiceId, stream, 2000 + written + index),
          ),
        );
        written += 5;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    try {
      for (;;) {
        const page = await store.page({ serviceId: pagingServiceId, stream, limit: 37, cursor });
        seen.push(...page.entries.map((entry) => entry.id));
        pages += 1;
        if (!page.hasMore) break;
        expect(page.cursor).not.toBeNull();
        cursor = page.cursor!;
      }
    } finally {
      writing = false;
      await writer;
    }
    expect(written).toBeGreaterThan(0);
    expect(pages).toBeGreaterThanOrEqual(28);
    expect(new Set(seen).size).toBe(seen.length);
    const ids = seen.map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const existingIds = new Set(existing.map((entry) => entry.id));
    expect(seen.filter((id) => existingIds.has(id))).toEqual(existing.map((entry) => entry.id));
  });

  it('a live tail that keeps asking for lines after the newest it has misses none while writers race', async () => {
    const racedServiceId = (await insertOtherService()).row.id;
    const stream: LogStream = { kind: 'service' };
    await store.append([line(racedServiceId, stream, 0)]);
    const seen = new Set<string>();
    let newest = (await store.page({ serviceId: racedServiceId, stream, limit: 1 })).entries[0]!.id;
    seen.add(newest);
    let writing = true;
    // Concurrent appends (each its own transaction; on PostgreSQL each on its own connection).
    const writers = Promise.all(
      Array.from({ length: 6 }, async (_, writer) => {
        for (let batch = 0; batch < 25; batch += 1) {
          await store.append(
            Array.from({ length: 10 }, (_, index) =>
              line(racedServiceId, stream, 1 + writer * 1000 + batch * 10 + index),
            ),
          );
        }
      }),
    ).finally(() => {
      writing = false;
    });
    const tail = async () => {
      const page = await store.page({
        serviceId: racedServiceId,
        stream,
        limit: 1000,
        after: newest,
      });
      for (const entry of page.entries) seen.add(entry.id);
      if (page.entries[0]) newest = page.entries[0].id;
    };
    while (writing) await tail();
    await writers;
    await tail();
    expect(seen.size).toBe(1 + 6 * 25 * 10);
  });

  it('after gives only the newer lines, newest first', async () => {
    const tailServiceId = (await insertOtherService()).row.id;
    const stream: LogStream = { kind: 'service' };
    await store.append([1, 2, 3].map((index) => line(tailServiceId, stream, index)));
    const [newest] = (await store.page({ serviceId: tailServiceId, stream, limit: 1 })).entries;
    expect(
      (await store.page({ serviceId: tailServiceId, stream, limit: 10, after: newest!.id }))
        .entries,
    ).toEqual([]);
    await store.append([4, 5].map((index) => line(tailServiceId, stream, index)));
    const tail = await store.page({
      serviceId: tailServiceId,
      stream,
      limit: 10,
      after: newest!.id,
    });
    expect(tail.entries.map((entry) => entry.message)).toEqual(['line 5', 'line 4']);
    expect(tail.hasMore).toBe(false);
    const short = await store.page({
      serviceId: tailServiceId,
      stream,
      limit: 1,
      after: newest!.id,
    });
    expect(short.entries.map((entry) => entry.message)).toEqual(['line 5']);
    expect(short.hasMore).toBe(true);
    const older = await store.page({
      serviceId: tailServiceId,
      stream,
      limit: 10,
      cursor: short.cursor!,
    });
    expect(older.entries.map((entry) => entry.message)).toEqual([
      'line 4',
      'line 3',
      'line 2',
      'line 1',
    ]);
  });

  it.each([
    ['cursor', '12'],
    ['cursor', 's'],
    ['cursor', 's0'],
    ['cursor', 's-4'],
    ['cursor', 's99999999999999999'],
    ['cursor', "s1' or 1=1"],
    ['after', 's12'],
    ['after', '0'],
    ['after', '1.5'],
    ['after', '99999999999999999'],
  ] as const)('refuses %s=%s as not one of ours', async (parameter, value) => {
    const failure = store.page({
      serviceId,
      stream: { kind: 'event' },
      limit: 10,
      [parameter]: value,
    });
    await expect(failure).rejects.toBeInstanceOf(InvalidLogCursorError);
    await expect(failure).rejects.toMatchObject({ parameter });
  });

  it('stores a checkpoint with its lines, and neither when the append fails', async () => {
    const checkpointServiceId = (await insertOtherService()).row.id;
    const stream: LogStream = { kind: 'service' };
    const sourceKey = `${checkpointServiceId}/runtime.log`;
    await store.append([line(checkpointServiceId, stream, 1)], {
      sourceKey,
      serviceId: checkpointServiceId,
      fileId: '2049:77',
      offset: 120,
    });
    expect((await store.checkpoints()).get(sourceKey)).toEqual({
      sourceKey,
      serviceId: checkpointServiceId,
      fileId: '2049:77',
      offset: 120,
    });

    // The second line names a service that does not exist: the foreign key fails the whole transaction.
    await expect(
      store.append([line(checkpointServiceId, stream, 2), line('no-such-service', stream, 3)], {
        sourceKey,
        serviceId: checkpointServiceId,
        fileId: '2049:77',
        offset: 480,
      }),
    ).rejects.toThrow();
    expect((await store.checkpoints()).get(sourceKey)?.offset).toBe(120);
    const page = await store.page({ serviceId: checkpointServiceId, stream, limit: 10 });
    expect(page.entries.map((entry) => entry.message)).toEqual(['line 1']);

    // The lines are fine but the checkpoint cannot be stored (its service does not exist): no line stays either.
    await expect(
      store.append([line(checkpointServiceId, stream, 2)], {
        sourceKey: 'no-such-service/runtime.log',
        serviceId: 'no-such-service',
        fileId: '2049:79',
        offset: 10,
      }),
    ).rejects.toThrow();
    expect((await store.checkpoints()).has('no-such-service/runtime.log')).toBe(false);
    const unchanged = await store.page({ serviceId: checkpointServiceId, stream, limit: 10 });
    expect(unchanged.entries.map((entry) => entry.message)).toEqual(['line 1']);

    await store.append([line(checkpointServiceId, stream, 2)], {
      sourceKey,
      serviceId: checkpointServiceId,
      fileId: '2049:78',
      offset: 60,
    });
    expect((await store.checkpoints()).get(sourceKey)).toMatchObject({
      fileId: '2049:78',
      offset: 60,
    });
  });

  it('appends several thousand lines in one call', async () => {
    const bulkServiceId = (await insertOtherService()).row.id;
    const stream: LogStream = { kind: 'service' };
    await store.append(
      Array.from({ length: 4500 }, (_, index) => line(bulkServiceId, stream, index)),
    );
    const result = (await app.db.execute(
      sql`select count(*)::int as count from service_log where service_id = ${bulkServiceId}`,
    )) as unknown as { rows: Array<{ count: number }> };
    expect(result.rows[0]?.count).toBe(4500);
    const page = await store.page({ serviceId: bulkServiceId, stream, limit: 2 });
    expect(page.entries.map((entry) => entry.message)).toEqual(['line 4499', 'line 4498']);
  });
});
