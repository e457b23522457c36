import { createConnection, type Socket } from 'node:net';
import type { Aedes, Client } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { LazySet, releaseConnectPacket, slimClient } from './client-slimming';
import { collectMessages, connectClient, encodeRemainingLength } from '../testing/mqtt-helpers';
import { connectRaw, startAedesServer } from '../testing/aedes-server';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const sockets = new Map<Client, Socket>();
  const server = await startAedesServer((client, socket) => {
    slimClient(client, socket);
    sockets.set(client, socket);
  });
  server.broker.on('clientReady', (client: Client) => releaseConnectPacket(client));
  cleanups.push(server.close);
  return { ...server, sockets };
}

const parserOf = (client: Client) =>
  (
    client as unknown as {
      _parser: {
        settings: Record<string, unknown>;
        listeners(event: string): Array<{ name: string }>;
      };
    }
  )._parser;

const boundNames = (listeners: Array<{ name: string }>) =>
  listeners.map((listener) => listener.name).filter((name) => name.startsWith('bound '));

/** The first client error the broker reports, with its client's id. */
const clientError = (broker: Aedes) =>
  new Promise<{ id: string; message: string }>((resolve) =>
    broker.once('clientError', (client: Client, error: Error) =>
      resolve({ id: client.id, message: error.message }),
    ),
  );

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
    // The lean `duplicates` reads as aedes' Object.create(null) does, and its dedupe counted the delivery.
    const { duplicates } = client as unknown as { duplicates: Record<string, number> };
    expect(Object.getPrototypeOf(duplicates)).toBeNull();
    expect(duplicates['constructor']).toBeUndefined();
    expect(duplicates['__proto__']).toBeUndefined();
    expect(Object.keys(duplicates)).toEqual([broker.id]);
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

  it('binds no listener per client: the stream’s error and end and the parser’s error are shared and still close it', async () => {
    const { port, broker, sockets } = await setup();
    await connectRaw(port, 'first', 60).then((peer) => cleanups.push(() => void peer.destroy()));
    const [client, socket] = [...sockets][0]!;
    expect(boundNames(socket.listeners('error'))).toEqual([]);
    expect(boundNames(socket.listeners('end'))).toEqual([]);
    expect(boundNames(parserOf(client).listeners('error'))).toEqual([]);
    expect(socket.listenerCount('error')).toBe(1);
    expect(socket.listenerCount('end')).toBeGreaterThanOrEqual(1);

    // A stream error reaches the client, which closes.
    const streamError = clientError(broker);
    socket.emit('error', new Error('stream broke'));
    expect(await streamError).toEqual({ id: 'first', message: 'stream broke' });
    expect((client as unknown as { closed: boolean }).closed).toBe(true);

    // A packet the parser refuses reaches the client as its error, and it closes.
    const garbled = await connectRaw(port, 'garbled', 60);
    const parserError = clientError(broker);
    garbled.write(Buffer.from([0x00, 0x00]));
    expect((await parserError).id).toBe('garbled');
    await expect.poll(() => garbled.destroyed || garbled.readableEnded).toBe(true);

    // A peer that half-closes (FIN, no DISCONNECT) ends the session through the shared 'end' listener.
    const leaving = await connectRaw(port, 'half-closed', 60);
    const disconnected = new Promise<string>((resolve) =>
      broker.once('clientDisconnect', (gone: Client) => resolve(gone.id)),
    );
    leaving.end();
    expect(await disconnected).toBe('half-closed');
  });

  it('keeps the client’s and the parser’s listeners in fast null-prototype tables that work as aedes’ own', async () => {
    const { port, broker } = await setup();
    const ready = new Promise<Client>((resolve) => broker.once('clientReady', resolve));
    // CONNECT and a SUBSCRIBE in one write: the SUBSCRIBE waits in the parser's queue for the client's once-listener
    // on 'connected' (moved last into the lean table), which must still fire and then go.
    const socket = createConnection(port, '127.0.0.1');
    cleanups.push(() => void socket.destroy());
    const field = (text: string) => [text.length >> 8, text.length & 0xff, ...Buffer.from(text)];
    const connect = [...field('MQTT'), 4, 0x02, 0, 60, ...field('early')];
    const subscribe = [0x12, 0x34, ...field('a/b'), 0];
    const answers: number[] = [];
    socket.on('data', (chunk: Buffer) => answers.push(...chunk));
    socket.write(
      Buffer.from([
        0x10,
        ...encodeRemainingLength(connect.length),
        ...connect,
        0x82,
        ...encodeRemainingLength(subscribe.length),
        ...subscribe,
      ]),
    );
    const client = await ready;
    // CONNACK (accepted), then the SUBACK of packet 0x1234 granting QoS 0.
    await expect.poll(() => answers).toEqual([0x20, 2, 0, 0, 0x90, 3, 0x12, 0x34, 0]);
    const { _events: events } = client as unknown as { _events: Record<string, unknown> };
    expect(Object.getPrototypeOf(events)).toBeNull();
    expect(Object.keys(events)).toEqual(['error']);
    expect(events['constructor']).toBeUndefined();
    const parserEvents = (parserOf(client) as unknown as { _events: Record<string, unknown> })
      ._events;
    expect(Object.getPrototypeOf(parserEvents)).toBeNull();
    expect(Object.keys(parserEvents).sort()).toEqual(['error', 'packet']);
    // The client's table still takes and drops listeners as an emitter's does.
    const onCustom = () => {};
    client.on('custom' as 'error', onCustom);
    expect(client.listenerCount('custom' as 'error')).toBe(1);
    client.off('custom' as 'error', onCustom);
    expect(client.listenerCount('custom' as 'error')).toBe(0);
    expect(client.listenerCount('error')).toBe(1);
  });

  it('keeps subscriptions by filter as aedes does, filters named as Object’s own properties included', async () => {
    const { port, broker } = await setup();
    const ready = new Promise<Client>((resolve) => broker.once('clientReady', resolve));
    const subscriber = await connectClient(`mqtt://127.0.0.1:${port}`, { clientId: 'filters' });
    cleanups.push(() => void subscriber.end(true));
    const client = await ready;
    const { subscriptions } = client as unknown as { subscriptions: Record<string, unknown> };
    expect(Object.getPrototypeOf(subscriptions)).toBeNull();
    expect(Object.keys(subscriptions)).toEqual([]);
    expect(subscriptions['constructor']).toBeUndefined();

    const received = collectMessages(subscriber);
    await subscriber.subscribeAsync(['constructor', '__proto__', 'a/+'], { qos: 1 });
    expect(Object.keys(subscriptions).sort()).toEqual(['__proto__', 'a/+', 'constructor']);
    for (const topic of ['constructor', '__proto__', 'a/b']) {
      await subscriber.publishAsync(topic, topic, { qos: 1 });
    }
    await expect
      .poll(() => received.map((message) => message.topic).sort())
      .toEqual(['__proto__', 'a/b', 'constructor']);

    await subscriber.unsubscribeAsync('constructor');
    expect(Object.keys(subscriptions).sort()).toEqual(['__proto__', 'a/+']);
    await subscriber.publishAsync('constructor', 'after', { qos: 1 });
    await subscriber.publishAsync('a/c', 'still', { qos: 1 });
    await expect.poll(() => received.at(-1)).toEqual({ topic: 'a/c', payload: 'still' });
    expect(received.filter((message) => message.topic === 'constructor')).toHaveLength(1);
  });

  it('keeps the QoS 2 window aedes keeps (PUBLISH, PUBREL, its limit of 1,000), with a Set made only once needed', async () => {
    const { port, broker, sockets } = await setup();
    const subscriber = await connectClient(`mqtt://127.0.0.1:${port}`, { clientId: 'qos2' });
    cleanups.push(() => void subscriber.end(true));
    const [client] = [...sockets.keys()];
    const window = (client as unknown as { _inboundInflight: LazySet<number> })._inboundInflight;
    expect(window).toBeInstanceOf(LazySet);
    expect((window as unknown as { set: unknown }).set).toBeNull();
    const received = collectMessages(subscriber);
    await subscriber.subscribeAsync('q/2', { qos: 2 });
    await subscriber.publishAsync('q/2', 'exactly once', { qos: 2 });
    await expect.poll(() => received).toEqual([{ topic: 'q/2', payload: 'exactly once' }]);
    await expect.poll(() => window.size).toBe(0);

    // A client that sends QoS 2 PUBLISHes and never PUBREL is dropped past aedes' window of 1,000.
    const hoarder = await connectRaw(port, 'hoarder', 60);
    const dropped = clientError(broker);
    const publishes = Array.from({ length: 1_001 }, (_, index) => {
      const body = [0, 1, 0x68, (index + 1) >> 8, (index + 1) & 0xff, 0x78];
      return Buffer.from([0x34, body.length, ...body]);
    });
    hoarder.write(Buffer.concat(publishes));
    expect(await dropped).toEqual({
      id: 'hoarder',
      message: expect.stringContaining('maxInflightInbound exceeded: 1000') as unknown as string,
    });
  });
});

describe('LazySet', () => {
  it('reads as an empty Set until the first add, then as the Set', () => {
    const set = new LazySet<number>();
    expect([set.size, set.has(1), set.delete(1), [...set]]).toEqual([0, false, false, []]);
    expect(set.add(1).add(2).add(1)).toBe(set);
    expect([set.size, set.has(1), set.has(3), [...set]]).toEqual([2, true, false, [1, 2]]);
    expect(set.delete(1)).toBe(true);
    set.clear();
    expect([set.size, [...set]]).toEqual([0, []]);
  });
});
