import type Stripe from 'stripe';
import type { FormObject } from './form-body';
import type { FakeState } from './fake-state';
import {
  enumParam,
  get,
  invalid,
  metadataParam,
  newId,
  requiredString,
  stringArrayParam,
  stringParam,
} from './fake-state';
import { checkoutSession, customer } from './objects';

/** POST /v1/customers */
export function createCustomer(state: FakeState, params: FormObject): Stripe.Customer {
  const email = stringParam(params, 'email');
  const name = stringParam(params, 'name');
  const description = stringParam(params, 'description');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw invalid('Invalid email address: ' + email, 'email', 'email_invalid');
  }
  const created = customer(newId('cus_', 14), state.now(), {
    ...(email !== undefined && { email }),
    ...(name !== undefined && { name }),
    ...(description !== undefined && { description }),
    metadata: metadataParam(params),
  });
  state.objects.set(created.id, created);
  return created;
}

/**
 * POST /v1/checkout/sessions — setup mode only (the one the adapter uses; Stripe's payment and subscription modes
 * are refused so a change of the adapter shows up here rather than passing silently).
 */
export function createCheckoutSession(
  state: FakeState,
  params: FormObject,
  baseUrl: string,
): Stripe.Checkout.Session {
  const mode = enumParam(params, 'mode', ['payment', 'setup', 'subscription'] as const);
  if (mode === undefined)
    throw invalid('Missing required param: mode.', 'mode', 'parameter_missing');
  if (mode !== 'setup')
    throw invalid(`The Stripe fake implements mode=setup only (got ${mode}).`, 'mode');
  const successUrl = requiredString(params, 'success_url');
  const cancelUrl = stringParam(params, 'cancel_url') ?? null;
  for (const [param, url] of [
    ['success_url', successUrl],
    ['cancel_url', cancelUrl],
  ] as const) {
    if (url !== null && !/^https?:\/\/\S+$/.test(url)) {
      throw invalid(`Not a valid URL`, param, 'url_invalid');
    }
  }
  const customerId = stringParam(params, 'customer') ?? null;
  if (customerId !== null)
    get<Stripe.Customer>(state, 'customer', 'customer', customerId, 'customer');
  const allowed = stringArrayParam(params, 'allowed_payment_method_types') ?? null;
  if (allowed && allowed.some((type) => type !== 'card')) {
    throw invalid(
      'The Stripe fake knows the card payment method only.',
      'allowed_payment_method_types',
    );
  }
  const currency = stringParam(params, 'currency')?.toLowerCase() ?? null;
  if (!allowed && !currency) {
    throw invalid(
      'currency is required in setup mode when allowed_payment_method_types is not set.',
      'currency',
      'parameter_missing',
    );
  }
  const id = newId('cs_test_a1', 48);
  const session = checkoutSession(id, state.now(), {
    url: `${baseUrl}/c/pay/${id}`,
    customerId,
    currency,
    allowedPaymentMethodTypes: allowed,
    successUrl,
    cancelUrl,
    clientReferenceId: stringParam(params, 'client_reference_id') ?? null,
    metadata: metadataParam(params),
  });
  state.objects.set(id, session);
  return session;
}

/** POST /v1/checkout/sessions/{id}/expire: only an open session expires (Stripe refuses the others). */
export function expireCheckoutSession(state: FakeState, id: string): Stripe.Checkout.Session {
  const session = get<Stripe.Checkout.Session>(state, 'checkout.session', 'checkout.session', id);
  if (session.status !== 'open') {
    throw invalid(
      `Only Checkout Sessions with a status of \`open\` can be expired. This Checkout Session has a status of \`${session.status}\`.`,
    );
  }
  session.status = 'expired';
  session.url = null;
  return session;
}
