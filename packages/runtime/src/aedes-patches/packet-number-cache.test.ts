import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { disablePacketNumberCache } from './packet-number-cache';

const numbers = createRequire(import.meta.url)('mqtt-packet/numbers.js') as {
  cache: Record<number, Buffer>;
};

describe("mqtt-packet's number cache", () => {
  it('is never built, and message ids are still written right (MQTT 3.1.1 section 2.3.1)', async () => {
    disablePacketNumberCache();
    const stream = new PassThrough();
    mqttPacket.writeToStream(
      { cmd: 'puback', messageId: 0x1234 } as mqttPacket.IPubackPacket,
      stream,
    );
    // mqtt-packet corks the stream until the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.read()).toEqual(Buffer.from([0x40, 0x02, 0x12, 0x34]));
    expect(Object.keys(numbers.cache)).toHaveLength(0);
  });
});
