import { describe, expect, it } from 'vitest';
import {
  centsToWholeUnits,
  clusterSize,
  estimateCheckoutCost,
  formatCredit,
  sortTiersByPrice,
} from './money';

describe('centsToWholeUnits', () => {
  it.each([
    [0, 0],
    [100, 1],
    [149, 1],
    [150, 2],
    [199, 2],
    [12345, 123],
    [12350, 124],
    [-150, -1],
    [-151, -2],
  ])('shows %i cents as %i whole units', (cents, expected) => {
    expect(centsToWholeUnits(cents)).toBe(expected);
  });
});

describe('formatCredit', () => {
  it.each([
    [{ amount: 12345, currency: 'usd' }, 'en-US', '$123'],
    [{ amount: 12350, currency: 'USD' }, 'en-US', '$124'],
    [{ amount: 0, currency: 'usd' }, 'en-US', '$0'],
    [{ amount: 100, currency: 'gbp' }, 'en-GB', '£1'],
    [{ amount: 250000, currency: 'eur' }, 'de-DE', '2.500\u00a0€'],
    [{ amount: 300, currency: 'eur' }, undefined, '€3'],
  ])('formats credit %j in locale %s as %j', (credit, locale, expected) => {
    expect(formatCredit(credit, locale)).toBe(expected);
  });
});

describe('sortTiersByPrice', () => {
  const tiers = [
    { name: 'large', pricing: { perNode: 9000 } },
    { name: 'xsmall', pricing: { perNode: 0 } },
    { name: 'medium', pricing: { perNode: 4000 } },
    { name: 'medium-b', pricing: { perNode: 4000 } },
    { name: 'small', pricing: { perNode: 1500 } },
  ];

  it('orders tiers from the cheapest per node to the dearest, keeping ties in their order', () => {
    expect(sortTiersByPrice(tiers).map((tier) => tier.name)).toEqual([
      'xsmall',
      'small',
      'medium',
      'medium-b',
      'large',
    ]);
  });

  it('leaves the given list untouched', () => {
    const before = tiers.map((tier) => tier.name);
    sortTiersByPrice(tiers);
    expect(tiers.map((tier) => tier.name)).toEqual(before);
  });

  it('returns an empty list for no tiers', () => {
    expect(sortTiersByPrice([])).toEqual([]);
  });
});

describe('clusterSize', () => {
  it.each([
    [{ ha: { clusterSize: 3 } }, true, 3],
    [{ ha: { clusterSize: 3 } }, false, 1],
    [{ ha: { clusterSize: 5 } }, true, 5],
    [{ ha: null }, true, 1],
    [{}, true, 1],
    [{}, false, 1],
  ])('runs tier %j with high availability %s on %i nodes', (tier, highAvailability, expected) => {
    expect(clusterSize(tier, highAvailability)).toBe(expected);
  });
});

describe('estimateCheckoutCost', () => {
  it.each([
    ['the first instant of January', 3100, 1, '2025-01-01T00:00:00.000Z', 3100],
    ['the first instant of February in a leap year', 2900, 1, '2024-02-01T00:00:00.000Z', 2900],
    ['the first instant of December with three nodes', 1000, 3, '2025-12-01T00:00:00.000Z', 3000],
    ['half-way through a 31-day month', 3100, 1, '2025-01-16T00:00:00.000Z', 1600],
    ['half-way through February in a leap year', 2900, 1, '2024-02-15T00:00:00.000Z', 1500],
    ['half-way through February in a common year', 2800, 1, '2025-02-15T00:00:00.000Z', 1400],
    ['a third into a 30-day month with three nodes', 1000, 3, '2025-04-11T00:00:00.000Z', 2000],
    ['mid-December, before the year ends', 3100, 1, '2025-12-17T00:00:00.000Z', 1500],
    ['the second day of January, rounding 967.74 up', 1000, 1, '2025-01-02T00:00:00.000Z', 968],
    ['the last second of January', 3100, 1, '2025-01-31T23:59:59.000Z', 1],
    [
      'the last millisecond of January, counted in whole seconds',
      3100,
      1,
      '2025-01-31T23:59:59.999Z',
      1,
    ],
    ['the last second of February in a leap year', 2900, 2, '2024-02-29T23:59:59.000Z', 1],
    ['the last hour of January given in UTC+2', 3100, 1, '2025-02-01T01:00:00.000+02:00', 5],
    [
      'the first instant of February given in UTC-5',
      2800,
      1,
      '2025-01-31T19:00:00.000-05:00',
      2800,
    ],
    ['a free tier', 0, 3, '2025-01-16T00:00:00.000Z', 0],
    ['no nodes', 3100, 0, '2025-01-16T00:00:00.000Z', 0],
  ])(
    'charges at %s (%i cents per node, %i nodes, %s) %i cents',
    (_label, perNodeCents, nodes, now, expected) => {
      expect(estimateCheckoutCost({ perNodeCents, nodes, now: new Date(now) })).toBe(expected);
    },
  );

  it('never charges more than the full month nor less than the exact prorated amount', () => {
    const perNodeCents = 4999;
    const start = Date.UTC(2024, 1, 1);
    const end = Date.UTC(2024, 2, 1);
    for (let time = start; time < end; time += 3_599_000) {
      const cost = estimateCheckoutCost({ perNodeCents, nodes: 1, now: new Date(time) });
      const exact = (perNodeCents * (end - Math.floor(time / 1000) * 1000)) / (end - start);
      expect(cost).toBeLessThanOrEqual(perNodeCents);
      expect(cost).toBeGreaterThanOrEqual(exact);
      expect(cost - exact).toBeLessThan(1);
    }
  });
});
