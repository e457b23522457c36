import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { assertMarketplaceSubscriptionActive, isBilledByMarketplace } from './marketplace-guard';

describe('the marketplace guard of service work', () => {
  it.each([
    [null, null, false],
    ['awsMarketplace', 'subscribe-success', false],
    ['awsMarketplace', 'unsubscribe-pending', false],
    ['awsMarketplace', 'subscribe-fail', true],
    ['awsMarketplace', 'unsubscribe-success', true],
    // A status on an ordinary workspace means nothing.
    [null, 'unsubscribe-success', false],
  ])('provider %s with status %s refuses: %s', (billingProvider, status, refuses) => {
    const row = { billingProvider, awsMarketplaceSubscriptionStatus: status };
    if (!refuses) {
      expect(() => assertMarketplaceSubscriptionActive(row)).not.toThrow();
      return;
    }
    expect(() => assertMarketplaceSubscriptionActive(row)).toThrow(HttpError);
    try {
      assertMarketplaceSubscriptionActive(row);
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(402);
    }
  });

  it('tells marketplace organisations from card-billed ones', () => {
    expect(isBilledByMarketplace({ billingProvider: 'awsMarketplace' })).toBe(true);
    expect(isBilledByMarketplace({ billingProvider: null })).toBe(false);
  });
});
