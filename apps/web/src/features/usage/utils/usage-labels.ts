import type { UsagePeriod } from '@herald/contract/constants';
import type { UsageRange } from '@herald/contract/usage/usage-periods';
import type { UsagePoint } from '@herald/contract/usage/usage.schema';
import { formatCount } from '../../../lib/format/usage-format';

/*
 * Words and time labels of the usage screen. Times are shown in the user's time zone (the browser's); `timeZone`
 * and `locale` exist for tests.
 */

export interface LabelOptions {
  locale?: string;
  timeZone?: string;
}

/** How a sentence names the period: "Messages this week". */
export const USAGE_PERIOD_PHRASES: Record<UsagePeriod, string> = {
  hour: 'in the last hour',
  halfday: 'in the last 12 hours',
  day: 'today',
  isoWeek: 'this week',
  month: 'this month',
};

/** What one step of the period's series is. */
const STEP_NOUNS: Record<UsagePeriod, string> = {
  hour: 'minute',
  halfday: 'hour',
  day: 'hour',
  isoWeek: 'day',
  month: 'day',
};

function format(
  seconds: number,
  options: Intl.DateTimeFormatOptions,
  { locale, timeZone }: LabelOptions,
): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(seconds * 1000));
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** An axis tick: minutes for the hour, hours for 12 hours and a day, weekdays for a week, dates for a month. */
export function axisLabel(
  period: UsagePeriod,
  seconds: number,
  options: LabelOptions = {},
): string {
  switch (period) {
    case 'hour':
    case 'halfday':
    case 'day':
      return format(seconds, TIME, options);
    case 'isoWeek':
      return format(seconds, { weekday: 'short' }, options);
    case 'month':
      return format(seconds, { day: 'numeric', month: 'short' }, options);
  }
}

/** The exact time of a point (tooltips, table rows): the date and time, or the date for a daily step. */
export function pointLabel(
  period: UsagePeriod,
  seconds: number,
  options: LabelOptions = {},
): string {
  if (period === 'isoWeek' || period === 'month') {
    return format(seconds, { weekday: 'long', day: 'numeric', month: 'long' }, options);
  }
  return format(seconds, { weekday: 'short', day: 'numeric', month: 'short', ...TIME }, options);
}

/**
 * The tooltip's heading: the exact time of the point under the pointer. The chart also renders its tooltip with
 * no point (label undefined) while nothing is hovered: that is an empty heading, not an invalid date.
 */
export function tooltipLabel(period: UsagePeriod, label: unknown, options: LabelOptions = {}) {
  const seconds = typeof label === 'number' ? label : Number.parseFloat(String(label));
  return Number.isFinite(seconds) ? pointLabel(period, seconds, options) : '';
}

/** The range a view covers: "Tue, Nov 24, 13:05 – 14:05", "Monday, November 23 – Sunday, November 29". */
export function rangeLabel(
  period: UsagePeriod,
  range: UsageRange,
  options: LabelOptions = {},
): string {
  const last = range.to - 1;
  switch (period) {
    case 'hour':
    case 'halfday':
      return `${pointLabel(period, range.from, options)} – ${format(range.to, TIME, options)}`;
    case 'day':
      return format(range.from, { weekday: 'long', day: 'numeric', month: 'long' }, options);
    case 'isoWeek':
      return `${pointLabel(period, range.from, options)} – ${pointLabel(period, last, options)}`;
    case 'month':
      return format(range.from, { month: 'long', year: 'numeric' }, options);
  }
}

/** The busiest step in words: "Tuesday", "3 November", "14:05". */
function busiestLabel(period: UsagePeriod, seconds: number, options: LabelOptions): string {
  if (period === 'isoWeek') return format(seconds, { weekday: 'long' }, options);
  if (period === 'month') return format(seconds, { day: 'numeric', month: 'long' }, options);
  return format(seconds, TIME, options);
}

/** The first point with the highest value; null when every value is 0. */
function busiest(series: readonly UsagePoint[]): UsagePoint | null {
  let best: UsagePoint | null = null;
  for (const point of series) {
    if (point.value > 0 && (best === null || point.value > best.value)) best = point;
  }
  return best;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The messages of a period: billed (`total`) = published (in) + delivered (out). */
export interface MessageCounts {
  total: number;
  published: number;
  delivered: number;
}

/** "Messages this week: 1,234 billed, 1,000 in and 234 out; busiest day Tuesday with 800." */
export function messagesSummary(
  period: UsagePeriod,
  { total, published, delivered }: MessageCounts,
  series: readonly UsagePoint[],
  options: LabelOptions = {},
): string {
  const count = (value: number) => formatCount(value, options.locale);
  const head = `Messages ${USAGE_PERIOD_PHRASES[period]}: ${count(total)} billed, ${count(published)} in and ${count(delivered)} out`;
  const top = busiest(series);
  if (top === null) return `${head}.`;
  const when = busiestLabel(period, top.timestamp, options);
  return `${head}; busiest ${STEP_NOUNS[period]} ${when} with ${formatCount(top.value, options.locale)}.`;
}

/** "Sessions this week: at most 12, at least 0 at a time." */
export function sessionsSummary(
  period: UsagePeriod,
  peak: number,
  low: number,
  options: LabelOptions = {},
): string {
  return `${capitalised(`sessions ${USAGE_PERIOD_PHRASES[period]}`)}: at most ${formatCount(peak, options.locale)}, at least ${formatCount(low, options.locale)} at a time.`;
}

/** "Topics this week: at most 40." */
export function topicsSummary(period: UsagePeriod, peak: number, options: LabelOptions = {}) {
  return `Topics ${USAGE_PERIOD_PHRASES[period]}: at most ${formatCount(peak, options.locale)}.`;
}
