import { isMarketplaceWorkspace } from '../marketplace/marketplace-status';
/**
 * Whether creating a service needs a payment method (spec sections 5 and 9): a paid tier (a price per node above
 * zero) outside a free trial does, unless an operator exempted the workspace from payment methods or bills it
 * manually. Payments do not exist yet, so the server refuses such a creation with 402 and this message.
 */
export interface PaymentRequirementInput {
  tier: { displayName: string; pricing: { perNode: number } };
  freeTrial: boolean;
  workspace: {
    paymentMethodExempted: boolean;
    manuallyBilled: boolean;
    /** `awsMarketplace`: the marketplace bills the organisation, so no card is asked for (docs/decisions/026). */
    billingProvider?: string | null;
  };
  /** Whether the workspace has a payment method on file (none can exist before payments do). */
  hasPaymentMethod?: boolean;
}

export type PaymentRequirement = { required: false } | { required: true; message: string };

export function paymentMethodRequiredMessage(tierDisplayName: string): string {
  return `A payment method is required for the ${tierDisplayName} plan. Add a card in Billing, or choose the Free plan or a free trial.`;
}

export function paymentRequirement(input: PaymentRequirementInput): PaymentRequirement {
  const { tier, freeTrial, workspace, hasPaymentMethod = false } = input;
  if (tier.pricing.perNode <= 0 || freeTrial) return { required: false };
  if (workspace.paymentMethodExempted || workspace.manuallyBilled) return { required: false };
  if (isMarketplaceWorkspace({ provider: workspace.billingProvider ?? null })) {
    return { required: false };
  }
  if (hasPaymentMethod) return { required: false };
  return { required: true, message: paymentMethodRequiredMessage(tier.displayName) };
}
