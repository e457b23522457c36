import type { MqttClient } from 'mqtt';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from './log';
import { LOG_FOLD_WINDOW_MS } from './log-folding';
import { startRuntime, type RunningRuntime } from '../runtime';
import { connectClient } from '../testing/mqtt-helpers';
import { createTestKeys, testConfig, testDataDir } from '../testing/test-keys';

/**
 * Issue 25 item 10, reproduced: a subscriber that stops reading while QoS 1 deliveries pile up, then drops, failed
 * every queued delivery with the same error, and each wrote its own warning (62–100 lines in 1 ms).
 */
const PUBLISHES = 2000;
/** How many times the drop is tried: whether deliveries are still queued when it drops is up to the sockets. */
const ROUNDS = 5;

const warnings: { msg: string; fields: Record<string, unknown> }[] = [];
const capture: Logger = {
  info: () => {},
  warn: (msg, fields = {}) => warnings.push({ msg, fields }),
  error: (msg, fields = {}) => warnings.push({ msg, fields }),
};
let runtime: RunningRuntime;
let token: string;
let url: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  const keys = await createTestKeys();
  runtime = await startRuntime(testConfig(keys, await testDataDir()), { logger: capture });
  token = await keys.serviceToken();
  url = `mqtt://127.0.0.1:${runtime.mqttPort}`;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await runtime.close();
});

/** Polls `check` until it holds or `timeoutMs` passed; answers whether it held. */
async function eventually(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** One subscriber stops reading, 2,000 × 10 KB are published, then it drops. */
async function dropWithDeliveriesQueued(clientId: string): Promise<void> {
  const subscriber = await connectClient(url, { username: 'token', password: token, clientId });
  subscriber.on('error', () => {});
  await subscriber.subscribeAsync(`${clientId}/#`, { qos: 1 });
  const publisher = await connectClient(url, { username: 'token', password: token });
  clients.push(publisher);
  const socket = (subscriber as unknown as { stream: Duplex }).stream;
  socket.pause();
  let acknowledged = 0;
  const payload = Buffer.alloc(10_000, 0x78);
  for (let n = 0; n < PUBLISHES; n += 1) {
    publisher.publish(`${clientId}/${n % 5}`, payload, { qos: 1 }, () => (acknowledged += 1));
  }
  // 3 MB stored: more than the sockets carry, so deliveries wait in the runtime (or hold the publisher back).
  await expect.poll(() => acknowledged, { timeout: 20_000 }).toBeGreaterThanOrEqual(300);
  socket.destroy();
}

describe('a subscriber that drops with deliveries queued', () => {
  it(
    'is reported in one line and one count, not a line a delivery',
    { timeout: 120_000 },
    async () => {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const clientId = `slow-subscriber-${round}`;
        await dropWithDeliveriesQueued(clientId);
        const ofSubscriber = () => warnings.filter((line) => line.fields.clientId === clientId);
        // A burst shows as a count once the fold window has passed; without one there is nothing to fold.
        const folded = await eventually(
          () => ofSubscriber().some((line) => typeof line.fields.repeated === 'number'),
          LOG_FOLD_WINDOW_MS * 3,
        );
        const lines = ofSubscriber();
        // One line per distinct error, and at most one count for each: never a line per failed delivery.
        const distinct = new Set(lines.map((line) => `${line.msg} ${String(line.fields.error)}`));
        expect(lines.length, JSON.stringify(lines)).toBeLessThanOrEqual(distinct.size * 2);
        if (!folded) continue;
        const counted = lines.find((line) => typeof line.fields.repeated === 'number');
        expect(counted?.fields.repeated).toBeGreaterThan(1);
        return;
      }
      throw new Error(`no round of ${ROUNDS} dropped with deliveries queued`);
    },
  );
});
