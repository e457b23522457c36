import { describe, expect, it } from 'vitest';
import {
  LOG_LEVELS,
  logSourcesSchema,
  logsQuerySchema,
  logsSchema,
  type ParsedLogsQuery,
} from './logs.schema';

/** The issues' messages, for checking that a rejection names what is wrong. */
function rejection(query: Record<string, unknown>) {
  const result = logsQuerySchema.safeParse(query);
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

describe('the logs query', () => {
  it('is optional throughout', () => {
    expect(logsQuerySchema.parse({})).toEqual({});
  });

  it('parses a first page with every filter, from query-string texts', () => {
    const parsed: ParsedLogsQuery = logsQuerySchema.parse({
      since: '1700000000',
      until: '1700003600',
      level: 'warn',
      search: '  client-7 ',
      limit: '50',
    });
    expect(parsed).toEqual({
      since: 1_700_000_000,
      until: 1_700_003_600,
      level: 'warn',
      search: 'client-7',
      limit: 50,
    });
  });

  it('parses a load-more request with the cursor of the previous page', () => {
    expect(logsQuerySchema.parse({ cursor: 'c-123', limit: '100' })).toEqual({
      cursor: 'c-123',
      limit: 100,
    });
  });

  it('parses a live-tail request with the newest id shown', () => {
    expect(logsQuerySchema.parse({ after: '9001', level: 'error' })).toEqual({
      after: '9001',
      level: 'error',
    });
  });

  it.each(LOG_LEVELS)('accepts level %s', (level) => {
    expect(logsQuerySchema.parse({ level })).toEqual({ level });
  });

  it.each(['', '   '])('drops an empty search %j', (search) => {
    expect(logsQuerySchema.parse({ search }).search).toBeUndefined();
  });

  it('accepts a search of exactly 200 characters, and one padded beyond that by spaces', () => {
    const text = 'x'.repeat(200);
    expect(logsQuerySchema.parse({ search: text }).search).toBe(text);
    expect(logsQuerySchema.parse({ search: `  ${text}  ` }).search).toBe(text);
  });

  it.each([
    ['limit 1', '1', 1],
    ['limit 1000', '1000', 1000],
  ])('accepts %s', (_label, limit, expected) => {
    expect(logsQuerySchema.parse({ limit }).limit).toBe(expected);
  });

  it.each([
    ['since equal to until', { since: '20', until: '20' }, 'until', 'since must be before until'],
    ['since after until', { since: '30', until: '20' }, 'until', 'since must be before until'],
    [
      'cursor with after',
      { cursor: 'c-1', after: '7' },
      'after',
      'Use cursor (older entries) or after (newer entries), not both',
    ],
    ['an unknown level', { level: 'warning' }, 'level', 'level is one of debug, info, warn, error'],
    [
      'a level in capitals',
      { level: 'ERROR' },
      'level',
      'level is one of debug, info, warn, error',
    ],
    [
      'a search over 200 characters',
      { search: 'x'.repeat(201) },
      'search',
      'search must be at most 200 characters',
    ],
    ['limit 0', { limit: '0' }, 'limit', 'limit must be at least 1'],
    ['limit 1001', { limit: '1001' }, 'limit', 'limit must be at most 1000'],
    ['a fractional limit', { limit: '2.5' }, 'limit', 'limit must be a whole number'],
    ['a non-numeric since', { since: 'yesterday' }, 'since', 'since must be a number'],
    ['a negative until', { until: '-1' }, 'until', 'until must be at least 0'],
    ['an empty cursor', { cursor: '  ' }, 'cursor', 'cursor must not be empty'],
    [
      'an overlong cursor',
      { cursor: 'c'.repeat(257) },
      'cursor',
      'cursor is not one this server gave out',
    ],
    ['an empty after', { after: '' }, 'after', 'after must not be empty'],
  ])('rejects %s, naming the field', (_label, query, path, message) => {
    expect(rejection(query)).toContainEqual({ path, message });
  });

  it.each([
    ['the old before', { before: 'c-1' }],
    ['the old from and to', { from: '10', to: '20' }],
    ['a misspelt parameter', { serach: 'x' }],
  ])('rejects an unknown parameter: %s', (_label, query) => {
    expect(logsQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('the logs answer', () => {
  const page = {
    logDetails: [
      { id: '12', timestamp: 1_700_000_000_123, level: 'info', message: 'Client connected' },
      {
        id: '11',
        timestamp: 1_700_000_000_001,
        level: 'error',
        message: 'Subscribe refused',
        fields: { clientId: 'c-7', topic: 'a/b' },
      },
    ],
    metadata: {
      namespace: 'herald-services',
      pod: 'demo-0',
      app: 'herald',
      container: 'runtime',
      hasMoreLogs: true,
      cursor: 'c-11',
    },
  };

  it('accepts entries with and without fields', () => {
    expect(logsSchema.parse(page)).toEqual(page);
  });

  it.each([
    ['an unknown level', { level: 'fatal' }],
    ['a timestamp in fractional milliseconds', { timestamp: 1.5 }],
    ['a numeric id', { id: 12 }],
  ])('rejects an entry with %s', (_label, change) => {
    const [first, ...rest] = page.logDetails;
    expect(
      logsSchema.safeParse({ ...page, logDetails: [{ ...first, ...change }, ...rest] }).success,
    ).toBe(false);
  });

  it('accepts a last page with a null cursor', () => {
    const last = { ...page, metadata: { ...page.metadata, hasMoreLogs: false, cursor: null } };
    expect(logsSchema.parse(last)).toEqual(last);
  });
});

describe('the log sources answer', () => {
  it('lists Kafka adapters and the REST adapter, or none', () => {
    const sources = {
      kafkaAdapters: [{ adapterId: 'orders', lastLogAt: 1_700_000_000_000 }],
      restAdapter: { lastLogAt: 1_700_000_000_000 },
    };
    expect(logSourcesSchema.parse(sources)).toEqual(sources);
    expect(logSourcesSchema.parse({ kafkaAdapters: [], restAdapter: null })).toEqual({
      kafkaAdapters: [],
      restAdapter: null,
    });
  });
});
