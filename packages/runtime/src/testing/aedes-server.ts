import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { encodeRemainingLength } from './mqtt-helpers';

/** A bare aedes broker on a loopback port; `onClient` sees each connection's Client and socket as the runtime does. */
export async function startAedesServer(
  onClient: (client: Client, socket: Socket) => void = () => {},
) {
  const broker = await Aedes.createBroker();
  const server = createServer((socket) => onClient(broker.handle(socket), socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    broker,
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

/** A CONNECT (MQTT 3.1.1 section 3.1) with a clean session and a password, then nothing: a silent client. */
export function connectRaw(
  port: number,
  clientId: string,
  keepAliveSeconds: number,
  password = 'secret-password',
): Promise<Socket> {
  const field = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    return [bytes.length >> 8, bytes.length & 0xff, ...bytes];
  };
  const body = [
    ...field('MQTT'),
    4,
    0xc2,
    keepAliveSeconds >> 8,
    keepAliveSeconds & 0xff,
    ...field(clientId),
    ...field('user'),
    ...field(password),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    // Resolved at the CONNACK (0x20).
    socket.once('data', (chunk: Buffer) =>
      chunk[0] === 0x20 ? resolve(socket) : reject(new Error('no CONNACK')),
    );
    socket.write(Buffer.from([0x10, ...encodeRemainingLength(body.length), ...body]));
  });
}
