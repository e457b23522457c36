import type Stripe from 'stripe';
import type { TestCard } from './test-cards';

/**
 * The fake's stored objects, in Stripe's wire shape and typed with the SDK's own types, so that a field the SDK
 * (and so the adapter) expects cannot be forgotten. Only what the adapter touches carries real values; the rest
 * holds Stripe's empty defaults.
 */

export function card(test: TestCard, expMonth: number, expYear: number): Stripe.PaymentMethod.Card {
  return {
    brand: test.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: test.country,
    display_brand: test.brand,
    exp_month: expMonth,
    exp_year: expYear,
    fingerprint: `fp${test.number.slice(-8)}`,
    funding: test.funding,
    generated_from: null,
    last4: test.number.slice(-4),
    networks: { available: [test.brand], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}

export function customer(
  id: string,
  created: number,
  params: { email?: string; name?: string; description?: string; metadata: Record<string, string> },
): Stripe.Customer {
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: params.description ?? null,
    email: params.email ?? null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: params.metadata,
    name: params.name ?? null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function paymentMethod(
  id: string,
  created: number,
  customerId: string,
  details: Stripe.PaymentMethod.Card,
): Stripe.PaymentMethod {
  return {
    id,
    object: 'payment_method',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: details,
    created,
    customer: customerId,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function setupIntent(
  id: string,
  created: number,
  params: { customerId: string; paymentMethodId: string; metadata: Record<string, string> },
): Stripe.SetupIntent {
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${id.slice(-8)}`,
    created,
    customer: params.customerId,
    description: null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: params.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: params.paymentMethodId,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'succeeded',
    usage: 'off_session',
  };
}

export function checkoutSession(
  id: string,
  created: number,
  params: {
    url: string;
    customerId: string | null;
    currency: string | null;
    allowedPaymentMethodTypes: string[] | null;
    successUrl: string | null;
    cancelUrl: string | null;
    clientReferenceId: string | null;
    metadata: Record<string, string>;
  },
): Stripe.Checkout.Session {
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: params.allowedPaymentMethodTypes,
    amount_subtotal: null,
    amount_total: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: params.cancelUrl,
    client_reference_id: params.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: params.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: params.customerId,
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    discounts: null,
    // Stripe's default: a session can be completed for 24 hours.
    expires_at: created + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: params.metadata,
    mode: 'setup',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    // The types Stripe computed as eligible (the fake knows cards only).
    payment_method_types: ['card'],
    // A setup-mode session takes no payment: Stripe reports `no_payment_required`.
    payment_status: 'no_payment_required',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.successUrl,
    total_details: null,
    ui_mode: 'hosted',
    url: params.url,
    wallet_options: null,
  };
}
