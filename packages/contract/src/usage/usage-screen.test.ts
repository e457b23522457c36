import { describe, expect, it } from 'vitest';
import { usagePeriodRange } from './usage-periods';
import {
  messagesInAndOut,
  usageMetricsFromItems,
  usageRequests,
  usageSummaryFromItems,
  usageSummaryRequests,
} from './usage-screen';
import { usageQuerySchema, type UsageItem } from './usage.schema';

const range = { from: 1000, to: 1240, stepSeconds: 60 };

describe('usageRequests', () => {
  it('makes four calls, one per query type, naming the metrics each needs', () => {
    expect(usageRequests(range)).toEqual([
      {
        from: 1000,
        to: 1240,
        queryType: 'sum',
        metrics: 'billed_messages_total,messages_in_total,bytes_total',
      },
      { from: 1000, to: 1240, queryType: 'peak', metrics: 'sessions,topics' },
      { from: 1000, to: 1240, queryType: 'low', metrics: 'sessions' },
      {
        from: 1000,
        to: 1240,
        queryType: 'histogram',
        metrics: 'billed_messages_total,sessions,topics',
        customStep: 60,
      },
    ]);
  });

  it.each(['hour', 'halfday', 'day', 'isoWeek', 'month'])(
    'builds for period %s calls the usage query accepts, the series step being the period step',
    (period) => {
      const periodRange = usagePeriodRange(period, new Date('2025-03-12T10:17:03Z'), -300);
      const requests = usageRequests(periodRange);
      expect(requests.map((request) => request.queryType)).toEqual([
        'sum',
        'peak',
        'low',
        'histogram',
      ]);
      for (const request of requests) {
        // As the web sends them: every value a query-string text.
        const wire = Object.fromEntries(
          Object.entries(request).map(([key, value]) => [key, String(value)]),
        );
        const parsed = usageQuerySchema.safeParse(wire);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(request.from).toBe(periodRange.from);
        expect(request.to).toBe(periodRange.to);
      }
      expect(requests[3]?.customStep).toBe(periodRange.stepSeconds);
      expect(requests.slice(0, 3).every((request) => request.customStep === undefined)).toBe(true);
    },
  );

  it('leaves the series out of the summary calls', () => {
    expect(usageSummaryRequests(range)).toEqual(usageRequests(range).slice(0, 3));
  });
});

/** The items the four calls answer, as the server sends them (series may be sparse). */
function answers(): UsageItem[] {
  return [
    { metricType: 'herald_billed_messages_total_sum', value: 42 },
    { metricType: 'herald_messages_in_total_sum', value: 30 },
    { metricType: 'herald_bytes_total_sum', value: 4200 },
    { metricType: 'herald_sessions_peak', value: 9 },
    { metricType: 'herald_topics_peak', value: 5 },
    { metricType: 'herald_sessions_low', value: 1 },
    {
      metricType: 'herald_billed_messages_total_histogram',
      valueList: [
        { timestamp: 1060, value: 40 },
        { timestamp: 1180, value: 2 },
      ],
    },
    { metricType: 'herald_sessions_histogram', valueList: [{ timestamp: 1000, value: 9 }] },
    {
      metricType: 'herald_topics_histogram',
      valueList: [
        { timestamp: 1120, value: 5 },
        // Outside the range: dropped by the zero-fill.
        { timestamp: 5000, value: 99 },
      ],
    },
  ];
}

describe('usageMetricsFromItems', () => {
  it('reads every figure and zero-fills every series at each step', () => {
    expect(usageMetricsFromItems(answers(), range)).toEqual({
      messages: {
        series: [
          { timestamp: 1000, value: 0 },
          { timestamp: 1060, value: 40 },
          { timestamp: 1120, value: 0 },
          { timestamp: 1180, value: 2 },
        ],
        total: 42,
        published: 30,
        delivered: 12,
      },
      sessions: {
        series: [
          { timestamp: 1000, value: 9 },
          { timestamp: 1060, value: 0 },
          { timestamp: 1120, value: 0 },
          { timestamp: 1180, value: 0 },
        ],
        peak: 9,
        low: 1,
      },
      topics: {
        series: [
          { timestamp: 1000, value: 0 },
          { timestamp: 1060, value: 0 },
          { timestamp: 1120, value: 5 },
          { timestamp: 1180, value: 0 },
        ],
        peak: 5,
      },
      bytesTotal: 4200,
    });
  });

  it('does not depend on the order of the items', () => {
    expect(usageMetricsFromItems([...answers()].reverse(), range)).toEqual(
      usageMetricsFromItems(answers(), range),
    );
  });

  it.each([
    'herald_billed_messages_total_sum',
    'herald_messages_in_total_sum',
    'herald_bytes_total_sum',
    'herald_sessions_peak',
    'herald_topics_peak',
    'herald_sessions_low',
    'herald_billed_messages_total_histogram',
    'herald_sessions_histogram',
    'herald_topics_histogram',
  ])('throws "No metric %s found" when that item is missing', (metricType) => {
    const items = answers().filter((item) => item.metricType !== metricType);
    expect(() => usageMetricsFromItems(items, range)).toThrow(
      new Error(`No metric ${metricType} found`),
    );
  });

  it('throws the exact section 8 text for a missing sessions peak', () => {
    const items = answers().filter((item) => item.metricType !== 'herald_sessions_peak');
    expect(() => usageMetricsFromItems(items, range)).toThrow(
      new Error('No metric herald_sessions_peak found'),
    );
  });

  it('throws the exact section 8 text for a sessions peak without its value', () => {
    const items = answers().map((item) =>
      item.metricType === 'herald_sessions_peak' ? { metricType: item.metricType } : item,
    );
    expect(() => usageMetricsFromItems(items, range)).toThrow(
      new Error('No metric herald_sessions_peak value found'),
    );
  });

  it('throws "No metric {type} value found" for a series item without its valueList', () => {
    const items = answers().map((item) =>
      item.metricType === 'herald_sessions_histogram'
        ? { metricType: item.metricType, value: 3 }
        : item,
    );
    expect(() => usageMetricsFromItems(items, range)).toThrow(
      new Error('No metric herald_sessions_histogram value found'),
    );
  });

  it('accepts a value of zero and an empty series', () => {
    const items = answers().map((item) =>
      item.valueList ? { ...item, valueList: [] } : { ...item, value: 0 },
    );
    const metrics = usageMetricsFromItems(items, range);
    expect(metrics.messages.total).toBe(0);
    expect(metrics.bytesTotal).toBe(0);
    expect(metrics.sessions.series.map((point) => point.value)).toEqual([0, 0, 0, 0]);
  });
});

describe('messagesInAndOut', () => {
  it.each([
    // Issue 25: 147 published, 175 billed: 28 copies delivered to subscribers.
    [175, 147, { published: 147, delivered: 28 }],
    [120, 120, { published: 120, delivered: 0 }],
    [0, 0, { published: 0, delivered: 0 }],
    // One publish delivered to ten subscribers.
    [11, 1, { published: 1, delivered: 10 }],
    // A store that lost part of the billed count never shows a negative delivery.
    [5, 7, { published: 7, delivered: 0 }],
  ])('splits %d billed messages with %d published into %j', (billed, published, expected) => {
    expect(messagesInAndOut(billed, published)).toEqual(expected);
  });
});

describe('usageSummaryFromItems', () => {
  it('reads the totals, ignoring the series', () => {
    expect(usageSummaryFromItems(answers())).toEqual({
      messages: 42,
      messagesPublished: 30,
      messagesDelivered: 12,
      bytes: 4200,
      sessionsPeak: 9,
      sessionsLow: 1,
      topicsPeak: 5,
    });
  });

  it('needs no series', () => {
    const totals = answers().filter((item) => item.valueList === undefined);
    expect(usageSummaryFromItems(totals).messages).toBe(42);
  });

  it.each([
    ['a missing item', [], 'No metric herald_billed_messages_total_sum found'],
    [
      'an item without its value',
      [{ metricType: 'herald_billed_messages_total_sum' }],
      'No metric herald_billed_messages_total_sum value found',
    ],
  ])('throws for %s', (_label, items, message) => {
    expect(() => usageSummaryFromItems(items)).toThrow(new Error(message));
  });
});
