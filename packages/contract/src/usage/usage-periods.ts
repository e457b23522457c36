import { USAGE_PERIODS, type UsagePeriod } from '../constants';
import { USAGE_MESSAGES } from '../messages';

/** Usage period ranges and zero-filling, spec section 9 "Usage periods". Times are unix seconds. */

export interface UsageRange {
  /** First second of the range (inclusive). */
  from: number;
  /** End of the range (exclusive): the first second after it. */
  to: number;
  /** Seconds between two points of the series. */
  stepSeconds: number;
}

export interface UsagePoint {
  /** Unix seconds. */
  timestamp: number;
  value: number;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export function isUsagePeriod(value: string): value is UsagePeriod {
  return (USAGE_PERIODS as readonly string[]).includes(value);
}

/**
 * The query range of a usage period at `now`.
 * - hour: the last hour, step 60 s; halfday: the last 12 hours, step 3600 s; both end at `now`
 *   (floored to the second).
 * - day, isoWeek (Monday to Sunday) and month: the whole calendar period containing `now` in the
 *   user's time zone, from its first second to the start of the next period, so the future part
 *   of the period is included (and zero-filled); steps 3600 s for a day, 86400 s for a week or a
 *   month.
 * `utcOffsetMinutes` is the user's offset east of UTC: +120 means local time is UTC+2. This is the
 * opposite sign of `Date.prototype.getTimezoneOffset()`; pass `-date.getTimezoneOffset()`.
 * Throws Error('Unknown range') for any other period name (spec section 8).
 */
export function usagePeriodRange(period: string, now: Date, utcOffsetMinutes: number): UsageRange {
  if (!isUsagePeriod(period)) throw new Error(USAGE_MESSAGES.unknownRange);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  switch (period) {
    case 'hour':
      return { from: nowSeconds - HOUR, to: nowSeconds, stepSeconds: MINUTE };
    case 'halfday':
      return { from: nowSeconds - 12 * HOUR, to: nowSeconds, stepSeconds: HOUR };
    case 'day':
    case 'isoWeek':
    case 'month':
      return calendarRange(period, now, utcOffsetMinutes);
  }
}

/**
 * Works in "local as UTC" time: shift `now` by the offset, take calendar fields with the UTC
 * getters, build the period's bounds with Date.UTC and shift them back. Fixed offsets have no
 * daylight-saving transitions, so every day is 24 hours long.
 */
function calendarRange(
  period: 'day' | 'isoWeek' | 'month',
  now: Date,
  utcOffsetMinutes: number,
): UsageRange {
  const offsetMs = utcOffsetMinutes * 60_000;
  const local = new Date(now.getTime() + offsetMs);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const date = local.getUTCDate();
  let startLocal: number;
  let endLocal: number;
  if (period === 'day') {
    startLocal = Date.UTC(year, month, date);
    endLocal = Date.UTC(year, month, date + 1);
  } else if (period === 'isoWeek') {
    const daysSinceMonday = (local.getUTCDay() + 6) % 7;
    startLocal = Date.UTC(year, month, date - daysSinceMonday);
    endLocal = Date.UTC(year, month, date - daysSinceMonday + 7);
  } else {
    startLocal = Date.UTC(year, month, 1);
    endLocal = Date.UTC(year, month + 1, 1);
  }
  return {
    from: (startLocal - offsetMs) / 1000,
    to: (endLocal - offsetMs) / 1000,
    stepSeconds: period === 'day' ? HOUR : DAY,
  };
}

/**
 * Spec section 9: series are zero-filled at each step. Returns one point per step at
 * `from + k * stepSeconds` for every such time before `to` (`to` is exclusive). Each given point
 * counts towards the step it falls in (its timestamp floored to the step, relative to `from`);
 * points outside the range are dropped, and points sharing a step are added together.
 */
export function zeroFilledSeries(points: readonly UsagePoint[], range: UsageRange): UsagePoint[] {
  const { from, to, stepSeconds } = range;
  if (!(stepSeconds > 0)) throw new RangeError('stepSeconds must be positive');
  const stepCount = Math.max(0, Math.ceil((to - from) / stepSeconds));
  const values = new Array<number>(stepCount).fill(0);
  for (const point of points) {
    if (point.timestamp < from || point.timestamp >= to) continue;
    const index = Math.floor((point.timestamp - from) / stepSeconds);
    values[index] = (values[index] ?? 0) + point.value;
  }
  return values.map((value, index) => ({ timestamp: from + index * stepSeconds, value }));
}
