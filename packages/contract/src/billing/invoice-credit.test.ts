import { describe, expect, it } from 'vitest';
import { settleInvoice } from './invoice-credit';

describe('settleInvoice', () => {
  it.each([
    ['no credit', [5000, 0, 0], [0, 0, 0, 5000, 0]],
    ['credit smaller than the total', [5000, 0, 3000], [0, 0, 3000, 2000, 0]],
    ['credit equal to the total', [5000, 0, 5000], [0, 0, 5000, 0, 0]],
    ['credit larger than the total: the rest is carried', [5000, 0, 12345], [0, 0, 5000, 0, 7345]],
    ['nothing to pay keeps the credit', [0, 0, 100], [0, 0, 0, 0, 100]],
    [
      'a prepayment counts first, credit pays the rest',
      [6400, 3500, 1000],
      [3500, 0, 1000, 1900, 0],
    ],
    [
      'a prepayment covering everything leaves the credit alone',
      [3500, 3500, 700],
      [3500, 0, 0, 0, 700],
    ],
    [
      'a prepayment beyond the total returns as credit',
      [1000, 3500, 200],
      [1000, 2500, 0, 0, 2700],
    ],
  ])(
    '%s',
    (
      _label,
      [totalCents, prepaidCents, creditCents],
      [prepaidApplied, returned, creditApplied, amountDue, remainingCredit],
    ) => {
      expect(
        settleInvoice({
          totalCents: totalCents!,
          prepaidCents: prepaidCents!,
          creditCents: creditCents!,
        }),
      ).toEqual({
        prepaidApplied,
        prepaidReturnedAsCredit: returned,
        creditApplied,
        amountDue,
        remainingCredit,
      });
    },
  );
});
