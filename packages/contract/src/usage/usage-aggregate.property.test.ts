import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateUsage, type UsageBucket } from './usage-aggregate';
import type { UsagePoint } from './usage-periods';

const T0 = Date.parse('2025-03-10T00:00:00Z') / 1000;

const windowArb = fc
  .record({
    steps: fc.integer({ min: 1, max: 48 }),
    step: fc.constantFrom(60, 3600, 86_400),
  })
  .map(({ steps, step }) => ({ from: T0, to: T0 + steps * step, step }));

/** Minute or hour buckets starting at whole minutes (or hours) inside the window. */
function bucketsIn(window: { from: number; to: number }) {
  const minutes = (window.to - window.from) / 60;
  return fc.array(
    fc
      .record({
        minute: fc.integer({ min: 0, max: minutes - 1 }),
        hourRow: fc.boolean(),
        billedMessages: fc.nat(10_000),
        bytes: fc.nat(1_000_000),
        sessionsA: fc.nat(500),
        sessionsB: fc.nat(500),
        topicsA: fc.nat(500),
        topicsB: fc.nat(500),
      })
      .map((raw): UsageBucket => ({
        start: window.from + raw.minute * 60,
        seconds: raw.hourRow ? 3600 : 60,
        billedMessages: raw.billedMessages,
        messagesIn: Math.floor(raw.billedMessages / 2),
        adapterBilledMessages: Math.floor(raw.billedMessages / 3),
        bytes: raw.bytes,
        sessionsMax: Math.max(raw.sessionsA, raw.sessionsB),
        sessionsMin: Math.min(raw.sessionsA, raw.sessionsB),
        topicsMax: Math.max(raw.topicsA, raw.topicsB),
        topicsMin: Math.min(raw.topicsA, raw.topicsB),
      })),
    { maxLength: 30 },
  );
}

const withBuckets = windowArb.chain((window) => fc.tuple(fc.constant(window), bucketsIn(window)));
const values = (answer: number | UsagePoint[]) => (answer as UsagePoint[]).map((p) => p.value);

describe('aggregateUsage properties', () => {
  it('sums a counter histogram to the sum answer when every bucket lies in the window', () => {
    fc.assert(
      fc.property(withBuckets, ([window, buckets]) => {
        for (const metric of ['billed_messages_total', 'bytes_total'] as const) {
          const histogram = values(aggregateUsage(metric, 'histogram', buckets, window));
          const total = histogram.reduce((sum, value) => sum + value, 0);
          expect(total).toBe(aggregateUsage(metric, 'sum', buckets, window));
          expect(total).toBe(aggregateUsage(metric, 'increase', buckets, window));
          expect(Math.max(0, ...histogram)).toBe(aggregateUsage(metric, 'peak', buckets, window));
          expect(Math.min(...histogram)).toBe(aggregateUsage(metric, 'low', buckets, window));
        }
      }),
    );
  });

  it('makes a gauge histogram peak at the peak answer, and low at most peak', () => {
    fc.assert(
      fc.property(withBuckets, ([window, buckets]) => {
        for (const metric of ['sessions', 'topics'] as const) {
          const histogram = values(aggregateUsage(metric, 'histogram', buckets, window));
          const peak = aggregateUsage(metric, 'peak', buckets, window);
          expect(Math.max(0, ...histogram)).toBe(peak);
          expect(aggregateUsage(metric, 'low', buckets, window)).toBeLessThanOrEqual(
            peak as number,
          );
        }
      }),
    );
  });

  it('ignores buckets outside the window, whatever they hold', () => {
    fc.assert(
      fc.property(withBuckets, fc.nat(10_000), ([window, buckets], junk) => {
        const outside: UsageBucket[] = [window.from - 60, window.to, window.to + 3600].map(
          (start) => ({
            start,
            seconds: 60,
            billedMessages: junk,
            messagesIn: junk,
            adapterBilledMessages: junk,
            bytes: junk,
            sessionsMax: junk,
            sessionsMin: 0,
            topicsMax: junk,
            topicsMin: 0,
          }),
        );
        for (const metric of [
          'billed_messages_total',
          'bytes_total',
          'sessions',
          'topics',
        ] as const) {
          for (const queryType of ['sum', 'peak', 'low', 'increase', 'histogram'] as const) {
            expect(aggregateUsage(metric, queryType, [...outside, ...buckets], window)).toEqual(
              aggregateUsage(metric, queryType, buckets, window),
            );
          }
        }
      }),
    );
  });
});
