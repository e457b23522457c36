import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@herald/contract/api/routes';
import { sql } from 'drizzle-orm';
import type mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/create-database';
import { freePort } from '../../testing/free-port';
import { testDatabaseKind } from '../../testing/test-database-kind';
import { createDatabaseLogStore } from '../log-store/database-log-store';
import { createLogCollector } from './log-collector';
import { insertTestService } from './testing/test-services';
import type { ServiceRow } from './testing/test-services';
import { seedOwnerWithToken } from './testing/seeded-owner';
import { connectWithToken } from './testing/token-client';
import {
  cleanUpProcessTest,
  isAlive,
  runtimePidsOf,
  seedDataDir,
  startControlPlane,
} from './testing/control-plane-process';

/**
 * Issue 12 "Also": metering and log collection survive a real control-plane crash (kill -9) and restart, and a
 * runtime crash, without loss or double counting. Everything is real: the control plane and the runtime are
 * processes, the client is mqtt.js over TCP, the figures are read through the usage and logs API and then from the
 * database itself.
 */
const SCRAPE_SECONDS = 1;
const INTERVAL_MS = SCRAPE_SECONDS * 1000;
/** Before the crash, while the control plane is down, after its restart, after the runtime's restart. */
const BEFORE = 5;
const WHILE_DOWN = 7;
const AFTER = 3;
const AFTER_RUNTIME_RESTART = 4;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-usage-restart-'));
const portBase = 40_000 + Math.floor(Math.random() * 400) * 50 + 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const startServer = (port: number) =>
  startControlPlane({
    port,
    dataDir,
    portBase,
    env: { METRICS_SCRAPE_SECONDS: String(SCRAPE_SECONDS) },
  });

/** `count` QoS 1 publishes, each acknowledged by the runtime (so counted by it) before the next. */
async function publishMany(client: mqtt.MqttClient, label: string, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await new Promise<void>((resolve, reject) =>
      client.publish(`usage/${label}`, `${label}-${index}`, { qos: 1 }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (isDone(last)) return last;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: last seen ${JSON.stringify(last)}`);
    await sleep(100);
  }
}

/** A runtime.log line as the collector stores it: its time (ms) and its message. */
const lineKey = (at: number, message: string) => `${at} ${message}`;

function count(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** Every line of the runtime's JSON log files on disk (current and rotated generations). */
function runtimeLogLines(serviceDir: string): Array<{ at: number; key: string }> {
  const lines: Array<{ at: number; key: string }> = [];
  for (const name of readdirSync(serviceDir)) {
    if (!/^runtime\.log(\.\d+)?$/.test(name)) continue;
    for (const text of readFileSync(path.join(serviceDir, name), 'utf8').split('\n')) {
      if (text.trim() === '') continue;
      const line = JSON.parse(text) as { time: string; msg: string };
      const at = new Date(line.time).getTime();
      lines.push({ at, key: lineKey(at, line.msg) });
    }
  }
  return lines;
}

/** The raw output files' lines (runtime.out and moved-aside generations): stored as kind service too. */
function runtimeOutLines(serviceDir: string): Set<string> {
  const lines = new Set<string>();
  for (const name of readdirSync(serviceDir)) {
    if (!/^runtime\.out(\.\d+)?$/.test(name)) continue;
    for (const text of readFileSync(path.join(serviceDir, name), 'utf8').split('\n')) {
      if (text.trim() !== '') lines.add(text.trim());
    }
  }
  return lines;
}

// PGlite is one process's database: the test writes its rows before a server opens it and reads them after it
// stopped (see control-plane-crash.test.ts); the postgres leg runs the same scraper and collector code.
describe.skipIf(testDatabaseKind() !== 'pglite')(
  'usage metering and log collection across a control-plane crash',
  () => {
    const servers: ChildProcess[] = [];
    const clients: mqtt.MqttClient[] = [];
    let row: ServiceRow | undefined;

    afterAll(() => cleanUpProcessTest({ clients, servers, serviceId: row?.id, dataDir }));

    it(
      'counts every message exactly once and stores every runtime log line exactly once',
      { timeout: 120_000 },
      async () => {
        // The service, an Owner with a session (the usage and service logs API) and a service token (MQTT).
        const seed = await seedDataDir(dataDir);
        row = await insertTestService(seed.db);
        const serviceId = row.id;
        const { session, token } = await seedOwnerWithToken(seed.db, row, {
          userId: `u-usage-${Date.now()}`,
          firstName: 'Ada',
          lastName: 'Lovelace',
          subject: 'usage-restart-test',
        });
        await seed.close();

        const api = async (port: number, url: string) => {
          const response = await fetch(`http://127.0.0.1:${port}${url}`, {
            headers: { authorization: `Bearer ${session}` },
          });
          const body = await response.text();
          if (!response.ok) throw new Error(`${url}: ${response.status} ${body}`);
          return JSON.parse(body) as unknown;
        };
        // Whole minutes from before the first scrape: usage rows are keyed by the minute they start.
        const usageFrom = Math.floor(Date.now() / 60_000) * 60 - 60;
        const billed = async (port: number) => {
          const query = new URLSearchParams({
            queryType: 'sum',
            from: String(usageFrom),
            to: String(Math.floor(Date.now() / 1000) + 3600),
            metrics: 'billed_messages_total',
          });
          const items = (await api(
            port,
            `${routes.getUsage.path.replace('{serviceId}', serviceId)}?${query}`,
          )) as Array<{ metricType: string; value?: number }>;
          return items.find((item) => item.metricType === 'herald_billed_messages_total_sum')
            ?.value;
        };
        const serviceLogMessages = async (port: number) => {
          const logs = (await api(
            port,
            `${routes.getServiceLogs.path.replace('{serviceId}', serviceId)}?limit=1000`,
          )) as { logDetails: Array<{ message: string; fields?: Record<string, unknown> }> };
          return logs.logDetails;
        };
        const waitForRunning = (port: number) =>
          waitFor(
            'the service shows RUNNING',
            async () =>
              JSON.stringify(
                await api(port, routes.getServiceStatus.path.replace('{serviceId}', serviceId)),
              ),
            (status) => status.includes('"RUNNING"'),
            30_000,
          );
        const waitForBilled = (port: number, expected: number) =>
          waitFor(
            `billed messages reach ${expected}`,
            () => billed(port),
            (value) => value === expected,
          );

        // 1. A control plane scraping every second; the seeded service runs.
        const firstPort = await freePort();
        const first = await startServer(firstPort);
        servers.push(first);
        await waitForRunning(firstPort);
        const serviceDir = path.join(dataDir, 'services', serviceId);
        const runtime = JSON.parse(readFileSync(path.join(serviceDir, 'runtime.json'), 'utf8')) as {
          pid: number;
          mqttPort: number;
        };

        // 2. N messages, no subscriber: each is billed once (published, never delivered).
        const publisher = await connectWithToken(runtime.mqttPort, token, 'usage-publisher');
        clients.push(publisher);
        await publishMany(publisher, 'before', BEFORE);

        // 3. Stored: a scrape that saw them, and the runtime's line about our client.
        await waitForBilled(firstPort, BEFORE);
        await waitFor(
          'the publisher connection line is collected',
          () => serviceLogMessages(firstPort),
          (entries) =>
            entries.some(
              (entry) =>
                entry.message === 'mqtt client connected' &&
                entry.fields?.clientId === 'usage-publisher',
            ),
        );

        // 4. kill -9 the control plane; the runtime serves on, counting messages nobody scrapes.
        first.kill('SIGKILL');
        await new Promise((resolve) => first.once('exit', resolve));
        const killedAt = Date.now();
        await publishMany(publisher, 'down', WHILE_DOWN);
        expect(isAlive(runtime.pid)).toBe(true);

        const secondPort = await freePort();
        const second = await startServer(secondPort);
        servers.push(second);
        await waitForRunning(secondPort);
        expect(runtimePidsOf(serviceId)).toEqual([runtime.pid]);
        // The first scrape of the new control plane counts what the runtime counted while it was down, once.
        await waitForBilled(secondPort, BEFORE + WHILE_DOWN);
        // At most this long without a scrape: from the kill (the last scrape was at most an interval before) until
        // the new control plane's first scrape was seen.
        const unscrapedMs = Date.now() - killedAt + INTERVAL_MS;
        // Several scrapes of unchanged counters add nothing (the previous reading came from the database).
        await sleep(3 * INTERVAL_MS + 500);
        expect(await billed(secondPort)).toBe(BEFORE + WHILE_DOWN);

        await publishMany(publisher, 'after', AFTER);
        await waitForBilled(secondPort, BEFORE + WHILE_DOWN + AFTER);
        await sleep(3 * INTERVAL_MS);
        expect(await billed(secondPort)).toBe(BEFORE + WHILE_DOWN + AFTER);

        // 5. The runtime crashes (its counters start again at 0); the provisioner restarts it, and the new
        // runtime's counts are added to the old ones, not compared with them.
        process.kill(runtime.pid, 'SIGKILL');
        const replacement = await waitFor(
          'the provisioner restarts the runtime',
          async () => runtimePidsOf(serviceId),
          (pids) => pids.length === 1 && pids[0] !== runtime.pid,
          30_000,
        );
        await waitForRunning(secondPort);
        const restarted = JSON.parse(
          readFileSync(path.join(serviceDir, 'runtime.json'), 'utf8'),
        ) as { pid: number; mqttPort: number };
        expect(restarted.pid).toBe(replacement[0]);
        const publisherAgain = await waitFor(
          'the restarted runtime accepts the client',
          () => connectWithToken(restarted.mqttPort, token, 'usage-publisher-2'),
          () => true,
        );
        clients.push(publisherAgain);
        await publishMany(publisherAgain, 'runtime-restarted', AFTER_RUNTIME_RESTART);
        const total = BEFORE + WHILE_DOWN + AFTER + AFTER_RUNTIME_RESTART;
        await waitForBilled(secondPort, total);
        await sleep(3 * INTERVAL_MS);
        expect(await billed(secondPort)).toBe(total);
        publisherAgain.end(true);
        publisher.end(true);

        // A graceful stop (it stops the runtime, whose last lines the next control plane collects).
        const stoppingAt = Date.now();
        const exited = new Promise<number | null>((resolve) => second.once('exit', resolve));
        second.kill('SIGTERM');
        expect(await exited).toBe(0);

        const database = await createDatabase({ dataDir, databaseUrl: undefined });
        try {
          const { db } = database;
          const rowsOf = async <T>(statement: ReturnType<typeof sql>) =>
            ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

          // Usage: exactly every billed message, in minute rows without a gap longer than the downtime.
          const samples = await rowsOf<{ start: unknown; billed_messages: unknown }>(
            sql`select start, billed_messages from usage_sample
                where service_id = ${serviceId} and seconds = 60 order by start`,
          );
          expect(samples.reduce((sum, sample) => sum + Number(sample.billed_messages), 0)).toBe(
            total,
          );
          const starts = samples.map((sample) => Number(sample.start));
          expect(starts.length).toBeGreaterThan(0);
          // Every scrape writes its minute's row: a minute missing between two rows is a minute without a scrape,
          // which only the downtime may explain.
          for (let index = 1; index < starts.length; index += 1) {
            const unscrapedMinutes = (starts[index]! - starts[index - 1]! - 60) / 60;
            expect(unscrapedMinutes * 60_000).toBeLessThanOrEqual(unscrapedMs);
          }
          // The last reading is the restarted runtime's, taken shortly before the stop.
          const [state] = await rowsOf<{ billed_messages: unknown; scraped_at: unknown }>(
            sql`select billed_messages, scraped_at from metrics_scrape_state where service_id = ${serviceId}`,
          );
          expect(Number(state?.billed_messages)).toBe(AFTER_RUNTIME_RESTART);
          expect(stoppingAt - new Date(String(state?.scraped_at)).getTime()).toBeLessThan(
            3 * INTERVAL_MS + 2_000,
          );

          // Logs: every stored runtime.log line is one of the file's lines, none twice.
          const outLines = runtimeOutLines(serviceDir);
          const storedKeys = async () =>
            (
              await rowsOf<{ at_ms: unknown; message: string }>(
                sql`select (extract(epoch from at) * 1000)::bigint as at_ms, message from service_log
                    where service_id = ${serviceId} and kind = 'service'`,
              )
            )
              .filter((line) => !outLines.has(line.message.trim()))
              .map((line) => lineKey(Number(line.at_ms), line.message));
          const fileLines = runtimeLogLines(serviceDir);
          // The files hold both runtimes' lines, our two clients' connections and the last runtime's stop.
          const messages = fileLines.map((line) => line.key.slice(line.key.indexOf(' ') + 1));
          expect(messages.filter((message) => message === 'ready')).toHaveLength(2);
          expect(messages.filter((message) => message === 'mqtt client connected')).toHaveLength(2);
          expect(messages).toContain('runtime stopped');
          const fileCounts = count(fileLines.map((line) => line.key));
          const storedBeforeCatchUp = count(await storedKeys());
          for (const [key, stored] of storedBeforeCatchUp) {
            expect({ key, stored }).toEqual({ key, stored: fileCounts.get(key) ?? 0 });
          }
          // Lines written well before the stop were collected while the control planes ran (1 s passes).
          const missedEarly = fileLines.filter(
            (line) => line.at < stoppingAt - 3_000 && !storedBeforeCatchUp.has(line.key),
          );
          expect(missedEarly).toEqual([]);
          // The runtime's last lines (written while it stopped, after the collector stopped) are collected by the
          // next control plane's collector, from the stored checkpoints: then the store matches the files exactly.
          const silent = pino({ level: 'silent' });
          const collector = createLogCollector({
            db,
            logStore: createDatabaseLogStore({
              db,
              config: { logRetentionDays: 14, logMaxLinesPerService: 200_000 },
              logger: silent,
              clock: () => new Date(),
            }),
            config: { dataDir },
            logger: silent,
            clock: () => new Date(),
          });
          await collector.collectOnce();
          const storedAfter = (await storedKeys()).sort();
          expect(storedAfter).toEqual(fileLines.map((line) => line.key).sort());
        } finally {
          await database.close();
        }
      },
    );
  },
);
