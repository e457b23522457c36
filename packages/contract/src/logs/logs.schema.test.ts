import { describe, expect, it } from 'vitest';
import { logsQuerySchema } from './logs.schema';

describe('the logs query', () => {
  it('is optional throughout', () => {
    expect(logsQuerySchema.parse({})).toEqual({});
  });

  it('parses a page request', () => {
    expect(logsQuerySchema.parse({ limit: '50', before: 'c-123', from: '10', to: '20' })).toEqual({
      limit: 50,
      before: 'c-123',
      from: 10,
      to: 20,
    });
  });

  it.each([
    ['limit 0', { limit: '0' }],
    ['limit 1001', { limit: '1001' }],
    ['from after to', { from: '20', to: '10' }],
    ['an unknown parameter', { level: 'error' }],
  ])('rejects %s', (_case, query) => {
    expect(logsQuerySchema.safeParse(query).success).toBe(false);
  });
});
