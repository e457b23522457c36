import type { Writable } from 'node:stream';
import mqttPacket from 'mqtt-packet';

/**
 * Writes the packets a broker sends most — PUBLISH and the four QoS acknowledgements, and the answers every session
 * gets (CONNACK, SUBACK, UNSUBACK, PINGRESP), MQTT 3.1.1 — as one Buffer and one `write` each (issue 14, throughput
 * and connect rate).
 *
 * mqtt-packet writes a PUBLISH as five chunks (fixed header, remaining length, topic length, topic, payload; a sixth
 * for the packet id) and corks the stream until the next tick for each packet, so every delivery cost five trips
 * through the socket's write path, five buffered-write records, a 2-byte Buffer per number and a `process.nextTick`,
 * and each chunk became its own WebSocket message over MQTT over WebSockets. The bytes are the same (MQTT 3.1.1
 * sections 3.3 and 3.4–3.7; a test compares them with mqtt-packet's own encoding); anything else — other packets,
 * MQTT 5, a value mqtt-packet would refuse or encode differently — goes to mqtt-packet as before, so its checks
 * and errors are unchanged.
 *
 * aedes calls `mqtt.writeToStream` through the module's exports object at every write, so replacing that property
 * once is enough; one copy of mqtt-packet is installed (see packet-number-cache.ts).
 */
type WriteToStream = typeof mqttPacket.writeToStream;

interface OutgoingPacket {
  cmd?: unknown;
  topic?: unknown;
  payload?: unknown;
  qos?: unknown;
  dup?: unknown;
  retain?: unknown;
  messageId?: unknown;
  properties?: unknown;
  returnCode?: unknown;
  sessionPresent?: unknown;
  granted?: unknown;
}

/** MQTT 3.1.1 section 2.2.3: the largest Remaining Length four bytes can carry. */
const MAX_REMAINING_LENGTH = 268_435_455;
/** Payloads up to this size are copied into the packet's Buffer; larger ones are written after it, uncopied. */
const COPY_PAYLOAD_BYTES = 2048;
const ACK_HEADERS: Record<string, number> = {
  puback: 0x40,
  pubrec: 0x50,
  pubrel: 0x62,
  pubcomp: 0x70,
};

/** MQTT 3.1.1 section 3.13: PINGRESP has no variable part; one Buffer serves every session (writes do not change it). */
const PINGRESP = Buffer.from([0xd0, 0x00]);

const original: WriteToStream = mqttPacket.writeToStream;
let installed = false;

function isPacketId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffff;
}

function remainingLengthBytes(length: number): number {
  return length < 128 ? 1 : length < 16_384 ? 2 : length < 2_097_152 ? 3 : 4;
}

function writeRemainingLength(buffer: Buffer, offset: number, length: number): number {
  let rest = length;
  let position = offset;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    buffer[position++] = byte;
  } while (rest > 0);
  return position;
}

/** The PUBLISH's bytes (with its payload, or without it when `payloadApart`), or null to leave it to mqtt-packet. */
function encodePublish(packet: OutgoingPacket): { head: Buffer; payload: Buffer | null } | null {
  const { topic, messageId } = packet;
  const qos = packet.qos ?? 0;
  if (qos !== 0 && qos !== 1 && qos !== 2) return null;
  if (qos > 0 && !isPacketId(messageId)) return null;
  // mqtt-packet sends a falsy payload ('' , null, undefined, 0) as an empty one.
  const payload = packet.payload || Buffer.alloc(0);
  const payloadBytes =
    typeof payload === 'string'
      ? Buffer.byteLength(payload)
      : Buffer.isBuffer(payload)
        ? payload.length
        : -1;
  if (payloadBytes < 0) return null;
  const topicBytes =
    typeof topic === 'string'
      ? Buffer.byteLength(topic)
      : Buffer.isBuffer(topic)
        ? topic.length
        : -1;
  if (topicBytes < 0 || topicBytes > 0xffff) return null;
  const length = 2 + topicBytes + (qos > 0 ? 2 : 0) + payloadBytes;
  if (length > MAX_REMAINING_LENGTH) return null;

  const payloadApart = payloadBytes > COPY_PAYLOAD_BYTES;
  const headBytes = 1 + remainingLengthBytes(length) + length - (payloadApart ? payloadBytes : 0);
  const head = Buffer.allocUnsafe(headBytes);
  head[0] = 0x30 | (packet.dup ? 0x08 : 0) | (qos << 1) | (packet.retain ? 0x01 : 0);
  let offset = writeRemainingLength(head, 1, length);
  offset = head.writeUInt16BE(topicBytes, offset);
  offset +=
    typeof topic === 'string' ? head.write(topic, offset) : (topic as Buffer).copy(head, offset);
  if (qos > 0) offset = head.writeUInt16BE(messageId as number, offset);
  if (payloadApart) {
    return {
      head,
      payload: typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer),
    };
  }
  if (typeof payload === 'string') head.write(payload, offset);
  else (payload as Buffer).copy(head, offset);
  return { head, payload: null };
}

/** A packet of a header, Remaining Length 2 and a packet id: the QoS acknowledgements and the UNSUBACK (3.11). */
function encodeAck(packet: OutgoingPacket, header: number): Buffer | null {
  if (!isPacketId(packet.messageId)) return null;
  // mqtt-packet ignores DUP on PUBACK, PUBREC and PUBCOMP and throws on a PUBREL or an UNSUBACK with it; aedes turns
  // that throw into an error of the client, which stays so.
  if ((packet.cmd === 'pubrel' || packet.cmd === 'unsuback') && packet.dup) return null;
  const bytes = Buffer.allocUnsafe(4);
  bytes[0] = header;
  bytes[1] = 2;
  bytes.writeUInt16BE(packet.messageId, 2);
  return bytes;
}

function isByte(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xff;
}

/** Section 3.2: the CONNACK. mqtt-packet answers `true` whatever the stream says, and so does this. */
function encodeConnack(packet: OutgoingPacket): Buffer | null {
  if (!isByte(packet.returnCode)) return null;
  return Buffer.from([0x20, 0x02, packet.sessionPresent ? 0x01 : 0x00, packet.returnCode]);
}

/** Section 3.9: the SUBACK, one return code a filter. */
function encodeSuback(packet: OutgoingPacket): Buffer | null {
  const { granted, messageId } = packet;
  if (!isPacketId(messageId) || !Array.isArray(granted) || granted.length === 0) return null;
  if (!granted.every(isByte)) return null;
  const length = 2 + granted.length;
  const bytes = Buffer.allocUnsafe(1 + remainingLengthBytes(length) + length);
  bytes[0] = 0x90;
  let offset = writeRemainingLength(bytes, 1, length);
  offset = bytes.writeUInt16BE(messageId, offset);
  for (const code of granted) bytes[offset++] = code;
  return bytes;
}

/** The answers to a session's own requests, or null to leave the packet to mqtt-packet. */
function writeAnswer(packet: OutgoingPacket, stream: Writable): boolean | null {
  switch (packet.cmd) {
    case 'connack': {
      const bytes = encodeConnack(packet);
      if (bytes === null) return null;
      stream.write(bytes);
      return true;
    }
    case 'suback': {
      const bytes = encodeSuback(packet);
      return bytes === null ? null : stream.write(bytes);
    }
    case 'unsuback': {
      // Like the CONNACK, `true` whatever the stream says (mqtt-packet's answer).
      const bytes = encodeAck(packet, 0xb0);
      if (bytes === null) return null;
      stream.write(bytes);
      return true;
    }
    case 'pingresp':
      return stream.write(PINGRESP);
    default:
      return null;
  }
}

function fastWriteToStream(
  packet: OutgoingPacket,
  stream: Writable,
  opts?: { protocolVersion?: number },
): boolean {
  // MQTT 5 packets carry properties and reason codes: mqtt-packet's encoding.
  if (opts?.protocolVersion !== 5 && packet.properties === undefined) {
    if (packet.cmd === 'publish') {
      const encoded = encodePublish(packet);
      if (encoded !== null) {
        if (encoded.payload === null) return stream.write(encoded.head);
        stream.write(encoded.head);
        return stream.write(encoded.payload);
      }
    } else if (typeof packet.cmd === 'string' && packet.cmd in ACK_HEADERS) {
      const encoded = encodeAck(packet, ACK_HEADERS[packet.cmd]!);
      if (encoded !== null) return stream.write(encoded);
    } else {
      const written = writeAnswer(packet, stream);
      if (written !== null) return written;
    }
  }
  return original(
    packet as Parameters<WriteToStream>[0],
    stream,
    opts as Parameters<WriteToStream>[2],
  );
}

/** The fast path, exported for the test that compares its bytes with mqtt-packet's. */
export const writePacketFast = fastWriteToStream as unknown as WriteToStream;
export const writePacketByMqttPacket = original;

/** Makes every packet the broker writes go through the fast path (once per process; see above). */
export function installFastPacketWrites(): void {
  if (installed) return;
  installed = true;
  // Keeps mqtt-packet's `cacheNumbers` switch reachable where packet-number-cache.ts sets it.
  Object.defineProperty(fastWriteToStream, 'cacheNumbers', {
    get: () => original.cacheNumbers,
    set: (value: boolean) => {
      original.cacheNumbers = value;
    },
  });
  mqttPacket.writeToStream = fastWriteToStream as unknown as WriteToStream;
}
