import { Writable } from 'node:stream';
import fc from 'fast-check';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import {
  installFastPacketWrites,
  writePacketByMqttPacket,
  writePacketFast,
} from './packet-fast-write';

type Packet = Parameters<typeof mqttPacket.writeToStream>[0];

/** A stream that keeps what is written to it, chunk by chunk. */
function collector() {
  const chunks: Buffer[] = [];
  let error: Error | null = null;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  stream.on('error', (err) => {
    error = err;
  });
  return {
    stream,
    chunks,
    error: () => error,
    /** Everything written once mqtt-packet's own cork (until the next tick) is released. */
    bytes: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return Buffer.concat(chunks);
    },
  };
}

async function bytesOf(write: typeof writePacketFast, packet: Packet) {
  const sink = collector();
  write(packet, sink.stream);
  return { bytes: await sink.bytes(), chunks: sink.chunks.length, error: sink.error() };
}

const topic = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
);
const payload = fc.oneof(
  fc.constant(undefined),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  // Past the copy threshold, and past the one- and two-byte Remaining Lengths.
  fc.integer({ min: 2_040, max: 20_000 }).map((size) => Buffer.alloc(size, 7)),
);
const publishPacket = fc.record({
  cmd: fc.constant('publish' as const),
  topic,
  payload,
  qos: fc.constantFrom(0, 1, 2),
  dup: fc.boolean(),
  retain: fc.boolean(),
  messageId: fc.integer({ min: 0, max: 0xffff }),
});

describe('the fast packet write (issue 14)', () => {
  it('writes every PUBLISH byte for byte as mqtt-packet does (MQTT 3.1.1 section 3.3), in one or two writes', async () => {
    await fc.assert(
      fc.asyncProperty(publishPacket, async (packet) => {
        const fast = await bytesOf(writePacketFast, packet as Packet);
        const reference = await bytesOf(writePacketByMqttPacket, packet as Packet);
        expect(fast.bytes.equals(reference.bytes)).toBe(true);
        expect(fast.error).toBeNull();
        expect(fast.chunks).toBeLessThanOrEqual(2);
      }),
      { numRuns: 400 },
    );
  });

  it('writes the QoS acknowledgements as mqtt-packet does (sections 3.4–3.7), in one write', async () => {
    for (const cmd of ['puback', 'pubrec', 'pubrel', 'pubcomp'] as const) {
      // mqtt-packet throws on a PUBREL with DUP (tested below).
      for (const dup of cmd === 'pubrel' ? [false] : [false, true]) {
        for (const messageId of [0, 1, 0x1234, 0xffff]) {
          const packet = { cmd, messageId, dup } as Packet;
          const fast = await bytesOf(writePacketFast, packet);
          expect(fast.bytes).toEqual((await bytesOf(writePacketByMqttPacket, packet)).bytes);
          expect(fast.chunks).toBe(1);
        }
      }
    }
  });

  it('writes CONNACK, SUBACK, UNSUBACK and PINGRESP as mqtt-packet does (sections 3.2, 3.9, 3.11, 3.13), in one write and with its answer', async () => {
    const packets = [
      ...[0, 1, 2, 3, 4, 5].flatMap((returnCode) =>
        [false, true].map((sessionPresent) => ({ cmd: 'connack', returnCode, sessionPresent })),
      ),
      ...[[0], [1, 2, 128], Array.from({ length: 200 }, (_, index) => index % 3)].flatMap(
        (granted) =>
          [0, 0x1234, 0xffff].map((messageId) => ({ cmd: 'suback', messageId, granted })),
      ),
      ...[0, 7, 0xffff].map((messageId) => ({ cmd: 'unsuback', messageId })),
      { cmd: 'pingresp' },
    ] as Packet[];
    for (const packet of packets) {
      const fast = await bytesOf(writePacketFast, packet);
      const reference = await bytesOf(writePacketByMqttPacket, packet);
      expect(fast.bytes, JSON.stringify(packet)).toEqual(reference.bytes);
      expect(fast.chunks).toBe(1);
      const full = new Writable({ highWaterMark: 1, write: (_chunk, _encoding, done) => done() });
      full.cork();
      full.write(Buffer.alloc(4));
      expect(writePacketFast(packet, full)).toBe(writePacketByMqttPacket(packet, full));
    }
  });

  it('leaves every other packet, and every PUBLISH mqtt-packet would refuse, to mqtt-packet with its errors', async () => {
    const subscribe = {
      cmd: 'subscribe',
      messageId: 7,
      subscriptions: [{ topic: 'a/#', qos: 1 }],
    } as Packet;
    expect((await bytesOf(writePacketFast, subscribe)).bytes).toEqual(
      mqttPacket.generate(subscribe),
    );
    const badConnack = { cmd: 'connack', returnCode: 'yes' } as unknown as Packet;
    expect((await bytesOf(writePacketFast, badConnack)).error?.message).toBe('Invalid return code');
    const badSuback = { cmd: 'suback', messageId: 7, granted: [] } as unknown as Packet;
    expect((await bytesOf(writePacketFast, badSuback)).error?.message).toBe('Invalid qos vector');
    const dupUnsuback = { cmd: 'unsuback', messageId: 1, dup: true } as unknown as Packet;
    expect(() => writePacketFast(dupUnsuback, collector().stream)).toThrow(TypeError);

    const noPacketId = { cmd: 'publish', topic: 'a', payload: 'b', qos: 1 } as Packet;
    expect((await bytesOf(writePacketFast, noPacketId)).error?.message).toBe('Invalid messageId');
    const noTopic = { cmd: 'publish', payload: 'b', qos: 0 } as unknown as Packet;
    expect((await bytesOf(writePacketFast, noTopic)).error?.message).toBe('Invalid topic');
    const badAck = { cmd: 'puback' } as Packet;
    expect((await bytesOf(writePacketFast, badAck)).error?.message).toBe('Invalid messageId');
    // aedes catches this throw and closes the client with an error, as before.
    const dupPubrel = { cmd: 'pubrel', messageId: 1, dup: true } as Packet;
    expect(() => writePacketFast(dupPubrel, collector().stream)).toThrow(TypeError);
  });

  it('answers the stream’s backpressure as the last write does', () => {
    const stream = new Writable({
      highWaterMark: 16,
      write: (_chunk, _encoding, callback) => callback(),
    });
    stream.cork();
    const packet = { cmd: 'publish', topic: 't', payload: Buffer.alloc(10), qos: 0 } as Packet;
    expect(writePacketFast(packet, stream)).toBe(true);
    expect(writePacketFast(packet, stream)).toBe(false);
  });

  it('is what aedes writes with once installed, and the number-cache switch still reaches mqtt-packet', () => {
    installFastPacketWrites();
    expect(mqttPacket.writeToStream).toBe(writePacketFast);
    mqttPacket.writeToStream.cacheNumbers = false;
    expect(writePacketByMqttPacket.cacheNumbers).toBe(false);
  });
});
