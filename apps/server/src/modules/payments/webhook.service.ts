import { eq } from 'drizzle-orm';
import {
  CHECKOUT_EVENT_TYPES,
  checkoutEventOutcome,
} from '@herald/contract/billing/checkout-transition';
import { startCheckoutRequestSchema } from '@herald/contract/billing/checkout.schema';
import type { StartCheckoutRequest } from '@herald/contract/billing/checkout.schema';
import type { PlanChangeRequest } from '@herald/contract/billing/plan-change-rules';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import { SERVICE_NAME_REASONS } from '@herald/contract/services/service-name-check';
import type { FastifyInstance } from 'fastify';
import { advanceTrialsOf } from '../free-trial/trial-scheduler';
import { retryFailedCharges } from '../invoicing/invoices.repository';
import type { PaymentEvent } from '../../adapters/payments/payments-port';
import { checkout } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { Catalogue } from '../service/catalogue';
import { findLiveService, isUniqueViolation } from '../service/service.repository';
import type { ServiceRow } from '../service/service.repository';
import {
  announceCreatedService,
  insertCreatedService,
  validateCreateService,
} from '../service/service.service';
import type { CreateServiceActor, ValidatedCreateService } from '../service/service.service';
import { findWorkspace, insertAuditEvent } from '../workspace/workspace.repository';
import {
  closeCheckout,
  findCheckoutForEvent,
  isPaymentEventRecorded,
  recordPaymentEvent,
  savePaymentMethod,
} from './payments.repository';
import type { CheckoutRow } from './payments.repository';
import {
  announcePlanChange,
  checkPlanChange,
  payForPlanChange,
  writePlanChange,
} from './plan-change.service';
import type { AcceptedPlanChange } from './plan-change.service';

export const WEBHOOK_MESSAGES = {
  noCard: 'The payment provider reported no card for this checkout.',
  serviceGone: 'The service no longer exists.',
} as const;

export type WebhookOutcome = 'duplicate' | 'ignored' | 'expired' | 'complete' | 'failed';

/** The change a completed checkout makes after storing the card, prepared (checked, paid) before the transaction. */
type PreparedEffect =
  | { kind: 'card-only' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'create-service';
      validated: ValidatedCreateService;
      request: StartCheckoutRequest & { purpose: 'create-service' };
    }
  | {
      kind: 'plan-change';
      row: ServiceRow;
      verdict: AcceptedPlanChange;
      purpose: 'upgrade-service-plan' | 'resize-cluster';
    };

function messageOf(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  throw error;
}

function actorOfCheckout(row: CheckoutRow): CreateServiceActor {
  return { customerId: row.createdBy, email: row.createdByEmail, ipAddress: row.ipAddress };
}

function planChangeOf(request: StartCheckoutRequest): PlanChangeRequest | undefined {
  if (request.purpose === 'upgrade-service-plan') {
    return { kind: request.purpose, billingPlan: request.billingPlan };
  }
  if (request.purpose === 'resize-cluster') {
    return { kind: request.purpose, highAvailability: request.highAvailability };
  }
  return undefined;
}

/**
 * Checks the pending change again now (the name may have been taken, the plan changed, the member removed) and pays
 * for a plan change with the card just stored. Outside the transaction: the provider is called here, with the
 * checkout's idempotency key, so a redelivered event never charges twice.
 */
async function prepareEffect(
  app: FastifyInstance,
  catalogue: Catalogue,
  row: CheckoutRow,
  card: { paymentMethodId: string; expMonth: number; expYear: number },
): Promise<PreparedEffect> {
  if (row.purpose === 'update-payment-method') return { kind: 'card-only' };
  const parsed = startCheckoutRequestSchema.safeParse(row.request);
  if (!parsed.success)
    return { kind: 'failed', message: 'The checkout request is no longer valid.' };
  const request = parsed.data;
  if (request.purpose === 'create-service') {
    try {
      const validated = await validateCreateService(app, catalogue, {
        userId: row.createdBy,
        body: request.service,
        payment: 'skip',
      });
      return { kind: 'create-service', validated, request };
    } catch (error) {
      return { kind: 'failed', message: messageOf(error) };
    }
  }
  const change = planChangeOf(request);
  const service = row.serviceId ? await findLiveService(app.db, row.serviceId) : undefined;
  if (!change || !service || service.workspaceId !== row.workspaceId) {
    return { kind: 'failed', message: WEBHOOK_MESSAGES.serviceGone };
  }
  const ws = await findWorkspace(app.db, row.workspaceId);
  if (!ws) return { kind: 'failed', message: WEBHOOK_MESSAGES.serviceGone };
  try {
    const verdict = checkPlanChange(catalogue, service, change, app.clock());
    const outcome = await payForPlanChange(app, {
      ws,
      row: service,
      verdict,
      purpose: change.kind,
      card: { customerId: row.customerId, paymentMethodId: card.paymentMethodId, valid: true },
      idempotencyKey: `checkout:${row.id}`,
    });
    if (!outcome.paid) {
      return {
        kind: 'failed',
        message:
          change.kind === 'upgrade-service-plan'
            ? SERVICE_MESSAGES.upgradePaymentProblem
            : SERVICE_MESSAGES.resizePaymentProblem,
      };
    }
    return { kind: 'plan-change', row: service, verdict, purpose: change.kind };
  } catch (error) {
    return { kind: 'failed', message: messageOf(error) };
  }
}

/**
 * Applies one verified provider event exactly once (docs/decisions/023): its id goes into payment_event in the
 * transaction of its effect, so a redelivery finds it and does nothing; the checkout's state machine makes an
 * out-of-order `expired` after `completed` (or a second `completed` under another id) change nothing. A completed
 * checkout stores the workspace's card, then creates the service or changes its plan; when that is refused now,
 * the checkout ends `failed` with the reason and the card stays stored.
 */
export async function applyPaymentEvent(
  app: FastifyInstance,
  catalogue: Catalogue,
  event: PaymentEvent,
): Promise<WebhookOutcome> {
  const provider = app.payments.kind;
  const { db } = app;
  if (await isPaymentEventRecorded(db, provider, event.id)) return 'duplicate';
  const now = app.clock();
  const record = (outcome: string, tx = db) =>
    recordPaymentEvent(tx, { provider, eventId: event.id, type: event.type, outcome, now });

  const sessionId = typeof event.object.id === 'string' ? event.object.id : undefined;
  const metadata = (event.object.metadata ?? {}) as Record<string, unknown>;
  const checkoutId = typeof metadata.checkoutId === 'string' ? metadata.checkoutId : undefined;
  const isCheckoutEvent =
    event.type === CHECKOUT_EVENT_TYPES.completed || event.type === CHECKOUT_EVENT_TYPES.expired;
  const row =
    isCheckoutEvent && sessionId
      ? await findCheckoutForEvent(db, provider, sessionId, checkoutId)
      : undefined;
  if (!row || !sessionId) {
    return (await record(isCheckoutEvent ? 'ignored: unknown checkout' : 'ignored'))
      ? 'ignored'
      : 'duplicate';
  }
  const decision = checkoutEventOutcome(row.status as 'open', event.type);
  if (decision.apply === 'nothing') {
    return (await record(`ignored: ${decision.reason}`)) ? 'ignored' : 'duplicate';
  }
  if (decision.apply === 'expire') {
    const applied = await db.transaction(async (tx) => {
      if (!(await record('expired', tx))) return false;
      await closeCheckout(tx, row.id, { status: 'expired', now });
      return true;
    });
    return applied ? 'expired' : 'duplicate';
  }

  const card = await app.payments.paymentMethodOfCheckout(sessionId);
  const effect: PreparedEffect = card
    ? await prepareEffect(app, catalogue, row, card)
    : { kind: 'failed', message: WEBHOOK_MESSAGES.noCard };
  const actor = actorOfCheckout(row);

  const result = await db.transaction(async (tx) => {
    if (!(await record(effect.kind === 'failed' ? 'failed' : 'complete', tx))) return undefined;
    // The guard of the state machine: only an open checkout moves (a concurrent event for it already won).
    if (
      !(await closeCheckout(tx, row.id, { status: 'complete', providerSessionId: sessionId, now }))
    ) {
      return { status: 'ignored' as const };
    }
    if (card) {
      await savePaymentMethod(tx, {
        workspaceId: row.workspaceId,
        provider,
        customerId: row.customerId,
        providerPaymentMethodId: card.paymentMethodId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        updatedAt: now,
      });
      await insertAuditEvent(tx, {
        workspaceId: row.workspaceId,
        actor: { customerId: actor.customerId, email: actor.email },
        action: 'billing.payment_method_updated',
        target: null,
        details: { brand: card.brand, last4: card.last4, checkoutId: row.id },
        ipAddress: actor.ipAddress,
        at: now,
      });
      // Invoices a declined card left open are charged again, on the new card, by the next run.
      await retryFailedCharges(tx, row.workspaceId);
    }
    const fail = async (message: string) => {
      await tx
        .update(checkout)
        .set({ status: 'failed', failureMessage: message })
        .where(eq(checkout.id, row.id));
      return { status: 'failed' as const };
    };
    if (effect.kind === 'failed') return fail(effect.message);
    if (effect.kind === 'card-only') return { status: 'complete' as const };
    if (effect.kind === 'create-service') {
      try {
        // A savepoint: a name taken meanwhile undoes only the insert, not the card or the event.
        const created = await tx.transaction((inner) =>
          insertCreatedService(app, inner, {
            validated: effect.validated,
            body: effect.request.service,
            actor,
            now,
          }),
        );
        await tx.update(checkout).set({ serviceId: created.id }).where(eq(checkout.id, row.id));
        return { status: 'complete' as const, created };
      } catch (error) {
        if (isUniqueViolation(error, 'service_service_name_idx')) {
          return fail(SERVICE_NAME_REASONS.taken);
        }
        return fail(messageOf(error));
      }
    }
    const changed = await tx.transaction((inner) =>
      writePlanChange(inner, {
        row: effect.row,
        verdict: effect.verdict,
        purpose: effect.purpose,
        actor,
        now,
      }),
    );
    if (!changed) return fail('The service changed while the checkout was open: start it again.');
    return { status: 'complete' as const, changed };
  });

  if (!result) return 'duplicate';
  if (result.status === 'ignored') return 'ignored';
  // A free trial suspended for want of a card comes back now, not at the scheduler's next pass (decision 025).
  if (card) await advanceTrialsOf(app, row.workspaceId);
  if ('created' in result && result.created) {
    await announceCreatedService(app, result.created, actor);
    app.statusEvents.publishRow(result.created);
  }
  if ('changed' in result && result.changed && effect.kind === 'plan-change') {
    await announcePlanChange(app, {
      before: effect.row,
      after: result.changed,
      verdict: effect.verdict,
      purpose: effect.purpose,
      actor,
    });
  }
  return result.status;
}
