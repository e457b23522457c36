import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../testing/mqtt-helpers';
import { killSpawnedRuntimes, spawnRuntime } from '../testing/spawn-runtime';
import { createTestKeys, testConfig, testDataDir, testEnv } from '../testing/test-keys';

const MESSAGES = 100_000;
const SUBSCRIBERS = 10;
const IN_FLIGHT = 50_000;
const TOPIC = 'burst/fan-out';

interface Subscriber {
  child: ChildProcess;
  /** Resolves once the retained value arrived: the subscription is in place. */
  subscribed: Promise<void>;
  /** Every payload received, in order, once the process has exited 0 after its last message. */
  payloads: Promise<string[]>;
}

/** mosquitto_sub (a real C client) for MESSAGES + 1 messages: the retained value first, then the burst. */
function startSubscriber(port: number, token: string): Subscriber {
  const connection = ['-h', '127.0.0.1', '-p', String(port), '-u', 'token', '-P', token];
  // `-C` counts messages and exits 0 after the last one.
  const child = spawn(
    '/usr/bin/mosquitto_sub',
    [...connection, '-t', TOPIC, '-q', '1', '-C', String(MESSAGES + 1)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let stderr = '';
  let onFirstLine: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => (onFirstLine = resolve));
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('\n')) onFirstLine();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': the output may still be in the pipe when the process has exited.
  const payloads = new Promise<string[]>((resolve, reject) =>
    child.once('close', (code) =>
      code === 0
        ? resolve(output.trimEnd().split('\n'))
        : reject(new Error(`mosquitto_sub exited ${code}: ${stderr}`)),
    ),
  );
  return { child, subscribed, payloads };
}

const subscribers: ChildProcess[] = [];
afterEach(() => {
  for (const child of subscribers.splice(0)) child.kill('SIGKILL');
  killSpawnedRuntimes();
});

describe('a burst of QoS 1 publishes', () => {
  it(
    'delivers 100,000 QoS 1 publishes to each of 10 subscribers, and the runtime stays up',
    { timeout: 120_000 },
    async () => {
      const keys = await createTestKeys();
      const token = await keys.serviceToken();
      const runtime = await spawnRuntime(testEnv(testConfig(keys, await testDataDir())));
      const url = `mqtt://127.0.0.1:${runtime.mqttPort}`;
      const publisher = await connectClient(url, { username: 'token', password: token });
      // The topic's current value is retained: each subscriber's first message proves its subscription is live.
      await publisher.publishAsync(TOPIC, 'ready', { qos: 1 });
      const started = Array.from({ length: SUBSCRIBERS }, () =>
        startSubscriber(runtime.mqttPort, token),
      );
      subscribers.push(...started.map((subscriber) => subscriber.child));
      await Promise.all(started.map((subscriber) => subscriber.subscribed));

      // As fast as the client can: up to IN_FLIGHT unacknowledged at once (mqtt.js has 65,535 packet ids), so the
      // runtime's queue of pending deliveries grows as long as it can.
      let acknowledged = 0;
      let sent = 0;
      await new Promise<void>((resolve, reject) => {
        const pump = () => {
          while (sent < MESSAGES && sent - acknowledged < IN_FLIGHT) {
            publisher.publish(TOPIC, String(sent), { qos: 1 }, (error) => {
              if (error) return reject(error);
              acknowledged += 1;
              if (acknowledged === MESSAGES) resolve();
              else if (sent - acknowledged === IN_FLIGHT / 2) pump();
            });
            sent += 1;
          }
        };
        pump();
      });
      expect(acknowledged).toBe(MESSAGES);

      const expected = ['ready', ...Array.from({ length: MESSAGES }, (_, index) => String(index))];
      for (const subscriber of started) {
        // Every message exactly once and in order (MQTT 3.1.1 section 4.6, one publisher, one topic).
        expect(await subscriber.payloads).toEqual(expected);
      }
      expect(runtime.child.exitCode).toBeNull();
      const health = await fetch(`http://127.0.0.1:${runtime.httpPort}/health`);
      expect(health.status).toBe(200);
      await publisher.endAsync();
    },
  );
});
