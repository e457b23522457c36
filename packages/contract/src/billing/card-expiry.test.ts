import { describe, expect, it } from 'vitest';
import { cardExpiresAt, isCardExpired } from './card-expiry';

describe('isCardExpired', () => {
  it.each([
    [12, 2026, '2026-12-31T23:59:59.999Z', false],
    [12, 2026, '2026-12-01T00:00:00.000Z', false],
    [12, 2026, '2026-06-15T12:00:00.000Z', false],
    [12, 2026, '2027-01-01T00:00:00.000Z', true],
    [12, 2026, '2030-01-01T00:00:00.000Z', true],
    [1, 2027, '2027-01-31T23:59:59.999Z', false],
    [1, 2027, '2027-02-01T00:00:00.000Z', true],
    [2, 2028, '2028-02-29T23:59:59.999Z', false],
    [2, 2028, '2028-03-01T00:00:00.000Z', true],
    [2, 2027, '2027-02-28T23:59:59.999Z', false],
    [2, 2027, '2027-03-01T00:00:00.000Z', true],
    [6, 2025, '2025-07-01T01:30:00.000+02:00', false],
    [6, 2025, '2025-06-30T22:00:00.000-02:00', true],
  ])('says a card expiring %i/%i is expired at %s: %s', (exp_month, exp_year, now, expected) => {
    expect(isCardExpired({ exp_month, exp_year }, new Date(now))).toBe(expected);
  });

  it.each([
    [12, 2026, '2027-01-01T00:00:00.000Z'],
    [1, 2025, '2025-02-01T00:00:00.000Z'],
  ])('says a card expiring %i/%i stops working at %s', (exp_month, exp_year, expected) => {
    expect(cardExpiresAt({ exp_month, exp_year }).toISOString()).toBe(expected);
  });

  it.each([
    [0, 2026],
    [13, 2026],
    [1.5, 2026],
    [6, Number.NaN],
  ])('rejects the impossible expiry %s/%s', (exp_month, exp_year) => {
    expect(() => isCardExpired({ exp_month, exp_year }, new Date())).toThrow(RangeError);
  });
});
