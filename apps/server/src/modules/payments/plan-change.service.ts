import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { paymentRequirement } from '@herald/contract/billing/payment-requirement';
import { planChangeVerdict } from '@herald/contract/billing/plan-change-rules';
import type {
  PlanChangeRequest,
  PlanChangeVerdict,
} from '@herald/contract/billing/plan-change-rules';
import { serviceActionEvent } from '@herald/contract/logs/service-event-text';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { service } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { openPlanPeriod } from '../invoicing/plan-periods.repository';
import {
  assertMarketplaceSubscriptionActive,
  isBilledByMarketplace,
} from '../marketplace/marketplace-guard';
import { recordServiceEvent } from '../logs/service-events';
import type { Catalogue } from '../service/catalogue';
import type { ServiceRow } from '../service/service.repository';
import type { CreateServiceActor } from '../service/service.service';
import { findWorkspace, insertAuditEvent } from '../workspace/workspace.repository';
import type { WorkspaceRow } from '../workspace/workspace.repository';
import { findPaymentMethod, isValidCard, recordCharge } from './payments.repository';

/** An allowed change, with the name of the plan it leaves (for the audit trail). */
export type AcceptedPlanChange = Extract<PlanChangeVerdict, { ok: true }> & { fromName: string };

/** The plan-change rules (contract plan-change.ts) for this service; a refusal is a 400 naming the body's field. */
export function checkPlanChange(
  catalogue: Catalogue,
  row: ServiceRow,
  request: PlanChangeRequest,
  now: Date,
  fieldPrefix = 'body.',
): AcceptedPlanChange {
  const verdict = planChangeVerdict({
    service: row,
    request,
    tierOf: (plan) => catalogue.tierOf(plan),
    now,
  });
  if (!verdict.ok) {
    throw new HttpError(400, ERROR_CODES.validation, verdict.message, {
      issues: [{ path: `${fieldPrefix}${verdict.field}`, message: verdict.message }],
    });
  }
  const fromName = row.freeTrial
    ? 'free trial'
    : (catalogue.tierOf(row.billingPlan)?.displayName ?? row.billingPlan);
  return { ...verdict, fromName };
}

/** Section 8: the failed charge's text on the wire, for both upgrade-service-plan and resize-cluster. */
export function paymentFailedError(): HttpError {
  return new HttpError(500, ERROR_CODES.paymentFailed, SERVICE_MESSAGES.errorUpdatingSubscription);
}

export type PaymentOutcome = { paid: true } | { paid: false; message: string };

/**
 * Pays for an accepted change: nothing to pay (a move down, or an exempted or manually billed workspace) passes;
 * otherwise the card must be valid (else 402 with the payment-requirement message) and the prorated charge must
 * succeed. The charge's idempotency key makes a retry answer the first outcome without charging again.
 */
export async function payForPlanChange(
  app: FastifyInstance,
  input: {
    ws: WorkspaceRow;
    row: ServiceRow;
    verdict: AcceptedPlanChange;
    purpose: 'upgrade-service-plan' | 'resize-cluster';
    /** The card to charge: the workspace's (PUT) or the one the checkout just stored. */
    card: { customerId: string; paymentMethodId: string; valid: boolean } | null;
    idempotencyKey: string;
  },
): Promise<PaymentOutcome> {
  const { ws, row, verdict, card } = input;
  assertMarketplaceSubscriptionActive(ws);
  const requirement = paymentRequirement({
    tier: verdict.tier,
    freeTrial: false,
    workspace: ws,
    hasPaymentMethod: card?.valid === true,
  });
  if (requirement.required) {
    throw new HttpError(402, ERROR_CODES.paymentRequired, requirement.message);
  }
  // The marketplace meters a marketplace organisation's usage; it is never charged by card (decision 026).
  if (
    verdict.chargeCents <= 0 ||
    ws.paymentMethodExempted ||
    ws.manuallyBilled ||
    isBilledByMarketplace(ws) ||
    !card
  ) {
    return { paid: true };
  }
  const now = app.clock();
  const description =
    input.purpose === 'upgrade-service-plan'
      ? `${row.serviceName}: ${verdict.tier.displayName} plan for the rest of the month`
      : `${row.serviceName}: ${verdict.noOfNodes} node(s) of ${verdict.tier.displayName} for the rest of the month`;
  const result = await app.payments.charge({
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    currency: ws.creditCurrency,
    lines: [{ description, amount: verdict.chargeCents }],
    description,
    metadata: { workspaceId: ws.id, serviceId: row.id, purpose: input.purpose },
    idempotencyKey: input.idempotencyKey,
  });
  await recordCharge(app.db, {
    workspaceId: ws.id,
    serviceId: row.id,
    purpose: input.purpose,
    amountCents: verdict.chargeCents,
    currency: ws.creditCurrency,
    idempotencyKey: input.idempotencyKey,
    status: result.status,
    providerInvoiceId: result.providerInvoiceId,
    message: result.status === 'failed' ? result.message : null,
    now,
  });
  if (result.status === 'failed') {
    app.log.warn(
      { serviceId: row.id, purpose: input.purpose, providerInvoiceId: result.providerInvoiceId },
      'Plan change charge failed',
    );
    return { paid: false, message: result.message };
  }
  return { paid: true };
}

/**
 * Writes an accepted change in `tx`, guarded by the row as it was checked (a concurrent change makes it return
 * undefined): plan, nodes, the end of a free trial, a new plan period, the audit event. A new tier bumps the restart
 * generation, so the provisioner restarts the runtime with the tier's topic capacity.
 */
export async function writePlanChange(
  tx: Database,
  input: {
    row: ServiceRow;
    verdict: AcceptedPlanChange;
    purpose: 'upgrade-service-plan' | 'resize-cluster';
    actor: CreateServiceActor;
    now: Date;
  },
): Promise<ServiceRow | undefined> {
  const { row, verdict, actor, now } = input;
  const tierChanges = (row.provisioningPlan ?? row.billingPlan) !== verdict.billingPlan;
  const [updated] = await tx
    .update(service)
    .set({
      billingPlan: verdict.billingPlan,
      provisioningPlan: verdict.billingPlan,
      noOfNodes: verdict.noOfNodes,
      freeTrial: false,
      ...(tierChanges && { restartGeneration: sql`${service.restartGeneration} + 1` }),
      updatedAt: now,
    })
    .where(
      and(
        eq(service.id, row.id),
        eq(service.billingPlan, row.billingPlan),
        eq(service.noOfNodes, row.noOfNodes),
        eq(service.freeTrial, row.freeTrial),
      ),
    )
    .returning();
  if (!updated) return undefined;
  await openPlanPeriod(tx, {
    serviceId: updated.id,
    workspaceId: updated.workspaceId,
    serviceName: updated.serviceName,
    billingPlan: updated.billingPlan,
    nodes: updated.noOfNodes,
    at: now,
  });
  await insertAuditEvent(tx, {
    workspaceId: updated.workspaceId,
    actor: { customerId: actor.customerId, email: actor.email },
    action: auditActionOf(input.purpose),
    target: updated.serviceName,
    details: auditDetails(row, updated, verdict),
    ipAddress: actor.ipAddress,
    at: now,
  });
  return updated;
}

function auditActionOf(purpose: 'upgrade-service-plan' | 'resize-cluster') {
  return purpose === 'upgrade-service-plan' ? 'service.plan_changed' : 'service.cluster_resized';
}

function auditDetails(before: ServiceRow, after: ServiceRow, verdict: AcceptedPlanChange) {
  return {
    serviceId: after.id,
    from: verdict.fromName,
    to: verdict.tier.displayName,
    billingPlan: after.billingPlan,
    nodes: after.noOfNodes,
    chargedCents: verdict.chargeCents,
  };
}

/** After the transaction: the event log line, the status streams and the provisioner. */
export async function announcePlanChange(
  app: FastifyInstance,
  input: {
    before: ServiceRow;
    after: ServiceRow;
    verdict: AcceptedPlanChange;
    purpose: 'upgrade-service-plan' | 'resize-cluster';
    actor: CreateServiceActor;
  },
): Promise<void> {
  const { before, after, verdict, purpose, actor } = input;
  const details = auditDetails(before, after, verdict);
  const event = serviceActionEvent(auditActionOf(purpose), after.serviceName, details);
  await recordServiceEvent(app, after.id, event.level, event.message, {
    actor: actor.email,
    ...details,
  });
  app.statusEvents.publishRow(after);
  app.provisioner.reconcile(after.id);
}

/**
 * PUT upgrade-service-plan and resize-cluster: the rules (400), the payment (402 without a valid card unless exempt;
 * 500 'Error updating subscription' when the charge fails, the plan unchanged), then the change.
 */
export async function changePlanNow(
  app: FastifyInstance,
  input: {
    catalogue: Catalogue;
    row: ServiceRow;
    request: PlanChangeRequest;
    actor: CreateServiceActor;
  },
): Promise<ServiceRow> {
  const { catalogue, row, request, actor } = input;
  const now = app.clock();
  const verdict = checkPlanChange(catalogue, row, request, now);
  const ws = await findWorkspace(app.db, row.workspaceId);
  if (!ws) throw new Error(`workspace ${row.workspaceId} of service ${row.id} is missing`);
  const card = await findPaymentMethod(app.db, ws.id);
  const outcome = await payForPlanChange(app, {
    ws,
    row,
    verdict,
    purpose: request.kind,
    card: card
      ? {
          customerId: card.customerId,
          paymentMethodId: card.providerPaymentMethodId,
          valid: isValidCard(card, now),
        }
      : null,
    // The state being changed, the target and the card: a retry of the same change answers the first outcome.
    idempotencyKey: [
      'plan-change',
      row.id,
      row.updatedAt.getTime(),
      verdict.billingPlan,
      verdict.noOfNodes,
      card?.providerPaymentMethodId ?? 'none',
    ].join(':'),
  });
  if (!outcome.paid) throw paymentFailedError();
  const updated = await app.db.transaction((tx) =>
    writePlanChange(tx, { row, verdict, purpose: request.kind, actor, now }),
  );
  if (!updated) {
    throw new HttpError(
      409,
      ERROR_CODES.conflict,
      'The service changed while this change was made: reload it and try again.',
    );
  }
  await announcePlanChange(app, {
    before: row,
    after: updated,
    verdict,
    purpose: request.kind,
    actor,
  });
  return updated;
}
