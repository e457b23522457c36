import { z } from 'zod';
import {
  centsSchema,
  currencySchema,
  queryUnixSecondsSchema,
  unixMillisSchema,
  unixSecondsSchema,
} from '../common/fields';

/**
 * The workspace's default card, spec section 3. A card is expired after the end of its expiry
 * month (section 5). `brand` and `last4` are ours, to name the card on the billing page.
 */
export const paymentMethodSchema = z.object({
  exp_year: z.number().int().min(2000).max(9999),
  exp_month: z.number().int().min(1).max(12),
  brand: z.string().optional(),
  last4: z.string().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /v3/workspace/{workspaceId}/paymentMethod: null when no card is on file. */
export const paymentMethodResponseSchema = paymentMethodSchema.nullable();

export const CHARGE_TYPES = ['rate', 'usage'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];

/** One line of an invoice summary or forecast (spec section 3). */
export const lineItemSchema = z.object({
  /** What is charged, e.g. `service` or `kafka-gateway`. */
  entityType: z.string(),
  chargeType: z.enum(CHARGE_TYPES),
  price: z.object({ amount: centsSchema }),
  name: z.string(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

/** Invoice summary, spec section 3: periodStart in seconds. */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  periodStart: unixSecondsSchema,
  currency: currencySchema,
  lineItems: z.array(lineItemSchema),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/**
 * GET /v3/workspace/{workspaceId}/billing/invoice/summary query (section 7): a range in unix
 * seconds, paged with `startAfter` (the previous page's metadata.startAfter).
 */
export const invoiceSummaryQuerySchema = z
  .strictObject({
    startDate: queryUnixSecondsSchema('startDate'),
    endDate: queryUnixSecondsSchema('endDate'),
    startAfter: z.string().trim().min(1).max(128).optional(),
  })
  .refine((query) => query.startDate <= query.endDate, {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });
export type InvoiceSummaryQuery = z.input<typeof invoiceSummaryQuerySchema>;

export const invoiceSummaryPageSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  metadata: z.object({
    hasMoreInvoices: z.boolean(),
    /** Cursor for the next page; null on the last page. */
    startAfter: z.string().nullable(),
  }),
});
export type InvoiceSummaryPage = z.infer<typeof invoiceSummaryPageSchema>;

/** Forecast entry, spec section 3: the expected charges of one service this period. */
export const forecastEntrySchema = z.object({
  serviceName: z.string(),
  /** The service's label when it has one, the name every other screen shows (beyond the spec's fields; issue 25). */
  label: z.string().optional(),
  lineItems: z.array(lineItemSchema),
});
export type ForecastEntry = z.infer<typeof forecastEntrySchema>;

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

/**
 * An invoice of a subscription (GET .../subscription/{subscriptionId}/invoices). The spec lists
 * the call but not the fields; these follow the payment provider's invoice (Stripe).
 */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  currency: currencySchema,
  total: centsSchema,
  amountDue: centsSchema,
  periodStart: unixSecondsSchema,
  periodEnd: unixSecondsSchema,
  created: unixSecondsSchema,
  /** Where the user can view or download the invoice; null for drafts. */
  hostedInvoiceUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * POST /v3/workspace/{workspaceId}/billing/update-payment-method: the browser then goes to the
 * checkout. `checkoutUrl` is ours: it points at Stripe's page or at the built-in checkout page.
 */
export const updatePaymentMethodResponseSchema = z.object({
  stripeCheckoutSessionId: z.string(),
  checkoutUrl: z.string(),
});
export type UpdatePaymentMethodResponse = z.infer<typeof updatePaymentMethodResponseSchema>;

/** The chosen service size carried through checkout (section 3 serviceSpecifications). */
export const serviceSpecificationsSchema = z.object({
  tier: z.string().optional(),
  highAvailability: z.boolean().optional(),
  noOfNodes: z.number().int().positive().optional(),
  heraldVersion: z.string().optional(),
});
export type ServiceSpecifications = z.infer<typeof serviceSpecificationsSchema>;

/**
 * Checkout state, spec section 3: what the browser keeps across the redirect to the payment
 * provider and back (/checkout/success, /checkout/failure). Client-side only; every field but
 * `inProgress` is optional because a checkout starts empty and fills in step by step.
 */
export const checkoutStateSchema = z.object({
  inProgress: z.boolean(),
  resumeCheckout: z.boolean().optional(),
  isUpgrade: z.boolean().optional(),
  generatedServiceName: z.string().optional(),
  serviceName: z.string().optional(),
  /** Ours: the optional label typed in the create-service form, so a resumed form keeps it. */
  label: z.string().optional(),
  selectedRegion: z.string().optional(),
  workspaceId: z.string().optional(),
  regionPlaceholder: z.string().optional(),
  isFreeTrialActivation: z.boolean().optional(),
  billingPlan: z.string().optional(),
  serviceSpecifications: serviceSpecificationsSchema.optional(),
  sensitiveDataFlag: z.boolean().optional(),
  /** Which upgrade the checkout pays for, e.g. `upgrade-service-plan` or `resize-cluster` (section 8). */
  upgradeType: z.string().optional(),
  serviceId: z.string().optional(),
  /** Unix milliseconds. */
  checkoutRequestedAt: unixMillisSchema.optional(),
});
export type CheckoutState = z.infer<typeof checkoutStateSchema>;
