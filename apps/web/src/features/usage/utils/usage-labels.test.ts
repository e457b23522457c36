import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  messagesSummary,
  pointLabel,
  rangeLabel,
  sessionsSummary,
  tooltipLabel,
  topicsSummary,
} from './usage-labels';

const inUtc = { locale: 'en-US', timeZone: 'UTC' };
/** Tuesday 24 November 2026, 14:05 UTC. */
const TUESDAY_1405 = Date.UTC(2026, 10, 24, 14, 5) / 1000;

describe('axisLabel', () => {
  it.each([
    ['hour', '14:05'],
    ['halfday', '14:05'],
    ['day', '14:05'],
    ['isoWeek', 'Tue'],
    ['month', 'Nov 24'],
  ] as const)('labels a %s axis by %j', (period, expected) => {
    expect(axisLabel(period, TUESDAY_1405, inUtc)).toBe(expected);
  });

  it('uses the time zone it is given (the user’s)', () => {
    expect(axisLabel('hour', TUESDAY_1405, { locale: 'en-US', timeZone: 'Asia/Kolkata' })).toBe(
      '19:35',
    );
  });
});

describe('pointLabel', () => {
  it('gives the date and time of a minute or an hour, the date of a day', () => {
    expect(pointLabel('hour', TUESDAY_1405, inUtc)).toBe('Tue, Nov 24, 14:05');
    expect(pointLabel('isoWeek', TUESDAY_1405, inUtc)).toBe('Tuesday, November 24');
  });
});

describe('tooltipLabel', () => {
  it('is the exact time of the hovered point', () => {
    expect(tooltipLabel('hour', TUESDAY_1405, inUtc)).toBe('Tue, Nov 24, 14:05');
  });

  it.each([undefined, null, '', 'x', Number.NaN])(
    'is empty, not an invalid date, when no point is hovered (%j)',
    (label) => {
      expect(tooltipLabel('isoWeek', label, inUtc)).toBe('');
    },
  );
});

describe('rangeLabel', () => {
  it('names the week from Monday to Sunday and the month by name', () => {
    const monday = Date.UTC(2026, 10, 23) / 1000;
    expect(
      rangeLabel('isoWeek', { from: monday, to: monday + 7 * 86_400, stepSeconds: 86_400 }, inUtc),
    ).toBe('Monday, November 23 – Sunday, November 29');
    const first = Date.UTC(2026, 10, 1) / 1000;
    expect(
      rangeLabel('month', { from: first, to: first + 30 * 86_400, stepSeconds: 86_400 }, inUtc),
    ).toBe('November 2026');
  });
});

describe('the text summaries of the charts', () => {
  const monday = Date.UTC(2026, 10, 23) / 1000;
  const week = [0, 800, 434, 0, 0, 0, 0].map((value, day) => ({
    timestamp: monday + day * 86_400,
    value,
  }));

  it('names the total and the busiest day of the week', () => {
    expect(
      messagesSummary('isoWeek', { total: 1234, published: 1000, delivered: 234 }, week, inUtc),
    ).toBe('Messages this week: 1,234 billed, 1,000 in and 234 out; busiest day Tuesday with 800.');
  });

  it('names the busiest minute of the last hour, the first of equals', () => {
    const minutes = [5, 9, 9].map((value, index) => ({
      timestamp: TUESDAY_1405 + index * 60,
      value,
    }));
    expect(
      messagesSummary('hour', { total: 23, published: 23, delivered: 0 }, minutes, inUtc),
    ).toBe('Messages in the last hour: 23 billed, 23 in and 0 out; busiest minute 14:06 with 9.');
  });

  it('says only the total when nothing was sent', () => {
    const none = { total: 0, published: 0, delivered: 0 };
    expect(messagesSummary('month', none, [{ timestamp: monday, value: 0 }], inUtc)).toBe(
      'Messages this month: 0 billed, 0 in and 0 out.',
    );
  });

  it('gives the peak and low of sessions and the peak of topics', () => {
    expect(sessionsSummary('day', 12, 3, inUtc)).toBe(
      'Sessions today: at most 12, at least 3 at a time.',
    );
    expect(topicsSummary('halfday', 1500, inUtc)).toBe(
      'Topics in the last 12 hours: at most 1,500.',
    );
  });
});
