import type Stripe from 'stripe';
import { createCheckoutSession, createCustomer } from './customer-routes';
import type { FormObject } from './form-body';
import { ApiError, expand, get, invalid } from './fake-state';
import type { FakeState } from './fake-state';
import {
  createInvoice,
  createInvoiceItem,
  finalizeInvoice,
  payInvoice,
  voidInvoice,
} from './invoice-routes';

/** The endpoints of Stripe's API the fake answers (the ones the Stripe adapter calls, and a few reads). */

type Handler = (params: FormObject, id: string) => object;
export interface Route {
  method: string;
  path: RegExp;
  accepts: readonly string[];
  handle: Handler;
}
function route(method: string, path: RegExp, accepts: readonly string[], handle: Handler): Route {
  return { method, path, accepts: [...accepts, 'expand'], handle };
}

const CUSTOMER_PARAMS = ['email', 'name', 'description', 'metadata'];
const SESSION_PARAMS = [
  'mode',
  'customer',
  'currency',
  'allowed_payment_method_types',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'metadata',
];
const ITEM_PARAMS = ['customer', 'invoice', 'amount', 'currency', 'description', 'metadata'];
const INVOICE_PARAMS = [
  'customer',
  'currency',
  'collection_method',
  'auto_advance',
  'default_payment_method',
  'pending_invoice_items_behavior',
  'description',
  'metadata',
];

// Each endpoint with the top-level parameters it accepts (Stripe refuses any other: "Received unknown parameter").
export function stripeRoutes(
  state: FakeState,
  baseUrl: () => string,
  expire: (sessionId: string) => Stripe.CheckoutSessionExpiredEvent,
): Route[] {
  return [
    route('POST', /^\/v1\/customers$/, CUSTOMER_PARAMS, (p) => createCustomer(state, p)),
    route('GET', /^\/v1\/customers\/([^/]+)$/, [], (_p, id) =>
      get(state, 'customer', 'customer', id),
    ),
    route('POST', /^\/v1\/checkout\/sessions$/, SESSION_PARAMS, (p) =>
      createCheckoutSession(state, p, baseUrl()),
    ),
    route('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, [], (_p, id) =>
      get(state, 'checkout.session', 'checkout.session', id),
    ),
    route(
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      [],
      (_p, id) => expire(id).data.object,
    ),
    route('GET', /^\/v1\/setup_intents\/([^/]+)$/, [], (_p, id) =>
      get(state, 'setup_intent', 'setupintent', id),
    ),
    route('GET', /^\/v1\/payment_methods\/([^/]+)$/, [], (_p, id) =>
      get(state, 'payment_method', 'PaymentMethod', id),
    ),
    route('POST', /^\/v1\/invoiceitems$/, ITEM_PARAMS, (p) => createInvoiceItem(state, p)),
    route('POST', /^\/v1\/invoices$/, INVOICE_PARAMS, (p) => createInvoice(state, p)),
    route('GET', /^\/v1\/invoices\/([^/]+)$/, [], (_p, id) => get(state, 'invoice', 'invoice', id)),
    route('POST', /^\/v1\/invoices\/([^/]+)\/finalize$/, ['auto_advance'], (_p, id) =>
      finalizeInvoice(state, id, baseUrl()),
    ),
    route('POST', /^\/v1\/invoices\/([^/]+)\/pay$/, ['payment_method', 'off_session'], (p, id) =>
      payInvoice(state, id, p),
    ),
    route('POST', /^\/v1\/invoices\/([^/]+)\/void$/, [], (_p, id) => voidInvoice(state, id)),
  ];
}

/**
 * Runs one API request: the answer's status and JSON text. Throws ApiError for a refusal; `executed` of an error
 * says whether the endpoint had begun its work (what Stripe saves under an idempotency key).
 */
export function executeRoute(
  routes: Route[],
  state: FakeState,
  method: string,
  path: string,
  params: FormObject,
): { status: number; body: string; executed: boolean } {
  const matched = routes.find(
    (candidate) => candidate.method === method && candidate.path.test(path),
  );
  if (!matched) {
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }
  const unknown = Object.keys(params).find((name) => !matched.accepts.includes(name));
  if (unknown !== undefined) {
    throw invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  }
  const id = decodeURIComponent(matched.path.exec(path)?.[1] ?? '');
  const { expand: paths, ...rest } = params;
  const expandPaths = paths === undefined ? [] : Array.isArray(paths) ? paths : [paths];
  if (!expandPaths.every((entry): entry is string => typeof entry === 'string')) {
    throw invalid('Invalid array: expand', 'expand');
  }
  const result = matched.handle(rest, id);
  return {
    status: 200,
    body: JSON.stringify(expand(state, result, expandPaths), null, 2),
    executed: true,
  };
}
