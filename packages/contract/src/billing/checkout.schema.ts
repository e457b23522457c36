import { z } from 'zod';
import { idSchema } from '../common/fields';
import { billingPlanSchema, createServiceRequestSchema } from '../services/service.schema';

/**
 * What a checkout pays for (issue 13). `update-payment-method` only stores a card; the others store a card and then
 * apply the change, once, when the payment provider's signed completion event arrives (never on the redirect).
 * The upgrade purposes are the spec's section 8 call names.
 */
export const CHECKOUT_PURPOSES = [
  'update-payment-method',
  'create-service',
  'upgrade-service-plan',
  'resize-cluster',
] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];

/** POST /v3/workspace/{workspaceId}/billing/checkout: start a checkout for a paid service or an upgrade. */
export const startCheckoutRequestSchema = z.discriminatedUnion('purpose', [
  z.strictObject({
    purpose: z.literal('create-service'),
    /** The service to create once the card is stored; `workspaceId` must be the path's. */
    service: createServiceRequestSchema,
  }),
  z.strictObject({
    purpose: z.literal('upgrade-service-plan'),
    serviceId: idSchema,
    billingPlan: billingPlanSchema,
  }),
  z.strictObject({
    purpose: z.literal('resize-cluster'),
    serviceId: idSchema,
    highAvailability: z.boolean(),
  }),
]);
export type StartCheckoutRequest = z.infer<typeof startCheckoutRequestSchema>;

/** Where the browser goes next: the provider's hosted page (Stripe) or the built-in checkout page. */
export const checkoutSessionCreatedSchema = z.object({
  stripeCheckoutSessionId: z.string(),
  checkoutUrl: z.string(),
});
export type CheckoutSessionCreated = z.infer<typeof checkoutSessionCreatedSchema>;

export const CHECKOUT_SESSION_STATUSES = ['open', 'complete', 'failed', 'expired'] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

/**
 * GET /v3/workspace/{workspaceId}/billing/checkout/{checkoutSessionId}: what /checkout/success waits for. `complete`
 * only after the verified completion event was applied; `serviceId` names the created or changed service.
 */
export const checkoutSessionSchema = z.object({
  id: z.string(),
  purpose: z.enum(CHECKOUT_PURPOSES),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  serviceId: z.string().nullable(),
  /** Why applying the change failed after the card was stored (e.g. the name was taken meanwhile); else null. */
  failureMessage: z.string().nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** PUT /v3/service/{serviceId}/upgrade-service-plan. */
export const upgradeServicePlanRequestSchema = z.strictObject({ billingPlan: billingPlanSchema });
export type UpgradeServicePlanRequest = z.infer<typeof upgradeServicePlanRequestSchema>;

/** PUT /v3/service/{serviceId}/resize-cluster: high availability on (the tier's cluster size) or off (one node). */
export const resizeClusterRequestSchema = z.strictObject({ highAvailability: z.boolean() });
export type ResizeClusterRequest = z.infer<typeof resizeClusterRequestSchema>;

/** POST /v3/billing/webhook answer (Stripe expects any 2xx). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });

/**
 * GET /v3/workspace/{workspaceId}/billing/account: what the billing page needs to know about the workspace's
 * billing. `subscriptionId` is the id the invoices call takes (null before anything was ever billed).
 */
export const billingAccountSchema = z.object({
  subscriptionId: z.string().nullable(),
  /** Null: billed by card; `awsMarketplace`: billed through the marketplace (MARKETPLACE_BILLING_PROVIDER). */
  billingProvider: z.string().nullable(),
  paymentMethodExempted: z.boolean(),
  manuallyBilled: z.boolean(),
  currency: z.string(),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;
