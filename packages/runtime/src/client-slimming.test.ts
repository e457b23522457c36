import type { Socket } from 'node:net';
import type { Client } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseConnectPacket, watchCloseCheaply } from './client-slimming';
import { collectMessages, connectClient } from './testing/mqtt-helpers';
import { connectRaw, startAedesServer } from './testing/aedes-server';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const sockets = new Map<Client, Socket>();
  const server = await startAedesServer((client, socket) => {
    watchCloseCheaply(client, socket);
    sockets.set(client, socket);
  });
  server.broker.on('clientReady', (client: Client) => releaseConnectPacket(client));
  cleanups.push(server.close);
  return { ...server, sockets };
}

const parserOf = (client: Client) =>
  (client as unknown as { _parser: { settings: Record<string, unknown> } })._parser;

describe('slimmer aedes clients', () => {
  it('keeps no CONNECT packet (nor its password) after login, and goes on parsing the session', async () => {
    const { port, broker } = await setup();
    const ready = new Promise<Client>((resolve) => broker.once('clientReady', resolve));
    const subscriber = await connectClient(`mqtt://127.0.0.1:${port}`, {
      username: 'device',
      password: 'device-secret',
    });
    cleanups.push(() => void subscriber.end(true));
    const client = await ready;
    expect(parserOf(client).settings).toEqual({ protocolVersion: 4, bridgeMode: false });
    expect(JSON.stringify(parserOf(client).settings)).not.toContain('device-secret');

    const received = collectMessages(subscriber);
    await subscriber.subscribeAsync('a/b', { qos: 1 });
    await subscriber.publishAsync('a/b', 'after login', { qos: 1 });
    await expect.poll(() => received).toEqual([{ topic: 'a/b', payload: 'after login' }]);
  });

  it('closes the client when its connection goes, with one shared listener instead of a stream watch', async () => {
    const { port, broker, sockets } = await setup();
    const disconnected = new Promise<string>((resolve) =>
      broker.once('clientDisconnect', (client: Client) => resolve(client.id)),
    );
    const peer = await connectRaw(port, 'leaving', 60);
    const [client, socket] = [...sockets][0] ?? [];
    // stream.finished() would listen to 'finish' (and more) with closures of its own.
    expect(socket?.listenerCount('finish')).toBe(0);
    peer.destroy();
    expect(await disconnected).toBe('leaving');
    expect((client as unknown as { closed: boolean }).closed).toBe(true);
  });
});
