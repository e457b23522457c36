import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usagePeriodRange, zeroFilledSeries, type UsagePoint } from './usage-periods';

/**
 * Properties of the period rules checked against their definition (section 9), not the implementation: any instant
 * from 1970 to 2100, any whole-minute offset from UTC-12 to UTC+14.
 */

const instant = fc
  .integer({ min: 0, max: Date.UTC(2100, 0, 1) })
  .map((milliseconds) => new Date(milliseconds));
const offsetMinutes = fc.integer({ min: -720, max: 840 });

/** The calendar fields of a unix-seconds time as seen in the offset. */
const localOf = (unixSeconds: number, offset: number) =>
  new Date((unixSeconds + offset * 60) * 1000);

describe('usagePeriodRange properties', () => {
  it('ends the rolling periods at now (floored to the second) with their length and step', () => {
    fc.assert(
      fc.property(instant, offsetMinutes, (now, offset) => {
        const nowSeconds = Math.floor(now.getTime() / 1000);
        expect(usagePeriodRange('hour', now, offset)).toEqual({
          from: nowSeconds - 3600,
          to: nowSeconds,
          stepSeconds: 60,
        });
        expect(usagePeriodRange('halfday', now, offset)).toEqual({
          from: nowSeconds - 43_200,
          to: nowSeconds,
          stepSeconds: 3600,
        });
      }),
    );
  });

  it('makes the day the local date of now, midnight to midnight, 24 hours', () => {
    fc.assert(
      fc.property(instant, offsetMinutes, (now, offset) => {
        const { from, to, stepSeconds } = usagePeriodRange('day', now, offset);
        const localNow = new Date(now.getTime() + offset * 60_000);
        const start = localOf(from, offset);
        expect(start.toISOString()).toBe(`${localNow.toISOString().slice(0, 10)}T00:00:00.000Z`);
        expect(to - from).toBe(86_400);
        expect(stepSeconds).toBe(3600);
      }),
    );
  });

  it('makes the week start on the local Monday at or before now, 7 days', () => {
    fc.assert(
      fc.property(instant, offsetMinutes, (now, offset) => {
        const { from, to, stepSeconds } = usagePeriodRange('isoWeek', now, offset);
        const start = localOf(from, offset);
        expect(start.getUTCDay()).toBe(1);
        expect(start.getUTCHours() + start.getUTCMinutes() + start.getUTCSeconds()).toBe(0);
        expect(to - from).toBe(7 * 86_400);
        expect(from).toBeLessThanOrEqual(now.getTime() / 1000);
        expect(to).toBeGreaterThan(now.getTime() / 1000);
        expect(stepSeconds).toBe(86_400);
      }),
    );
  });

  it('makes the month run from the local 1st to the next 1st, containing now', () => {
    fc.assert(
      fc.property(instant, offsetMinutes, (now, offset) => {
        const range = usagePeriodRange('month', now, offset);
        const start = localOf(range.from, offset);
        const end = localOf(range.to, offset);
        const localNow = new Date(now.getTime() + offset * 60_000);
        expect(start.toISOString().slice(0, 7)).toBe(localNow.toISOString().slice(0, 7));
        expect(start.toISOString().slice(7)).toBe('-01T00:00:00.000Z');
        expect(end.toISOString().slice(7)).toBe('-01T00:00:00.000Z');
        // The next month: the day after the period's last day is a 1st.
        const days = (range.to - range.from) / 86_400;
        expect([28, 29, 30, 31]).toContain(days);
        expect(zeroFilledSeries([], range)).toHaveLength(days);
        expect(range.from).toBeLessThanOrEqual(now.getTime() / 1000);
        expect(range.to).toBeGreaterThan(now.getTime() / 1000);
      }),
    );
  });
});

const steppedRange = fc
  .record({
    from: fc.integer({ min: 0, max: 2_000_000_000 }),
    span: fc.integer({ min: 0, max: 200_000 }),
    stepSeconds: fc.integer({ min: 60, max: 86_400 }),
  })
  .map(({ from, span, stepSeconds }) => ({ from, to: from + span, stepSeconds }));

describe('zeroFilledSeries properties', () => {
  it('has one point per step, at from + k * step, ceil((to - from) / step) of them', () => {
    fc.assert(
      fc.property(steppedRange, (range) => {
        const series = zeroFilledSeries([], range);
        expect(series).toHaveLength(Math.ceil((range.to - range.from) / range.stepSeconds));
        series.forEach((point, index) => {
          expect(point).toEqual({ timestamp: range.from + index * range.stepSeconds, value: 0 });
        });
      }),
    );
  });

  it('keeps the sum of the points inside the range and drops the others', () => {
    fc.assert(
      fc.property(
        steppedRange,
        fc.array(
          fc.record({
            offset: fc.integer({ min: -100_000, max: 300_000 }),
            value: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          { maxLength: 50 },
        ),
        (range, raw) => {
          const points: UsagePoint[] = raw.map(({ offset, value }) => ({
            timestamp: range.from + offset,
            value,
          }));
          const inside = points.filter(
            (point) => point.timestamp >= range.from && point.timestamp < range.to,
          );
          const series = zeroFilledSeries(points, range);
          const total = (list: readonly UsagePoint[]) =>
            list.reduce((sum, point) => sum + point.value, 0);
          expect(total(series)).toBe(total(inside));
          // Each inside point lands in the step that contains it.
          for (const [index, point] of series.entries()) {
            const stepEnd = point.timestamp + range.stepSeconds;
            const expected = total(
              inside.filter((p) => p.timestamp >= point.timestamp && p.timestamp < stepEnd),
            );
            expect(point.value, `step ${index}`).toBe(expected);
          }
        },
      ),
    );
  });
});
