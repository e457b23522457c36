import { randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { paymentRequirement } from '@herald/contract/billing/payment-requirement';
import { assertMarketplaceSubscriptionActive } from '../marketplace/marketplace-guard';
import { openPlanPeriod } from '../invoicing/plan-periods.repository';
import { isFreeTrialTier } from '@herald/contract/billing/free-trial';
import {
  CLOSURE_BLOCKS_CREATION_MESSAGE,
  closureBlocksNewServices,
} from '@herald/contract/billing/account-closure';
import { trialEndsAt } from '@herald/contract/billing/free-trial-timeline';
import { SERVICE_CREATED_EVENT } from '@herald/contract/logs/service-event-text';
import { hasPermission } from '@herald/contract/members/permissions';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import {
  SERVICE_NAME_REASONS,
  checkServiceName,
} from '@herald/contract/services/service-name-check';
import type { ServiceNameVerdict } from '@herald/contract/services/service-name-check';
import type { CreateServiceRequest } from '@herald/contract/services/service.schema';
import { compareVersions } from '@herald/contract/services/versions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { requireSession } from '../../plugins/auth';
import { WORKSPACE_NOT_FOUND_MESSAGE, permissionDeniedMessage } from '../../plugins/route-registry';
import { recordServiceEvent } from '../logs/service-events';
import { generateClientId, generateClientSecret } from '../service-api/client-secret';
import {
  findMemberRoles,
  findWorkspace,
  insertAuditEvent,
} from '../workspace/workspace.repository';
import type { WorkspaceRow } from '../workspace/workspace.repository';
import { hasValidPaymentMethod } from '../payments/payments.repository';
import { actorOf } from '../workspace/workspace.service';
import type { Catalogue, CatalogueTier } from './catalogue';
import {
  claimFreeTrial,
  insertService,
  isServiceNameTaken,
  isUniqueViolation,
  newServiceId,
} from './service.repository';
import type { ServiceRow } from './service.repository';

export const SERVICE_CREATE_MESSAGES = {
  unknownRegion: 'Unknown region',
  unknownPlan: (plan: string) =>
    `Unknown billing plan '${plan}': choose one of the plans offered at checkout`,
  freeTrialTierOnly: 'A free trial is available for the XSmall and Small plans only.',
  freeTrialUsed: 'This organisation has already used its free trial.',
  freeTrialSingleInstance:
    'A free trial runs on a single instance: turn high availability off, or choose a paid plan.',
} as const;

export const SCHEDULE_MESSAGES = {
  notNewer: (version: string, current: string) =>
    `Version ${version} is not newer than the service's version ${current}`,
} as const;

/** The name check of spec section 5 against the database (format, reserved, then taken). */
export async function verdictForName(db: Database, name: string): Promise<ServiceNameVerdict> {
  const format = checkServiceName(name, () => false);
  if (!format.valid) return format;
  const taken = await isServiceNameTaken(db, name.trim());
  return checkServiceName(name, () => taken);
}

const NAME_WORDS = {
  first: ['amber', 'brisk', 'calm', 'dawn', 'ember', 'fleet', 'gentle', 'lunar', 'quiet', 'swift'],
  second: ['harbour', 'falcon', 'meadow', 'signal', 'beacon', 'river', 'summit', 'willow', 'comet'],
};

function pick(words: readonly string[]): string {
  return words[randomBytes(1)[0]! % words.length]!;
}

/** A free, valid service name: two words and four hex digits, re-drawn while taken. */
export async function generateFreeServiceName(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const name = `${pick(NAME_WORDS.first)}-${pick(NAME_WORDS.second)}-${randomBytes(2).toString('hex')}`;
    if ((await verdictForName(db, name)).valid) return name;
  }
  return `service-${randomBytes(6).toString('hex')}`;
}

function badField(field: string, message: string): HttpError {
  return new HttpError(400, ERROR_CODES.validation, message, {
    issues: [{ path: `body.${field}`, message }],
  });
}

export interface CreateServiceActor {
  customerId: string;
  email: string | null;
  ipAddress: string | null;
}

/** What validateCreateService found: the workspace, the tier and version to create with. */
export interface ValidatedCreateService {
  ws: WorkspaceRow;
  tier: CatalogueTier;
  version: string;
  freeTrial: boolean;
}

/**
 * The checks of POST /v3/service/create, in its order and with its messages: membership (404) and create-service
 * (403) of the body's workspace, the section 5 name (400, or 409 when taken), region, version and plan, the free
 * trial, and the payment method (402 unless `payment` is 'skip': a checkout is about to store a card). Shared with
 * the checkout, which runs them when it starts and again when its completion event creates the service.
 */
export async function validateCreateService(
  app: FastifyInstance,
  catalogue: Catalogue,
  input: { userId: string; body: CreateServiceRequest; payment: 'check' | 'skip' },
): Promise<ValidatedCreateService> {
  const { userId, body } = input;
  const roles = await findMemberRoles(app.db, body.workspaceId, userId);
  const ws = roles.length > 0 ? await findWorkspace(app.db, body.workspaceId) : undefined;
  if (!ws) throw new HttpError(404, ERROR_CODES.notFound, WORKSPACE_NOT_FOUND_MESSAGE);
  if (!hasPermission(roles, 'create-service')) {
    throw new HttpError(403, ERROR_CODES.forbidden, permissionDeniedMessage('create-service'));
  }
  // An organisation whose marketplace subscription has ended runs no new services (section 4, decision 026).
  assertMarketplaceSubscriptionActive(ws);

  const verdict = await verdictForName(app.db, body.serviceName);
  if (!verdict.valid) {
    if (verdict.kind === 'taken') throw new HttpError(409, ERROR_CODES.conflict, verdict.reason);
    throw badField('serviceName', verdict.reason);
  }
  if (!catalogue.regions.includes(body.region)) {
    throw badField('region', SERVICE_CREATE_MESSAGES.unknownRegion);
  }
  const version = body.heraldVersion ?? catalogue.latestHeraldVersion;
  if (!catalogue.hasVersion(version)) {
    throw badField('heraldVersion', SERVICE_MESSAGES.versionNotSupported(version));
  }
  const tier = catalogue.tierOf(body.billingPlan);
  if (!tier) throw badField('billingPlan', SERVICE_CREATE_MESSAGES.unknownPlan(body.billingPlan));
  const freeTrial = body.freeTrial === true;
  if (freeTrial && !isFreeTrialTier(tier.billingPlan)) {
    throw badField('freeTrial', SERVICE_CREATE_MESSAGES.freeTrialTierOnly);
  }
  if (freeTrial && ws.freeTrialUsed) {
    throw new HttpError(409, ERROR_CODES.conflict, SERVICE_CREATE_MESSAGES.freeTrialUsed);
  }
  // Spec section 9: one service on a single instance (docs/decisions/025).
  if (freeTrial && body.highAvailability) {
    throw badField('highAvailability', SERVICE_CREATE_MESSAGES.freeTrialSingleInstance);
  }
  if (input.payment === 'check') {
    const hasPaymentMethod = await hasValidPaymentMethod(app.db, ws.id, app.clock());
    // A blocking closure reason (section 4) stops new services until a card is added (docs/decisions/025).
    const canPay = hasPaymentMethod || ws.paymentMethodExempted || ws.manuallyBilled;
    if (closureBlocksNewServices({ closureReason: ws.closureReason, hasValidCard: canPay })) {
      throw new HttpError(402, ERROR_CODES.paymentRequired, CLOSURE_BLOCKS_CREATION_MESSAGE);
    }
    const payment = paymentRequirement({ tier, freeTrial, workspace: ws, hasPaymentMethod });
    if (payment.required) throw new HttpError(402, ERROR_CODES.paymentRequired, payment.message);
  }
  return { ws, tier, version, freeTrial };
}

/**
 * Writes a validated new service in `tx`: the free trial claim, the row (status CHECKING), its first plan period
 * and the audit event. A name taken meanwhile surfaces as the unique violation of service_service_name_idx.
 */
export async function insertCreatedService(
  app: FastifyInstance,
  tx: Database,
  input: {
    validated: ValidatedCreateService;
    body: CreateServiceRequest;
    actor: CreateServiceActor;
    now: Date;
  },
): Promise<ServiceRow> {
  const { validated, body, actor, now } = input;
  const { ws, tier, version, freeTrial } = validated;
  if (freeTrial && !(await claimFreeTrial(tx, ws.id))) {
    throw new HttpError(409, ERROR_CODES.conflict, SERVICE_CREATE_MESSAGES.freeTrialUsed);
  }
  const inserted = await insertService(tx, {
    id: newServiceId(),
    workspaceId: ws.id,
    serviceName: body.serviceName,
    label: body.label ?? null,
    region: body.region,
    billingPlan: freeTrial ? 'freeTrial' : tier.billingPlan,
    provisioningPlan: tier.billingPlan,
    heraldVersion: version,
    noOfNodes: body.highAvailability ? tier.ha.clusterSize : 1,
    status: 'CHECKING',
    desiredState: 'running',
    sensitiveData: body.sensitiveData ?? false,
    freeTrial,
    clientId: generateClientId(),
    clientSecretEncrypted: app.secretBox.encrypt(generateClientSecret()),
    createdBy: actor.customerId,
    // Spec section 9: the trial runs 30 days from its creation (docs/decisions/025).
    ...(freeTrial && { trialStartedAt: now, trialEndsAt: new Date(trialEndsAt(now.getTime())) }),
    createdAt: now,
    updatedAt: now,
  });
  await openPlanPeriod(tx, {
    serviceId: inserted.id,
    workspaceId: ws.id,
    serviceName: inserted.serviceName,
    billingPlan: inserted.billingPlan,
    nodes: inserted.noOfNodes,
    at: now,
  });
  await insertAuditEvent(tx, {
    workspaceId: ws.id,
    actor: { customerId: actor.customerId, email: actor.email },
    action: 'service.created',
    target: inserted.serviceName,
    details: { serviceId: inserted.id, billingPlan: inserted.billingPlan },
    ipAddress: actor.ipAddress,
    at: now,
  });
  return inserted;
}

/** After the creating transaction: "created" is the first line of the event log, then the provisioner starts it. */
export async function announceCreatedService(
  app: FastifyInstance,
  row: ServiceRow,
  actor: CreateServiceActor,
): Promise<void> {
  await recordServiceEvent(
    app,
    row.id,
    SERVICE_CREATED_EVENT.level,
    SERVICE_CREATED_EVENT.message,
    {
      actor: actor.email,
      billingPlan: row.billingPlan,
    },
  );
  app.provisioner.reconcile(row.id);
}

/**
 * POST /v3/service/create: validateCreateService (a paid tier passes with a valid card on file), then the row, its
 * plan period and audit event in one transaction, then the provisioner's reconcile.
 */
export async function createService(
  app: FastifyInstance,
  request: FastifyRequest,
  catalogue: Catalogue,
  body: CreateServiceRequest,
): Promise<ServiceRow> {
  const { userId } = requireSession(request);
  const validated = await validateCreateService(app, catalogue, { userId, body, payment: 'check' });
  const actor = await actorOf(app, request);
  const now = app.clock();
  let row: ServiceRow;
  try {
    row = await app.db.transaction((tx) =>
      insertCreatedService(app, tx, { validated, body, actor, now }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'service_service_name_idx')) {
      throw new HttpError(409, ERROR_CODES.conflict, SERVICE_NAME_REASONS.taken);
    }
    throw error;
  }
  await announceCreatedService(app, row, actor);
  return row;
}

/** The version rules of a scheduled update: offered by the catalogue and newer than the current one. */
export function checkScheduledVersion(
  catalogue: Catalogue,
  current: string,
  version: string,
): string | null {
  if (!catalogue.hasVersion(version)) return SERVICE_MESSAGES.versionNotSupported(version);
  if (compareVersions(version, current) <= 0) return SCHEDULE_MESSAGES.notNewer(version, current);
  return null;
}
