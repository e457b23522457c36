import { describe, expect, it } from 'vitest';
import { DASHBOARD_REVOCATION_KEEP_MS } from '@herald/contract/services/dashboard-access';
import { liveRevocations, revocationsToApply } from './revocations';

const now = 10_000_000;

describe('revocationsToApply', () => {
  it('keeps only revocations later than the known one, the latest per member', () => {
    const current = new Map([['a', now - 100]]);
    expect(
      revocationsToApply(
        current,
        [
          { customerId: 'a', notBefore: now - 200 },
          { customerId: 'a', notBefore: now - 100 },
          { customerId: 'b', notBefore: now - 50 },
          { customerId: 'b', notBefore: now - 10 },
          { customerId: 'c', notBefore: now - 5 },
        ],
        now,
      ),
    ).toEqual([
      { customerId: 'b', notBefore: now - 10 },
      { customerId: 'c', notBefore: now - 5 },
    ]);
  });

  it('ignores revocations whose tokens have all expired', () => {
    expect(
      revocationsToApply(
        new Map(),
        [{ customerId: 'a', notBefore: now - DASHBOARD_REVOCATION_KEEP_MS - 1 }],
        now,
      ),
    ).toEqual([]);
  });
});

describe('liveRevocations', () => {
  it('drops revocations once every token they refuse has expired', () => {
    const revocations = new Map([
      ['old', now - DASHBOARD_REVOCATION_KEEP_MS - 1],
      ['recent', now - 1000],
    ]);
    expect(liveRevocations(revocations, now)).toEqual([['recent', now - 1000]]);
  });
});
