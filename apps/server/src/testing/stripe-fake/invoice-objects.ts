import type Stripe from 'stripe';

/** Invoices and invoice items in Stripe's wire shape (see objects.ts). */

/** On the wire a decimal is a JSON string; the SDK turns it into its own Decimal class when it parses a response. */
const WIRE_DECIMAL_ONE = '1' as unknown as Stripe.InvoiceItem['quantity_decimal'];

export function invoiceItem(
  id: string,
  created: number,
  params: {
    customerId: string;
    invoiceId: string | null;
    amount: number;
    currency: string;
    description: string | null;
    metadata: Record<string, string>;
  },
): Stripe.InvoiceItem {
  return {
    id,
    object: 'invoiceitem',
    amount: params.amount,
    currency: params.currency,
    customer: params.customerId,
    customer_account: null,
    date: created,
    description: params.description,
    discountable: true,
    discounts: [],
    invoice: params.invoiceId,
    livemode: false,
    metadata: params.metadata,
    parent: null,
    period: { start: created, end: created },
    pricing: null,
    proration: false,
    quantity: 1,
    quantity_decimal: WIRE_DECIMAL_ONE,
    tax_rates: [],
    test_clock: null,
  };
}

/** The line an invoice item becomes on its invoice. */
export function lineOfItem(item: Stripe.InvoiceItem, invoiceId: string): Stripe.InvoiceLineItem {
  return {
    id: `il_${item.id.slice(3)}`,
    object: 'line_item',
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discount_amounts: [],
    discountable: item.discountable,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: item.metadata ?? {},
    parent: null,
    period: item.period,
    pretax_credit_amounts: [],
    pricing: null,
    quantity: 1,
    quantity_decimal: WIRE_DECIMAL_ONE,
    subscription: null,
    subtotal: item.amount,
    taxes: [],
  };
}

export function draftInvoice(
  id: string,
  created: number,
  params: {
    customer: Stripe.Customer;
    currency: string;
    collectionMethod: Stripe.Invoice.CollectionMethod;
    defaultPaymentMethod: string | null;
    description: string | null;
    metadata: Record<string, string>;
    autoAdvance: boolean;
  },
): Stripe.Invoice {
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Herald Cloud (Stripe fake)',
    account_tax_ids: null,
    amount_due: 0,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: params.autoAdvance,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: 'manual',
    collection_method: params.collectionMethod,
    created,
    currency: params.currency,
    custom_fields: null,
    customer: params.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: params.customer.email,
    customer_name: params.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: params.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: params.description,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: params.metadata,
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: null,
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: created,
    period_start: created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: 0,
    subtotal_excluding_tax: 0,
    test_clock: null,
    total: 0,
    total_discount_amounts: [],
    total_excluding_tax: 0,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}
