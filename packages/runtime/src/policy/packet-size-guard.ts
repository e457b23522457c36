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

const ACCEPTED: GuardVerdict = Object.freeze({ ok: true });

/** Where the scan is: at the first byte of a fixed header, inside its Remaining Length, or skipping its body. */
const TYPE = 0;
const LENGTH = 1;
const BODY = 2;

/**
 * A stateful scanner over one connection's inbound bytes: feed `check` every chunk in order; the first packet whose
 * Remaining Length exceeds `limitBytes` (or whose length field is malformed) gives a refusal. One small object of
 * numbers a connection, no closures (issue 14: it lives as long as every idle session).
 */
export class PacketSizeGuard {
  private phase = TYPE;
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;
  private remaining = 0;
  private refusal: GuardVerdict | null = null;

  constructor(private readonly limitBytes: number) {}

  check(chunk: Uint8Array): GuardVerdict {
    if (this.refusal !== null) return this.refusal;
    let index = 0;
    while (index < chunk.length) {
      if (this.phase === BODY) {
        const skipped = Math.min(this.remaining, chunk.length - index);
        this.remaining -= skipped;
        index += skipped;
        if (this.remaining === 0) this.phase = TYPE;
        continue;
      }
      const byte = chunk[index] as number;
      index += 1;
      if (this.phase === TYPE) {
        this.phase = LENGTH;
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
        continue;
      }
      // this.phase === LENGTH
      this.length += (byte & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes += 1;
      if (this.length > this.limitBytes) {
        return this.refuse(this.length);
      }
      if ((byte & 0x80) !== 0) {
        // §2.2.3: at most four bytes; a fifth continuation is a malformed packet.
        if (this.lengthBytes === 4) return this.refuse(Number.POSITIVE_INFINITY);
        continue;
      }
      this.remaining = this.length;
      this.phase = this.remaining === 0 ? TYPE : BODY;
    }
    return ACCEPTED;
  }

  private refuse(announcedBytes: number): GuardVerdict {
    this.refusal = { ok: false, announcedBytes, limitBytes: this.limitBytes };
    return this.refusal;
  }
}
