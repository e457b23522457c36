import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { createDatabaseLogStore } from '../log-store/database-log-store';
import type { LogStore, LogStream } from '../log-store/log-store';
import { createLogCollector } from './log-collector';
import type { LogCollectorOptions } from './log-collector';
import { insertTestService } from './testing/test-services';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const service: LogStream = { kind: 'service' };

describe('the log collector', () => {
  let database: TestDatabase;
  let store: LogStore;
  let dataDir: string;
  let serviceId: string;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createDatabaseLogStore({
      db: database.db,
      config: { logRetentionDays: 14, logMaxLinesPerService: 1_000_000 },
      logger,
      clock: () => new Date(),
    });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-log-collector-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    serviceId = (await insertTestService(database.db)).id;
    dir = path.join(dataDir, 'services', serviceId);
    mkdirSync(dir, { recursive: true });
  });

  function collector(options: Partial<LogCollectorOptions> = {}) {
    return createLogCollector({
      logStore: store,
      config: { dataDir },
      logger,
      clock: () => new Date('2026-11-24T10:00:00.000Z'),
      listServices: async () => [serviceId],
      ...options,
    });
  }

  /** The messages of a stream, oldest first. */
  async function messages(stream: LogStream = service): Promise<string[]> {
    const page = await store.page({ serviceId, stream, limit: 1_000 });
    return page.entries.map((entry) => entry.message).reverse();
  }

  const jsonLine = (msg: string, fields: Record<string, unknown> = {}) =>
    `${JSON.stringify({ time: '2026-11-24T09:00:00.000Z', level: 'info', msg, ...fields })}\n`;

  const numbered = (from: number, to: number, prefix = 'line') =>
    Array.from({ length: to - from + 1 }, (_, index) => `${prefix} ${from + index}`);

  /** Collects until a pass adds nothing (a pass reads at most maxBytesPerRead of a file). */
  async function drain(run: { collectOnce(): Promise<void> }): Promise<void> {
    let before = -1;
    let after = (await messages()).length;
    while (after !== before) {
      await run.collectOnce();
      before = after;
      after = (await messages()).length;
    }
  }

  it('collects JSON lines with their level and fields; secrets never reach the store', async () => {
    writeFileSync(
      path.join(dir, 'runtime.log'),
      jsonLine('Runtime started', { port: 1883 }) +
        `${JSON.stringify({ time: '2026-11-24T09:00:01.000Z', level: 'error', msg: 'Auth failed', token: 'tok-123', clientId: 'c1' })}\n`,
    );
    await collector().collectOnce();
    const page = await store.page({ serviceId, stream: service, limit: 10 });
    expect(
      page.entries.map(({ level, message, fields, timestamp }) => ({
        level,
        message,
        fields,
        timestamp,
      })),
    ).toEqual([
      {
        level: 'error',
        message: 'Auth failed',
        fields: { clientId: 'c1' },
        timestamp: Date.parse('2026-11-24T09:00:01.000Z'),
      },
      {
        level: 'info',
        message: 'Runtime started',
        fields: { port: 1883 },
        timestamp: Date.parse('2026-11-24T09:00:00.000Z'),
      },
    ]);
    expect(JSON.stringify(page)).not.toContain('tok-123');
  });

  it('waits for a line still being written', async () => {
    const file = path.join(dir, 'runtime.log');
    const run = collector();
    writeFileSync(file, `${jsonLine('one')}{"level":"info","msg":"tw`);
    await run.collectOnce();
    expect(await messages()).toEqual(['one']);
    appendFileSync(file, 'o"}\n');
    await run.collectOnce();
    expect(await messages()).toEqual(['one', 'two']);
  });

  it('stores runtime.out lines as errors and cuts very long lines', async () => {
    writeFileSync(
      path.join(dir, 'runtime.out'),
      `Error: boom\n    at main.ts:1\n${'x'.repeat(50_000)}\n`,
    );
    await collector().collectOnce();
    const page = await store.page({ serviceId, stream: service, limit: 10 });
    expect(page.entries.map((entry) => entry.level)).toEqual(['error', 'error', 'error']);
    const [long, ...rest] = page.entries;
    expect(rest.map((entry) => entry.message)).toEqual(['    at main.ts:1', 'Error: boom']);
    expect(long?.message).toMatch(/^x+ …\[cut: the line had 50000 bytes\]$/);
    expect(Buffer.byteLength(long!.message)).toBeLessThanOrEqual(16 * 1024);
  });

  it('finishes a file rotated in the middle of reading it, then reads the new one', async () => {
    const file = path.join(dir, 'runtime.log');
    writeFileSync(
      file,
      numbered(1, 40)
        .map((msg) => jsonLine(msg))
        .join(''),
    );
    // A small read: the first pass stops in the middle of the file.
    const run = collector({ maxBytesPerRead: 1_000 });
    await run.collectOnce();
    const firstPass = (await messages()).length;
    expect(firstPass).toBeGreaterThan(0);
    expect(firstPass).toBeLessThan(40);
    // The runtime rotates (the way log-file.ts does: the old file becomes .1) and goes on writing.
    renameSync(file, `${file}.1`);
    writeFileSync(
      file,
      numbered(41, 60)
        .map((msg) => jsonLine(msg))
        .join(''),
    );
    await drain(run);
    expect(await messages()).toEqual(numbered(1, 60));
  });

  it('reads every generation rotated while it was not looking, oldest first', async () => {
    const file = path.join(dir, 'runtime.log');
    const run = collector();
    writeFileSync(file, jsonLine('a1'));
    await run.collectOnce();
    appendFileSync(file, jsonLine('a2'));
    // Two rotations before the next pass: a → .2, b → .1, c current.
    renameSync(file, `${file}.1`);
    writeFileSync(file, jsonLine('b1'));
    renameSync(`${file}.1`, `${file}.2`);
    renameSync(file, `${file}.1`);
    writeFileSync(file, jsonLine('c1'));
    await drain(run);
    expect(await messages()).toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  it('takes the last line of a rotated file even without its newline', async () => {
    const file = path.join(dir, 'runtime.log');
    const run = collector();
    writeFileSync(file, `${jsonLine('a1')}{"msg":"a2"}`);
    await run.collectOnce();
    expect(await messages()).toEqual(['a1']);
    renameSync(file, `${file}.1`);
    writeFileSync(file, jsonLine('b1'));
    await run.collectOnce();
    expect(await messages()).toEqual(['a1', 'a2', 'b1']);
  });

  it('reads a runtime.out moved aside at a spawn to its end, then the new one', async () => {
    const file = path.join(dir, 'runtime.out');
    const run = collector();
    writeFileSync(file, 'first spawn 1\n');
    await run.collectOnce();
    appendFileSync(file, 'first spawn 2 (its crash)\n');
    renameSync(file, `${file}.1`);
    writeFileSync(file, 'second spawn 1\n');
    await run.collectOnce();
    expect(await messages()).toEqual([
      'first spawn 1',
      'first spawn 2 (its crash)',
      'second spawn 1',
    ]);
  });

  it('reads a file truncated in place from its start', async () => {
    const file = path.join(dir, 'runtime.out');
    const run = collector();
    writeFileSync(file, 'a long first output line\n');
    await run.collectOnce();
    writeFileSync(file, 'short\n');
    await run.collectOnce();
    expect(await messages()).toEqual(['a long first output line', 'short']);
  });

  it('neither loses nor repeats a line across a control-plane restart in the middle', async () => {
    const file = path.join(dir, 'runtime.log');
    writeFileSync(
      file,
      numbered(1, 500)
        .map((msg) => jsonLine(msg))
        .join(''),
    );
    // The first control plane dies during its third append (the lines of that batch were never committed).
    let appends = 0;
    const dying: LogStore = {
      ...store,
      async append(lines, checkpoint) {
        appends += 1;
        if (appends === 3) throw new Error('killed');
        await store.append(lines, checkpoint);
      },
    };
    await collector({ logStore: dying, maxLinesPerAppend: 100 }).collectOnce();
    expect(await messages()).toEqual(numbered(1, 200));
    // Meanwhile the runtime wrote more and rotated.
    appendFileSync(
      file,
      numbered(501, 520)
        .map((msg) => jsonLine(msg))
        .join(''),
    );
    renameSync(file, `${file}.1`);
    writeFileSync(
      file,
      numbered(521, 530)
        .map((msg) => jsonLine(msg))
        .join(''),
    );
    // A new control plane starts from the stored checkpoints.
    await drain(collector({ maxLinesPerAppend: 100 }));
    expect(await messages()).toEqual(numbered(1, 530));
  });

  it('appends in batches of at most the batch size, each with its checkpoint', async () => {
    writeFileSync(
      path.join(dir, 'runtime.log'),
      numbered(1, 2_500)
        .map((msg) => jsonLine(msg))
        .join(''),
    );
    const sizes: number[] = [];
    const counting: LogStore = {
      ...store,
      async append(lines, checkpoint) {
        sizes.push(lines.length);
        expect(checkpoint?.sourceKey).toBe(`${serviceId}/runtime.log`);
        await store.append(lines, checkpoint);
      },
    };
    await collector({ logStore: counting, maxLinesPerAppend: 1_000 }).collectOnce();
    expect(sizes).toEqual([1_000, 1_000, 500]);
    const checkpoints = await store.checkpoints();
    expect(checkpoints.get(`${serviceId}/runtime.log`)?.offset).toBe(
      numbered(1, 2_500)
        .map((msg) => jsonLine(msg))
        .join('').length,
    );
  });

  it('feeds the adapters’ files to their own streams', async () => {
    writeFileSync(path.join(dir, 'kafka-adapter-orders.log'), jsonLine('kafka up'));
    writeFileSync(path.join(dir, 'rest-adapter.log'), jsonLine('rest up'));
    writeFileSync(path.join(dir, 'kafka-adapter-.log'), jsonLine('no'));
    await collector().collectOnce();
    expect(await messages({ kind: 'kafka-adapter', adapterId: 'orders' })).toEqual(['kafka up']);
    expect(await messages({ kind: 'rest-adapter' })).toEqual(['rest up']);
    expect(await messages()).toEqual([]);
  });

  it('leaves directories of services without a row alone', async () => {
    const stray = path.join(dataDir, 'services', 'not-a-service');
    mkdirSync(stray, { recursive: true });
    writeFileSync(path.join(stray, 'runtime.log'), jsonLine('stray'));
    writeFileSync(path.join(dir, 'runtime.log'), jsonLine('ours'));
    await collector().collectOnce();
    expect(await messages()).toEqual(['ours']);
    expect(await store.page({ serviceId: 'not-a-service', stream: service, limit: 10 })).toEqual(
      expect.objectContaining({ entries: [] }),
    );
  });

  it('reads on at once while a file has more than one read waiting, not an interval later', async () => {
    writeFileSync(
      path.join(dir, 'runtime.log'),
      numbered(1, 300)
        .map((msg) => jsonLine(msg))
        .join(''),
    );
    // Each read takes a few lines; the interval is far longer than the test may take.
    const run = collector({ maxBytesPerRead: 2_000, intervalMs: 60_000 });
    run.start();
    try {
      await expect.poll(async () => (await messages()).length, { timeout: 10_000 }).toBe(300);
      expect(await messages()).toEqual(numbered(1, 300));
    } finally {
      await run.stop();
    }
  });

  it('waits the interval after a failed append even with a backlog (no retry loop)', async () => {
    writeFileSync(
      path.join(dir, 'runtime.log'),
      numbered(1, 300)
        .map((msg) => jsonLine(msg))
        .join(''),
    );
    let attempts = 0;
    const failing: LogStore = {
      ...store,
      async append() {
        attempts += 1;
        throw new Error('database unavailable');
      },
    };
    const run = collector({ logStore: failing, maxBytesPerRead: 2_000, intervalMs: 60_000 });
    run.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await run.stop();
    expect(attempts).toBe(1);
  });

  it('collects at start and then every interval until stopped', async () => {
    const file = path.join(dir, 'runtime.log');
    writeFileSync(file, jsonLine('at start'));
    const run = collector({ intervalMs: 50 });
    run.start();
    await expect.poll(messages, { timeout: 5_000 }).toEqual(['at start']);
    appendFileSync(file, jsonLine('later'));
    await expect.poll(messages, { timeout: 5_000 }).toEqual(['at start', 'later']);
    await run.stop();
    appendFileSync(file, jsonLine('after stop'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await messages()).toEqual(['at start', 'later']);
  });
});
