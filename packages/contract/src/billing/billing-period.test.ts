import { describe, expect, it } from 'vitest';
import { currentBillingMonth } from './billing-period';

describe('currentBillingMonth', () => {
  it('spans the UTC calendar month in unix seconds', () => {
    expect(currentBillingMonth(new Date('2026-11-22T13:00:00Z'))).toEqual({
      start: Date.UTC(2026, 10, 1) / 1000,
      end: Date.UTC(2026, 11, 1) / 1000,
    });
  });

  it('rolls over the year in December', () => {
    expect(currentBillingMonth(new Date('2026-12-31T23:59:59Z'))).toEqual({
      start: Date.UTC(2026, 11, 1) / 1000,
      end: Date.UTC(2027, 0, 1) / 1000,
    });
  });

  it('uses UTC, not the local day, at a month boundary', () => {
    expect(currentBillingMonth(new Date('2026-03-01T00:00:00Z')).start).toBe(
      Date.UTC(2026, 2, 1) / 1000,
    );
    expect(currentBillingMonth(new Date('2026-02-28T23:59:59.999Z')).end).toBe(
      Date.UTC(2026, 2, 1) / 1000,
    );
  });
});
