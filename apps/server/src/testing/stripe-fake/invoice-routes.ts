import type Stripe from 'stripe';
import type { FormObject } from './form-body';
import type { FakeState } from './fake-state';
import {
  ApiError,
  booleanParam,
  enumParam,
  get,
  integerParam,
  invalid,
  metadataParam,
  newId,
  recordEvent,
  requiredString,
  stringParam,
} from './fake-state';
import { draftInvoice, invoiceItem, lineOfItem } from './invoice-objects';

function paymentMethodOf(state: FakeState, id: string, customerId: string, param: string) {
  const method = get<Stripe.PaymentMethod>(state, 'payment_method', 'PaymentMethod', id, param);
  if (method.customer !== customerId) {
    throw invalid(
      `The PaymentMethod ${id} does not belong to the Customer ${customerId}. Please use a PaymentMethod attached to this Customer.`,
      param,
    );
  }
  return method;
}

function addItem(state: FakeState, invoice: Stripe.Invoice, item: Stripe.InvoiceItem): void {
  item.invoice = invoice.id;
  state.itemsOf.set(invoice.id, [...(state.itemsOf.get(invoice.id) ?? []), item.id]);
  invoice.lines.data.push(lineOfItem(item, invoice.id));
  const total = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0);
  Object.assign(invoice, {
    subtotal: total,
    subtotal_excluding_tax: total,
    total,
    total_excluding_tax: total,
    amount_due: total,
    amount_remaining: total,
  });
}

/** POST /v1/invoiceitems: a pending item of the customer, or a line of the given draft invoice. */
export function createInvoiceItem(state: FakeState, params: FormObject): Stripe.InvoiceItem {
  const customerId = requiredString(params, 'customer');
  get<Stripe.Customer>(state, 'customer', 'customer', customerId, 'customer');
  const amount = integerParam(params, 'amount');
  if (amount === undefined) {
    throw invalid('Missing required param: amount.', 'amount', 'parameter_missing');
  }
  const currency = requiredString(params, 'currency').toLowerCase();
  const invoiceId = stringParam(params, 'invoice');
  const invoice =
    invoiceId === undefined
      ? undefined
      : get<Stripe.Invoice>(state, 'invoice', 'invoice', invoiceId, 'invoice');
  if (invoice && invoice.status !== 'draft') {
    throw invalid(
      `Invoice ${invoice.id} is no longer editable: it is ${invoice.status}.`,
      'invoice',
    );
  }
  if (invoice && invoice.customer !== customerId) {
    throw invalid('The invoice belongs to another customer.', 'invoice');
  }
  if (invoice && invoice.currency !== currency) {
    throw invalid(`The invoice is in ${invoice.currency}, the item in ${currency}.`, 'currency');
  }
  const item = invoiceItem(newId('ii_'), state.now(), {
    customerId,
    invoiceId: null,
    amount,
    currency,
    description: stringParam(params, 'description') ?? null,
    metadata: metadataParam(params),
  });
  state.objects.set(item.id, item);
  if (invoice) addItem(state, invoice, item);
  return item;
}

/** POST /v1/invoices: a draft; pending items are pulled in only with pending_invoice_items_behavior=include. */
export function createInvoice(state: FakeState, params: FormObject): Stripe.Invoice {
  const customerId = requiredString(params, 'customer');
  const owner = get<Stripe.Customer>(state, 'customer', 'customer', customerId, 'customer');
  const defaultPaymentMethod = stringParam(params, 'default_payment_method') ?? null;
  if (defaultPaymentMethod !== null) {
    paymentMethodOf(state, defaultPaymentMethod, customerId, 'default_payment_method');
  }
  const behaviour =
    enumParam(params, 'pending_invoice_items_behavior', ['exclude', 'include'] as const) ??
    'exclude';
  const invoice = draftInvoice(newId('in_'), state.now(), {
    customer: owner,
    currency: stringParam(params, 'currency')?.toLowerCase() ?? 'usd',
    collectionMethod:
      enumParam(params, 'collection_method', ['charge_automatically', 'send_invoice'] as const) ??
      'charge_automatically',
    defaultPaymentMethod,
    description: stringParam(params, 'description') ?? null,
    metadata: metadataParam(params),
    autoAdvance: booleanParam(params, 'auto_advance') ?? false,
  });
  state.objects.set(invoice.id, invoice);
  if (behaviour === 'include') {
    for (const object of state.objects.values()) {
      if (object.object === 'invoiceitem' && object.customer === customerId && !object.invoice) {
        addItem(state, invoice, object);
      }
    }
  }
  return invoice;
}

/** POST /v1/invoices/{id}/finalize: numbered and open; an invoice of nothing is paid at once (as Stripe does). */
export function finalizeInvoice(state: FakeState, id: string, baseUrl: string): Stripe.Invoice {
  const invoice = get<Stripe.Invoice>(state, 'invoice', 'invoice', id);
  if (invoice.status !== 'draft') {
    throw invalid("This invoice is already finalized, you can't re-finalize a non-draft invoice.");
  }
  const owner = get<Stripe.Customer>(state, 'customer', 'customer', invoice.customer as string);
  const sequence = owner.next_invoice_sequence ?? 1;
  owner.next_invoice_sequence = sequence + 1;
  const now = state.now();
  Object.assign(invoice, {
    status: 'open',
    number: `${owner.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
    effective_at: now,
    hosted_invoice_url: `${baseUrl}/i/${invoice.id}`,
    invoice_pdf: `${baseUrl}/i/${invoice.id}/pdf`,
  });
  invoice.status_transitions.finalized_at = now;
  recordEvent<Stripe.InvoiceFinalizedEvent>(state, 'invoice.finalized', invoice);
  if (invoice.amount_due === 0) markPaid(state, invoice);
  return invoice;
}

function markPaid(state: FakeState, invoice: Stripe.Invoice): void {
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: true,
  });
  invoice.status_transitions.paid_at = state.now();
  recordEvent<Stripe.InvoicePaidEvent>(state, 'invoice.paid', invoice);
}

/**
 * POST /v1/invoices/{id}/pay with its default payment method (or the customer's). A card that declines charges
 * answers 402 card_error and leaves the invoice open with one more attempt; that answer is saved under the
 * idempotency key like any executed request.
 */
export function payInvoice(state: FakeState, id: string, params: FormObject): Stripe.Invoice {
  const invoice = get<Stripe.Invoice>(state, 'invoice', 'invoice', id);
  if (invoice.status === 'paid') throw invalid('Invoice is already paid');
  if (invoice.status !== 'open') {
    throw invalid(`You can only pay an open invoice (this one is ${invoice.status}).`);
  }
  const customerId = invoice.customer as string;
  const owner = get<Stripe.Customer>(state, 'customer', 'customer', customerId);
  const methodId =
    stringParam(params, 'payment_method') ??
    (invoice.default_payment_method as string | null) ??
    (owner.invoice_settings.default_payment_method as string | null);
  if (!methodId) {
    throw invalid('This customer has no attached payment source or default payment method.');
  }
  paymentMethodOf(state, methodId, customerId, 'payment_method');
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (state.cardOf.get(methodId)?.behaviour !== 'succeeds') {
    recordEvent<Stripe.InvoicePaymentFailedEvent>(state, 'invoice.payment_failed', invoice);
    throw new ApiError(
      402,
      {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        charge: newId('ch_'),
      },
      true,
    );
  }
  markPaid(state, invoice);
  return invoice;
}

/** POST /v1/invoices/{id}/void: an open invoice is voided (a draft is deleted instead, as Stripe requires). */
export function voidInvoice(state: FakeState, id: string): Stripe.Invoice {
  const invoice = get<Stripe.Invoice>(state, 'invoice', 'invoice', id);
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
    throw invalid('You can only void an open or uncollectible invoice.');
  }
  invoice.status = 'void';
  invoice.amount_remaining = 0;
  invoice.status_transitions.voided_at = state.now();
  recordEvent<Stripe.InvoiceVoidedEvent>(state, 'invoice.voided', invoice);
  return invoice;
}
