import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { CHECKOUT_EVENT_TYPES } from '@herald/contract/billing/checkout-transition';
import {
  CARD_DECLINED_MESSAGE,
  NOT_A_TEST_CARD_MESSAGE,
  testCardOf,
  validateCardForm,
} from '@herald/contract/billing/test-cards';
import type { CardField, CardForm } from '@herald/contract/billing/test-cards';
import type { Database } from '../../../db/database';
import {
  builtinPayCustomer,
  builtinPayEvent,
  builtinPayInvoice,
  builtinPayMethod,
  builtinPaySession,
} from '../../../db/schema';
import type { CardDetails, ChargeResult, PaymentsPort } from '../payments-port';
import { builtinId } from './builtin-ids';
import { signatureHeader, verifySignedEvent } from './webhook-signature';

/** Stripe's default: an open checkout session expires 24 hours after it was created. */
export const BUILTIN_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

const API_VERSION = '2025-09-30.clover';

export type SessionRow = typeof builtinPaySession.$inferSelect;

export type SubmitResult =
  | { kind: 'complete'; redirectTo: string }
  | { kind: 'invalid'; errors: Partial<Record<CardField, string>> }
  | { kind: 'declined'; message: string }
  | { kind: 'closed'; session: SessionRow }
  | { kind: 'unknown' };

export interface BuiltinPayments extends PaymentsPort {
  readonly kind: 'builtin';
  /** The session behind a card page (expired first if its 24 h are over); undefined for an unknown id. */
  openSession(sessionId: string): Promise<SessionRow | undefined>;
  /** The card page's POST: validate, apply the test card's outcome, complete the session and queue its event. */
  submitCard(sessionId: string, form: CardForm): Promise<SubmitResult>;
  /** Expires every open session past its 24 h (each queues checkout.session.expired); returns how many. */
  expireDue(): Promise<number>;
  /** Events not yet acknowledged by the webhook, oldest first, each with a fresh signature header. */
  pendingEvents(limit: number): Promise<{ id: string; payload: string; signature: string }[]>;
  markDelivered(eventId: string): Promise<void>;
  markAttempt(eventId: string): Promise<void>;
}

function eventPayload(
  type: string,
  session: SessionRow,
  createdSeconds: number,
  status: 'complete' | 'expired',
): { id: string; payload: string } {
  const id = builtinId('evt_', 24);
  const object = {
    id: session.id,
    object: 'checkout.session',
    mode: 'setup',
    status,
    customer: session.customerId,
    metadata: session.metadata,
    setup_intent: status === 'complete' ? `seti_${session.id.slice(3, 27)}` : null,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    created: Math.floor(session.createdAt.getTime() / 1000),
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
    livemode: false,
    url: null,
  };
  const event = {
    id,
    object: 'event',
    api_version: API_VERSION,
    created: createdSeconds,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  return { id, payload: JSON.stringify(event) };
}

/**
 * The built-in checkout (docs/decisions/023): a payments provider kept in this server's database that follows
 * Stripe Checkout's flow with Stripe's test cards. Sessions are completed by the card page (builtin-checkout-routes
 * .ts), and each completion or expiry is queued as a signed event for POST /v3/billing/webhook, the handler a Stripe
 * webhook uses. No card number is stored: only brand, last four, expiry and the test card's outcome.
 */
export function createBuiltinPayments(options: {
  db: Database;
  publicUrl: string;
  webhookSecret: string;
  clock: () => Date;
}): BuiltinPayments {
  const { db, publicUrl, webhookSecret, clock } = options;

  async function sessionById(sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(builtinPaySession)
      .where(eq(builtinPaySession.id, sessionId));
    return row;
  }

  /** Expires one open session in one transaction with its event; false if it was no longer open. */
  async function expire(session: SessionRow, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(builtinPaySession)
        .set({ status: 'expired' })
        .where(and(eq(builtinPaySession.id, session.id), eq(builtinPaySession.status, 'open')))
        .returning();
      if (!updated) return false;
      const event = eventPayload(
        CHECKOUT_EVENT_TYPES.expired,
        updated,
        Math.floor(now.getTime() / 1000),
        'expired',
      );
      await tx.insert(builtinPayEvent).values({
        id: event.id,
        type: CHECKOUT_EVENT_TYPES.expired,
        payload: event.payload,
        createdAt: now,
      });
      return true;
    });
  }

  return {
    kind: 'builtin',

    async createCustomer({ workspaceId, email, name, idempotencyKey }) {
      await db
        .insert(builtinPayCustomer)
        .values({
          id: builtinId('cus_', 14),
          workspaceId,
          email,
          name,
          idempotencyKey,
          createdAt: clock(),
        })
        .onConflictDoNothing({ target: builtinPayCustomer.idempotencyKey });
      const [row] = await db
        .select({ id: builtinPayCustomer.id })
        .from(builtinPayCustomer)
        .where(eq(builtinPayCustomer.idempotencyKey, idempotencyKey));
      if (!row) throw new Error('builtin customer vanished after insert');
      return { customerId: row.id };
    },

    async createCheckoutSession({ customerId, successUrl, cancelUrl, metadata, idempotencyKey }) {
      const now = clock();
      await db
        .insert(builtinPaySession)
        .values({
          id: builtinId('cs_test_', 48),
          customerId,
          status: 'open',
          successUrl,
          cancelUrl,
          metadata,
          idempotencyKey,
          createdAt: now,
          expiresAt: new Date(now.getTime() + BUILTIN_SESSION_TTL_MS),
        })
        .onConflictDoNothing({ target: builtinPaySession.idempotencyKey });
      const [row] = await db
        .select({ id: builtinPaySession.id })
        .from(builtinPaySession)
        .where(eq(builtinPaySession.idempotencyKey, idempotencyKey));
      if (!row) throw new Error('builtin checkout session vanished after insert');
      return { id: row.id, url: `${publicUrl}/pay/${row.id}` };
    },

    async paymentMethodOfCheckout(providerSessionId): Promise<CardDetails | null> {
      const [row] = await db
        .select({ method: builtinPayMethod })
        .from(builtinPaySession)
        .innerJoin(builtinPayMethod, eq(builtinPayMethod.id, builtinPaySession.paymentMethodId))
        .where(eq(builtinPaySession.id, providerSessionId));
      if (!row) return null;
      const { method } = row;
      return {
        paymentMethodId: method.id,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
      };
    },

    async charge(input): Promise<ChargeResult> {
      const [method] = await db
        .select()
        .from(builtinPayMethod)
        .where(
          and(
            eq(builtinPayMethod.id, input.paymentMethodId),
            eq(builtinPayMethod.customerId, input.customerId),
          ),
        );
      if (!method) {
        return { status: 'failed', providerInvoiceId: null, message: 'No such payment method.' };
      }
      const paid = method.outcome !== 'charges-fail';
      await db
        .insert(builtinPayInvoice)
        .values({
          id: builtinId('in_', 24),
          customerId: input.customerId,
          paymentMethodId: method.id,
          currency: input.currency.toLowerCase(),
          amountCents: input.lines.reduce((sum, line) => sum + line.amount, 0),
          lines: input.lines,
          description: input.description,
          metadata: input.metadata,
          status: paid ? 'paid' : 'open',
          failureMessage: paid ? null : CARD_DECLINED_MESSAGE,
          idempotencyKey: input.idempotencyKey,
          createdAt: clock(),
        })
        .onConflictDoNothing({ target: builtinPayInvoice.idempotencyKey });
      // The same key answers what the first call did, as Stripe's idempotency keys do.
      const [invoice] = await db
        .select()
        .from(builtinPayInvoice)
        .where(eq(builtinPayInvoice.idempotencyKey, input.idempotencyKey));
      if (!invoice) throw new Error('builtin invoice vanished after insert');
      return invoice.status === 'paid'
        ? { status: 'paid', providerInvoiceId: invoice.id, hostedInvoiceUrl: null }
        : {
            status: 'failed',
            providerInvoiceId: invoice.id,
            message: invoice.failureMessage ?? CARD_DECLINED_MESSAGE,
          };
    },

    verifyWebhook(rawBody, header) {
      return verifySignedEvent(webhookSecret, rawBody, header, clock());
    },

    async openSession(sessionId) {
      const session = await sessionById(sessionId);
      if (!session) return undefined;
      const now = clock();
      if (session.status === 'open' && session.expiresAt.getTime() <= now.getTime()) {
        await expire(session, now);
        return sessionById(sessionId);
      }
      return session;
    },

    async submitCard(sessionId, form) {
      const session = await this.openSession(sessionId);
      if (!session) return { kind: 'unknown' };
      if (session.status !== 'open') return { kind: 'closed', session };
      const now = clock();
      const card = validateCardForm(form, now);
      if (!card.ok) return { kind: 'invalid', errors: card.errors };
      const testCard = testCardOf(card.number);
      if (!testCard) return { kind: 'declined', message: NOT_A_TEST_CARD_MESSAGE };
      if (testCard.outcome === 'declined') {
        return { kind: 'declined', message: testCard.declineMessage ?? CARD_DECLINED_MESSAGE };
      }
      const completed = await db.transaction(async (tx) => {
        const methodId = builtinId('pm_', 24);
        const [updated] = await tx
          .update(builtinPaySession)
          .set({ status: 'complete', paymentMethodId: methodId, completedAt: now })
          .where(and(eq(builtinPaySession.id, session.id), eq(builtinPaySession.status, 'open')))
          .returning();
        // A second submit of the same page (double click, two tabs): the first one won.
        if (!updated) return undefined;
        await tx.insert(builtinPayMethod).values({
          id: methodId,
          customerId: session.customerId,
          brand: testCard.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          outcome: testCard.outcome,
          createdAt: now,
        });
        const event = eventPayload(
          CHECKOUT_EVENT_TYPES.completed,
          updated,
          Math.floor(now.getTime() / 1000),
          'complete',
        );
        await tx.insert(builtinPayEvent).values({
          id: event.id,
          type: CHECKOUT_EVENT_TYPES.completed,
          payload: event.payload,
          createdAt: now,
        });
        return updated;
      });
      if (!completed) {
        const current = await sessionById(sessionId);
        return current ? { kind: 'closed', session: current } : { kind: 'unknown' };
      }
      return {
        kind: 'complete',
        redirectTo: completed.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', completed.id),
      };
    },

    async expireDue() {
      const now = clock();
      const due = await db
        .select()
        .from(builtinPaySession)
        .where(and(eq(builtinPaySession.status, 'open'), lte(builtinPaySession.expiresAt, now)))
        .limit(100);
      let expired = 0;
      for (const session of due) if (await expire(session, now)) expired += 1;
      return expired;
    },

    async pendingEvents(limit) {
      const rows = await db
        .select({ id: builtinPayEvent.id, payload: builtinPayEvent.payload })
        .from(builtinPayEvent)
        .where(isNull(builtinPayEvent.deliveredAt))
        .orderBy(asc(builtinPayEvent.createdAt), asc(builtinPayEvent.id))
        .limit(limit);
      const timestamp = Math.floor(clock().getTime() / 1000);
      return rows.map((row) => ({
        ...row,
        signature: signatureHeader(webhookSecret, row.payload, timestamp),
      }));
    },

    async markDelivered(eventId) {
      await db
        .update(builtinPayEvent)
        .set({ deliveredAt: clock() })
        .where(and(eq(builtinPayEvent.id, eventId), isNull(builtinPayEvent.deliveredAt)));
    },

    async markAttempt(eventId) {
      const [row] = await db
        .select({ attempts: builtinPayEvent.attempts })
        .from(builtinPayEvent)
        .where(eq(builtinPayEvent.id, eventId));
      if (!row) return;
      await db
        .update(builtinPayEvent)
        .set({ attempts: row.attempts + 1 })
        .where(eq(builtinPayEvent.id, eventId));
    },
  };
}
