import type Stripe from 'stripe';
import type { FakeState } from './fake-state';
import { get, newId, recordEvent } from './fake-state';
import { card, paymentMethod, setupIntent } from './objects';
import { findTestCard } from './test-cards';

/** A test card number (`4242 4242 4242 4242`) or token (`pm_card_visa`), with an optional expiry. */
export type CardInput = string | { number: string; expMonth: number; expYear: number };

export type CheckoutCompletion =
  | {
      status: 'complete';
      session: Stripe.Checkout.Session;
      /** The `checkout.session.completed` event Stripe would now deliver to the webhook endpoint. */
      event: Stripe.CheckoutSessionCompletedEvent;
      /** Where Stripe sends the browser: success_url with `{CHECKOUT_SESSION_ID}` filled in. */
      redirectUrl: string;
    }
  | { status: 'declined'; message: string };

/**
 * What the customer does on Stripe's hosted Checkout page of a setup-mode session: enter a card and confirm. A card
 * Stripe declines at setup leaves the session open (the page shows the error; the customer may try another card).
 * Otherwise the card becomes a payment method attached to the session's customer through a succeeded SetupIntent,
 * the session is complete, and the completion event is recorded.
 */
export function completeCheckout(
  state: FakeState,
  sessionId: string,
  input: CardInput,
): CheckoutCompletion {
  const session = get<Stripe.Checkout.Session>(
    state,
    'checkout.session',
    'checkout.session',
    sessionId,
  );
  if (session.status !== 'open') {
    throw new Error(
      `Checkout session ${sessionId} is ${session.status}: its page no longer takes a card`,
    );
  }
  if (session.expires_at <= state.now()) {
    throw new Error(`Checkout session ${sessionId} expired at ${session.expires_at}`);
  }
  const customerId = session.customer as string | null;
  if (!customerId) throw new Error('The Stripe fake needs sessions created with a customer');
  const number = typeof input === 'string' ? input : input.number;
  const test = findTestCard(number);
  if (!test) throw new Error(`Not one of Stripe's test cards the fake knows: ${number}`);
  if (test.behaviour === 'declined-at-setup') {
    return { status: 'declined', message: 'Your card was declined.' };
  }
  const now = state.now();
  const year = new Date(now * 1000).getUTCFullYear();
  const details =
    typeof input === 'string'
      ? card(test, 12, year + 3)
      : card(test, input.expMonth, input.expYear);
  const method = paymentMethod(newId('pm_'), now, customerId, details);
  const intent = setupIntent(newId('seti_'), now, {
    customerId,
    paymentMethodId: method.id,
    metadata: {},
  });
  state.objects.set(method.id, method);
  state.objects.set(intent.id, intent);
  state.cardOf.set(method.id, test);
  Object.assign(session, { status: 'complete', setup_intent: intent.id, url: null });
  const event = recordEvent<Stripe.CheckoutSessionCompletedEvent>(
    state,
    'checkout.session.completed',
    session,
  );
  return {
    status: 'complete',
    session,
    event,
    redirectUrl: (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id),
  };
}
