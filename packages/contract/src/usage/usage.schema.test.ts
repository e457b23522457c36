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
    ['a non-numeric time', { from: 'yesterday' }],
  ])('rejects %s', (_case, change) => {
    expect(usageQuerySchema.safeParse({ ...query, ...change }).success).toBe(false);
  });
});

describe('metric types', () => {
  it('are the names section 7 reads', () => {
    expect(Object.values(USAGE_METRIC_TYPES).sort()).toEqual(
      [
        'herald_billed_messages_total_sum',
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
