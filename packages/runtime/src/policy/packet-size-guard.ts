/**
 * A limit on the size of MQTT control packets, checked on the raw byte stream before aedes parses it.
 *
 * aedes (through mqtt-packet) buffers a packet until its last byte arrived, whatever its announced length: one client
 * announcing a 256 MB PUBLISH would make the runtime hold 256 MB, and a value that size would then sit in the
 * durable log and in every subscriber's queue. The guard reads each fixed header's Remaining Length (MQTT 3.1.1
 * §2.2.3: one to four bytes, 7 bits each, least significant first), compares it with the limit, and skips the
 * packet's body without copying it. So a too-large packet is refused from its header, before its body is received.
 */

/** The largest message payload a service accepts; the admin API's body limit is the same 1 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The largest Remaining Length allowed for a payload limit: a PUBLISH carries, besides its payload, a topic name
 * (2-byte length + up to 65,535 bytes) and at QoS 1 and 2 a 2-byte packet identifier.
 */
export function maxRemainingLength(maxMessageBytes: number): number {
  return maxMessageBytes + 2 + 65_535 + 2;
}

export type GuardVerdict = { ok: true } | { ok: false; announcedBytes: number; limitBytes: number };

/**
 * A stateful scanner over one connection's inbound bytes: feed it every chunk in order; the first packet whose
 * Remaining Length exceeds `limitBytes` (or whose length field is malformed) gives a refusal.
 */
export function createPacketSizeGuard(limitBytes: number): (chunk: Uint8Array) => GuardVerdict {
  // 'type': expecting the first byte of a fixed header; 'length': inside the Remaining Length field;
  // 'body': skipping `remaining` bytes of the current packet's body.
  let phase: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let remaining = 0;
  let refusal: GuardVerdict | null = null;

  return (chunk) => {
    if (refusal !== null) return refusal;
    let index = 0;
    while (index < chunk.length) {
      if (phase === 'body') {
        const skipped = Math.min(remaining, chunk.length - index);
        remaining -= skipped;
        index += skipped;
        if (remaining === 0) phase = 'type';
        continue;
      }
      const byte = chunk[index] as number;
      index += 1;
      if (phase === 'type') {
        phase = 'length';
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      // phase === 'length'
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes += 1;
      if (length > limitBytes) {
        refusal = { ok: false, announcedBytes: length, limitBytes };
        return refusal;
      }
      if ((byte & 0x80) !== 0) {
        // §2.2.3: at most four bytes; a fifth continuation is a malformed packet.
        if (lengthBytes === 4) {
          refusal = { ok: false, announcedBytes: Number.POSITIVE_INFINITY, limitBytes };
          return refusal;
        }
        continue;
      }
      remaining = length;
      phase = remaining === 0 ? 'type' : 'body';
    }
    return { ok: true };
  };
}
