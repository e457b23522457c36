import { describe, expect, it } from 'vitest';
import { paymentRequirement } from './payment-requirement';

const paid = { displayName: 'Medium', pricing: { perNode: 29900 } };
const free = { displayName: 'Free', pricing: { perNode: 0 } };
const plain = { paymentMethodExempted: false, manuallyBilled: false };

describe('paymentRequirement', () => {
  it('needs no payment method for a free tier', () => {
    expect(paymentRequirement({ tier: free, freeTrial: false, workspace: plain })).toEqual({
      required: false,
    });
  });

  it('needs no payment method for a free trial of a paid tier', () => {
    expect(paymentRequirement({ tier: paid, freeTrial: true, workspace: plain }).required).toBe(
      false,
    );
  });

  it('needs one for a paid tier, naming the tier', () => {
    expect(paymentRequirement({ tier: paid, freeTrial: false, workspace: plain })).toEqual({
      required: true,
      message:
        'A payment method is required for the Medium plan. Add a card in Billing, or choose the Free plan or a free trial.',
    });
  });

  it.each([
    [{ paymentMethodExempted: true, manuallyBilled: false }],
    [{ paymentMethodExempted: false, manuallyBilled: true }],
  ])('lets an exempted or manually billed workspace create paid tiers (%j)', (workspace) => {
    expect(paymentRequirement({ tier: paid, freeTrial: false, workspace }).required).toBe(false);
  });

  it('asks a marketplace organisation for no card: the marketplace bills it', () => {
    const workspace = { ...plain, billingProvider: 'awsMarketplace' };
    expect(paymentRequirement({ tier: paid, freeTrial: false, workspace }).required).toBe(false);
  });

  it('asks any other billing provider for a card', () => {
    const workspace = { ...plain, billingProvider: null };
    expect(paymentRequirement({ tier: paid, freeTrial: false, workspace }).required).toBe(true);
  });

  it('is satisfied by a payment method on file', () => {
    expect(
      paymentRequirement({ tier: paid, freeTrial: false, workspace: plain, hasPaymentMethod: true })
        .required,
    ).toBe(false);
  });
});
