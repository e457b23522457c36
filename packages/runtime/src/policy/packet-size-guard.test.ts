import { describe, expect, it } from 'vitest';
import {
  PacketSizeGuard,
  DEFAULT_MAX_MESSAGE_BYTES,
  maxRemainingLength,
} from './packet-size-guard';
import { encodeRemainingLength } from '../testing/mqtt-helpers';

function packet(type: number, bodyLength: number): Uint8Array {
  return Uint8Array.from([
    type,
    ...encodeRemainingLength(bodyLength),
    ...new Array<number>(bodyLength).fill(7),
  ]);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

describe('maxRemainingLength', () => {
  it('leaves room for the longest topic name and a packet identifier', () => {
    expect(maxRemainingLength(DEFAULT_MAX_MESSAGE_BYTES)).toBe(1_048_576 + 65_539);
  });
});

describe('PacketSizeGuard', () => {
  it.each([
    ['an empty-bodied packet (PINGREQ)', 0],
    ['a one-byte length', 127],
    ['a two-byte length', 128],
    ['exactly the limit', 1000],
  ])('lets %s through', (_label, bodyLength) => {
    const guard = new PacketSizeGuard(1000);
    expect(guard.check(packet(0x30, bodyLength))).toEqual({ ok: true });
  });

  it('refuses a packet announced one byte over the limit, from its header alone', () => {
    const guard = new PacketSizeGuard(1000);
    const header = Uint8Array.from([0x30, ...encodeRemainingLength(1001)]);
    expect(guard.check(header)).toEqual({ ok: false, announcedBytes: 1001, limitBytes: 1000 });
  });

  it('refuses a 256 MB announcement as soon as the length passes the limit', () => {
    const guard = new PacketSizeGuard(maxRemainingLength(DEFAULT_MAX_MESSAGE_BYTES));
    const verdict = guard.check(Uint8Array.from([0x30, ...encodeRemainingLength(268_435_455)]));
    expect(verdict.ok).toBe(false);
  });

  it('follows packet boundaries across chunks, wherever they are cut', () => {
    const stream = concat(packet(0x10, 20), packet(0x30, 300), packet(0xc0, 0), packet(0x30, 1001));
    for (let cut = 1; cut < stream.length; cut += 37) {
      const guard = new PacketSizeGuard(1000);
      const first = guard.check(stream.subarray(0, cut));
      const second = first.ok ? guard.check(stream.subarray(cut)) : first;
      expect(second).toEqual({ ok: false, announcedBytes: 1001, limitBytes: 1000 });
    }
  });

  it('reads a length field split over two chunks', () => {
    const guard = new PacketSizeGuard(100_000);
    const whole = packet(0x30, 20_000);
    expect(guard.check(whole.subarray(0, 2))).toEqual({ ok: true });
    expect(guard.check(whole.subarray(2))).toEqual({ ok: true });
    expect(guard.check(packet(0xc0, 0))).toEqual({ ok: true });
  });

  it('refuses a malformed length with a fifth continuation byte, and stays refused', () => {
    const guard = new PacketSizeGuard(Number.MAX_SAFE_INTEGER);
    const verdict = guard.check(Uint8Array.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]));
    expect(verdict.ok).toBe(false);
    expect(guard.check(packet(0xc0, 0)).ok).toBe(false);
  });
});
