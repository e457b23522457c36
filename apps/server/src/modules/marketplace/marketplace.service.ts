import { ERROR_CODES } from '@herald/contract/api/errors';
import { MARKETPLACE_BILLING_PROVIDER } from '@herald/contract/constants';
import type { MarketplaceSubscriptionStatus } from '@herald/contract/constants';
import { MARKETPLACE_MESSAGES } from '@herald/contract/marketplace/marketplace.schema';
import type { MarketplaceSignupResponse } from '@herald/contract/marketplace/marketplace.schema';
import {
  isMarketplaceSubscriptionStatus,
  marketplaceServiceAction,
} from '@herald/contract/marketplace/marketplace-status';
import type { FastifyInstance } from 'fastify';
import {
  MarketplaceTokenError,
  MarketplaceUnavailableError,
} from '../../adapters/marketplace/marketplace-port';
import type { ResolvedCustomer } from '../../adapters/marketplace/marketplace-port';
import { HttpError } from '../../lib/http-error';
import { closePlanPeriod, openPlanPeriod } from '../invoicing/plan-periods.repository';
import { isUniqueViolation, updateService } from '../service/service.repository';
import type { ServiceRow } from '../service/service.repository';
import { findMemberRoles, insertAuditEvent } from '../workspace/workspace.repository';
import { createWorkspaceTx } from '../workspace/workspace.service';
import type { Actor } from '../workspace/workspace.service';
import {
  findCustomerByIdentifier,
  insertMarketplaceCustomer,
  listServicesInState,
  lockMarketplaceStatus,
  setMarketplaceStatus,
  setWorkspaceMarketplace,
} from './marketplace.repository';

/**
 * The suspension reason of services the marketplace stopped (docs/decisions/026): `inactive`, the non-blocking
 * account closure reason of section 4, so subscribing again brings them back.
 */
export const MARKETPLACE_SUSPENSION_REASON = 'inactive';

async function resolveOrRefuse(app: FastifyInstance, token: string): Promise<ResolvedCustomer> {
  try {
    return await app.marketplace.resolveCustomer(token);
  } catch (error) {
    if (error instanceof MarketplaceTokenError) {
      throw new HttpError(400, ERROR_CODES.badRequest, MARKETPLACE_MESSAGES.invalidToken);
    }
    if (error instanceof MarketplaceUnavailableError) {
      app.log.warn({ err: error }, 'marketplace: could not resolve a registration token');
      throw new HttpError(503, ERROR_CODES.unavailable, MARKETPLACE_MESSAGES.unavailable);
    }
    throw error;
  }
}

/** The organisation already connected to the customer: the caller's if they are a member, else refused. */
async function existingFor(
  app: FastifyInstance,
  customerIdentifier: string,
  customerId: string,
): Promise<MarketplaceSignupResponse | undefined> {
  const existing = await findCustomerByIdentifier(app.db, customerIdentifier);
  if (!existing) return undefined;
  const roles = await findMemberRoles(app.db, existing.workspaceId, customerId);
  if (roles.length === 0) {
    throw new HttpError(409, ERROR_CODES.conflict, MARKETPLACE_MESSAGES.otherOrganisation);
  }
  return { workspace_id: existing.workspaceId, created: false };
}

/**
 * POST /v3/marketplace/signup: resolves the registration token and creates the customer's marketplace organisation
 * with the caller as Owner and the status the marketplace reports; the same customer again returns the same
 * organisation (idempotent), to a member.
 */
export async function connectSubscription(
  app: FastifyInstance,
  registrationToken: string,
  actor: Actor,
): Promise<MarketplaceSignupResponse> {
  const customer = await resolveOrRefuse(app, registrationToken);
  const known = await existingFor(app, customer.customerIdentifier, actor.customerId);
  if (known) return known;

  let status: MarketplaceSubscriptionStatus;
  try {
    status = await app.marketplace.getEntitlement(
      customer.customerIdentifier,
      customer.productCode,
      null,
    );
  } catch (error) {
    app.log.warn({ err: error }, 'marketplace: could not read an entitlement');
    throw new HttpError(503, ERROR_CODES.unavailable, MARKETPLACE_MESSAGES.unavailable);
  }
  const now = app.clock();
  try {
    const row = await app.db.transaction(async (tx) => {
      const created = await createWorkspaceTx(tx, {
        name: `AWS Marketplace${customer.customerAwsAccountId ? ` ${customer.customerAwsAccountId}` : ''}`,
        companyName: null,
        actor,
        now,
      });
      await setWorkspaceMarketplace(tx, created.id, {
        billingProvider: MARKETPLACE_BILLING_PROVIDER,
        status,
      });
      await insertMarketplaceCustomer(tx, {
        workspaceId: created.id,
        customerIdentifier: customer.customerIdentifier,
        productCode: customer.productCode,
        customerAwsAccountId: customer.customerAwsAccountId,
        connectedAt: now,
        statusCheckedAt: now,
      });
      await insertAuditEvent(tx, {
        workspaceId: created.id,
        actor: { customerId: actor.customerId, email: actor.email },
        action: 'marketplace.connected',
        target: customer.customerAwsAccountId,
        details: { status },
        ipAddress: actor.ipAddress,
        at: now,
      });
      return created;
    });
    return { workspace_id: row.id, created: true };
  } catch (error) {
    // Two tabs connecting the same customer at once: the first one won; answer like a repeat.
    if (isUniqueViolation(error, 'marketplace_customer_identifier_uq')) {
      const again = await existingFor(app, customer.customerIdentifier, actor.customerId);
      if (again) return again;
    }
    throw error;
  }
}

/** What changing a workspace's subscription status did. */
export interface StatusChangeResult {
  changed: boolean;
  from: MarketplaceSubscriptionStatus | null;
  suspended: string[];
  resumed: string[];
}

/**
 * Applies a subscription status to a marketplace organisation (simulator hook, entitlement check, operator): the
 * status is stored and, in the same transaction, an expired subscription suspends the running services
 * (suspensionReason `inactive`, plan periods closed) and a renewed one resumes those it suspended. The provisioner
 * then acts on the rows; a crash in between is finished by its start-up reconciliation.
 */
export async function applyMarketplaceStatus(
  app: FastifyInstance,
  workspaceId: string,
  status: MarketplaceSubscriptionStatus,
  actor: { customerId: string | null; email: string | null; ipAddress: string | null },
): Promise<StatusChangeResult> {
  const now = app.clock();
  const result = await app.db.transaction(async (tx) => {
    const current = await lockMarketplaceStatus(tx, workspaceId);
    const from = isMarketplaceSubscriptionStatus(current?.status) ? current.status : null;
    if (!current || from === status) {
      return { changed: false, from, suspended: [], resumed: [], rows: [] as ServiceRow[] };
    }
    await setMarketplaceStatus(tx, workspaceId, status);
    const action = marketplaceServiceAction(from, status);
    const rows: ServiceRow[] = [];
    if (action === 'suspend') {
      for (const row of await listServicesInState(tx, workspaceId, 'running')) {
        rows.push(
          await updateService(
            tx,
            row.id,
            { desiredState: 'suspended', suspensionReason: MARKETPLACE_SUSPENSION_REASON },
            now,
          ),
        );
        await closePlanPeriod(tx, row.id, now);
      }
    } else if (action === 'resume') {
      const suspended = await listServicesInState(tx, workspaceId, 'suspended');
      for (const row of suspended.filter(
        (candidate) => candidate.suspensionReason === MARKETPLACE_SUSPENSION_REASON,
      )) {
        const resumed = await updateService(
          tx,
          row.id,
          { desiredState: 'running', suspensionReason: null },
          now,
        );
        rows.push(resumed);
        await openPlanPeriod(tx, {
          serviceId: resumed.id,
          workspaceId,
          serviceName: resumed.serviceName,
          billingPlan: resumed.billingPlan,
          nodes: resumed.noOfNodes,
          at: now,
        });
      }
    }
    const names = rows.map((row) => row.serviceName);
    await insertAuditEvent(tx, {
      workspaceId,
      actor: { customerId: actor.customerId, email: actor.email },
      action: 'marketplace.status_changed',
      target: null,
      details: {
        from,
        to: status,
        ...(action === 'suspend' && { suspended: names }),
        ...(action === 'resume' && { resumed: names }),
      },
      ipAddress: actor.ipAddress,
      at: now,
    });
    return {
      changed: true,
      from,
      suspended: action === 'suspend' ? names : [],
      resumed: action === 'resume' ? names : [],
      rows,
    };
  });
  for (const row of result.rows) {
    app.statusEvents.publishRow(row);
    app.provisioner.reconcile(row.id);
  }
  const { rows: _rows, ...summary } = result;
  return summary;
}
