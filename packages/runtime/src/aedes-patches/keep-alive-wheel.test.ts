import type { Socket } from 'node:net';
import type { Client } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeepAliveWheel, type KeepAliveWheel } from './keep-alive-wheel';
import { connectClient } from '../testing/mqtt-helpers';
import { connectRaw, startAedesServer } from '../testing/aedes-server';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(sweepMs: number) {
  const server = await startAedesServer();
  const wheel: KeepAliveWheel = createKeepAliveWheel(server.broker, { sweepMs });
  server.broker.on('clientReady', (client: Client) => wheel.adopt(client));
  cleanups.push(server.close, () => wheel.stop());
  return { ...server, wheel };
}

const closedAfterMs = (socket: Socket, started: number) =>
  new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('the shared keep-alive wheel', () => {
  it('drops a client silent for one and a half times its Keep Alive (MQTT 3.1.1 section 3.1.2.10)', async () => {
    const { port, broker } = await setup(100);
    const timedOut: string[] = [];
    broker.on('keepaliveTimeout', (client: Client) => timedOut.push(client.id));
    const started = Date.now();
    const socket = await connectRaw(port, 'silent', 1);
    const elapsed = await closedAfterMs(socket, started);
    expect(elapsed).toBeGreaterThanOrEqual(1_500);
    expect(elapsed).toBeLessThan(1_500 + 100 + 400);
    expect(timedOut).toEqual(['silent']);
  });

  it('keeps a client that sends a packet in time (each packet moves its deadline)', async () => {
    const { port } = await setup(100);
    // mqtt.js sends a PINGREQ every Keep Alive second.
    const client = await connectClient(`mqtt://127.0.0.1:${port}`, { keepalive: 1 });
    cleanups.push(() => void client.end(true));
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(client.connected).toBe(true);
  });

  it('holds no timer per client, and forgets a client once it is closed', async () => {
    const { port, wheel } = await setup(100);
    const before = timeouts();
    const sockets = await Promise.all(
      Array.from({ length: 20 }, (_, n) => connectRaw(port, `idle-${n}`, 60)),
    );
    // aedes announces a client ready just after its CONNACK.
    await expect.poll(() => wheel.size).toBe(20);
    // aedes alone would add a Timeout per client here (20).
    expect(timeouts()).toBeLessThanOrEqual(before);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(wheel.size).toBe(0);
  });
});
