import { describe, expect, it } from 'vitest';
import { USAGE_METRIC_TYPES, usageQuerySchema } from './usage.schema';

describe('the usage query', () => {
  const query = {
    queryType: 'peak',
    from: '1700000000',
    to: '1700003600',
    metrics: 'sessions,topics',
  };

  it('parses seconds and the comma-separated metrics', () => {
    expect(usageQuerySchema.parse({ ...query, customStep: '60' })).toEqual({
      queryType: 'peak',
      from: 1_700_000_000,
      to: 1_700_003_600,
      metrics: ['sessions', 'topics'],
      customStep: 60,
    });
  });

  it.each([
    ['an unknown query type', { queryType: 'avg' }],
    ['an unknown metric', { metrics: 'sessions,cpu' }],
    ['an empty metric list', { metrics: '' }],
    ['from after to', { from: '1700003600', to: '1700000000' }],
    ['a step below a minute', { customStep: '59' }],
    ['a step above a day', { customStep: '86401' }],
    ['a fractional step', { customStep: '90.5' }],
    ['from equal to to', { to: '1700000000' }],
    ['a trailing comma in the metrics', { metrics: 'sessions,' }],
    ['a negative from', { from: '-1' }],
    ['an unknown parameter', { step: '60' }],
    ['a non-numeric time', { from: 'yesterday' }],
  ])('rejects %s', (_case, change) => {
    expect(usageQuerySchema.safeParse({ ...query, ...change }).success).toBe(false);
  });
});

describe('the usage query errors', () => {
  const base = {
    queryType: 'sum',
    from: '1700000000',
    to: '1700003600',
    metrics: 'billed_messages_total',
  };

  it.each([
    ['queryType', { queryType: 'avg' }, 'queryType is one of sum, peak, low, increase, histogram'],
    ['to', { to: '1700000000' }, 'from must be before to'],
    ['customStep', { customStep: '86401' }, 'customStep must be at most 86400'],
    [
      'metrics.1',
      { metrics: 'sessions,cpu' },
      'Each metric is one of bytes_total, billed_messages_total, messages_in_total, adapter_billed_messages_total, sessions, topics',
    ],
  ])('names %s', (path, change, message) => {
    const result = usageQuerySchema.safeParse({ ...base, ...change });
    expect(
      result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    ).toContainEqual({
      path,
      message,
    });
  });

  it('accepts the widest step and trims spaces around metrics', () => {
    expect(
      usageQuerySchema.parse({ ...base, metrics: ' sessions , topics ', customStep: '86400' }),
    ).toMatchObject({
      metrics: ['sessions', 'topics'],
      customStep: 86_400,
    });
  });
});

describe('metric types', () => {
  it('are the names section 7 reads, and the messages published (the in part of the billed ones)', () => {
    expect(Object.values(USAGE_METRIC_TYPES).sort()).toEqual(
      [
        'herald_billed_messages_total_sum',
        'herald_messages_in_total_sum',
        'herald_bytes_total_sum',
        'herald_sessions_peak',
        'herald_topics_peak',
        'herald_sessions_low',
        'herald_billed_messages_total_histogram',
        'herald_sessions_histogram',
      ].sort(),
    );
  });
});
