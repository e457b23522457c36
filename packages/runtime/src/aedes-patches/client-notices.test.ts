import { createServer, type AddressInfo } from 'node:net';
import { Aedes, type PublishPacket } from 'aedes';
import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { skipUnheardClientNotices } from './client-notices';
import { createIterativeMqemitter } from './iterative-mqemitter';
import { connectClient, nextMessage } from '../testing/mqtt-helpers';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** aedes as the runtime makes it (the iterative emitter, the notices skipped when unheard), on a loopback port. */
async function startBroker() {
  const mq = createIterativeMqemitter();
  const broker = await Aedes.createBroker({ mq });
  skipUnheardClientNotices(broker, mq);
  const notices: string[] = [];
  broker.on('publish', (packet: PublishPacket) => {
    if (packet.topic.startsWith('$SYS/') && packet.topic.endsWith('/clients')) {
      notices.push(`${packet.topic.split('/').slice(2).join('/')} ${packet.payload.toString()}`);
    }
  });
  const server = createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.close();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const connect = async (clientId: string) => {
    const client = await connectClient(url, { clientId });
    cleanups.push(() => client.endAsync(true));
    return client;
  };
  return { broker, notices, connect };
}

const ended = (client: MqttClient) => client.endAsync();

describe('the client notices aedes publishes on $SYS', () => {
  it('are not published while no subscription matches them', async () => {
    const { broker, notices, connect } = await startBroker();
    const device = await connect('device-1');
    await ended(device);
    // A publish the broker does make still passes: the connect and close steps above have run.
    const other = await connect('device-2');
    await other.publishAsync('a/b', 'x');
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices).toEqual([]);
    expect(broker.connectedClients).toBe(1);
  });

  it('reach a subscriber to $SYS/, each connect and each close', async () => {
    const { broker, notices, connect } = await startBroker();
    const watcher = await connect('watcher');
    await watcher.subscribeAsync(`$SYS/${broker.id}/#`);
    const connected = nextMessage(watcher, `$SYS/${broker.id}/new/clients`);
    const device = await connect('device-1');
    expect((await connected).payload).toBe('device-1');
    const disconnected = nextMessage(watcher, `$SYS/${broker.id}/disconnect/clients`);
    await ended(device);
    expect((await disconnected).payload).toBe('device-1');
    // aedes reports a publish once it has been delivered.
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices).toEqual(['new/clients device-1', 'disconnect/clients device-1']);
  });

  it('stop again once the last such subscription is gone', async () => {
    const { broker, notices, connect } = await startBroker();
    const watcher = await connect('watcher');
    await watcher.subscribeAsync('$SYS/+/new/clients');
    const connected = nextMessage(watcher, `$SYS/${broker.id}/new/clients`);
    await ended(await connect('device-1'));
    expect((await connected).payload).toBe('device-1');
    await watcher.unsubscribeAsync('$SYS/+/new/clients');
    await ended(await connect('device-2'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices).toEqual(['new/clients device-1']);
  });

  it('still lets a client id taken over close the earlier connection (aedes does that without the notice)', async () => {
    const { connect } = await startBroker();
    const first = await connect('same-id');
    const closed = new Promise<void>((resolve) => first.once('close', () => resolve()));
    first.options.reconnectPeriod = 0;
    await connect('same-id');
    await closed;
  });
});
