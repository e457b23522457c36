import { connect, type Socket } from 'node:net';

/** MQTT 3.1.1 section 2.2.3: the Remaining Length, 7 bits a byte. */
function remainingLength(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

function utf8Field(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/**
 * A CONNECT packet (MQTT 3.1.1 section 3.1), clean session, built by hand: the session benches hold thousands of
 * connections, so the client side is a bare socket, not a client library.
 */
export function connectPacket(
  clientId: string,
  login: { username: string | null; password: string | null },
  keepAliveSeconds: number,
): Buffer {
  let flags = 0x02;
  if (login.username !== null) flags |= 0x80;
  if (login.password !== null) flags |= 0x40;
  const keepAlive = Buffer.alloc(2);
  keepAlive.writeUInt16BE(keepAliveSeconds);
  const body = Buffer.concat([
    utf8Field('MQTT'),
    Buffer.from([4, flags]),
    keepAlive,
    utf8Field(clientId),
    ...(login.username === null ? [] : [utf8Field(login.username)]),
    ...(login.password === null ? [] : [utf8Field(login.password)]),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

/** Opens a TCP connection, sends CONNECT and resolves with the CONNACK's return code and the open socket. */
export function openRawSession(
  port: number,
  packet: Buffer,
): Promise<{ socket: Socket; returnCode: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4) return;
      // The error listener stays (a reset after the CONNACK is no crash of the bench; reject is a no-op then).
      socket.off('data', onData);
      // CONNACK: 0x20 0x02, session present, return code (section 3.2).
      resolve({ socket, returnCode: received[0] === 0x20 ? (received[3] ?? -1) : -1 });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before CONNACK')));
    socket.write(packet);
  });
}

/**
 * Opens `count` idle sessions (CONNECT with `keepAliveSeconds`, then nothing), 200 at a time: the sockets of the
 * accepted ones, and how many the broker refused (their sockets are kept too, for the caller to close).
 */
export async function openIdleSessions(
  broker: { port: number; username: string | null; password: string | null },
  count: number,
  clientIdPrefix: string,
  keepAliveSeconds: number,
): Promise<{ sockets: Socket[]; refused: number }> {
  const sockets: Socket[] = [];
  let refused = 0;
  for (let start = 0; start < count; start += IDLE_SESSION_BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(IDLE_SESSION_BATCH, count - start) }, (_, offset) =>
        openRawSession(
          broker.port,
          connectPacket(`${clientIdPrefix}${start + offset}`, broker, keepAliveSeconds),
        ),
      ),
    );
    for (const { socket, returnCode } of batch) {
      sockets.push(socket);
      if (returnCode !== 0) refused += 1;
    }
  }
  return { sockets, refused };
}

/** How many CONNECTs are in flight at once while idle sessions are opened. */
const IDLE_SESSION_BATCH = 200;
