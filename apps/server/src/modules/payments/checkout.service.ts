import { ERROR_CODES } from '@herald/contract/api/errors';
import type {
  CheckoutPurpose,
  StartCheckoutRequest,
} from '@herald/contract/billing/checkout.schema';
import { hasPermission } from '@herald/contract/members/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import {
  SERVICE_NOT_FOUND_MESSAGE,
  permissionDeniedMessage,
  workspaceRolesOf,
} from '../../plugins/route-registry';
import type { Catalogue } from '../service/catalogue';
import { findLiveService } from '../service/service.repository';
import { validateCreateService } from '../service/service.service';
import { findWorkspace } from '../workspace/workspace.repository';
import { actorOf } from '../workspace/workspace.service';
import { checkPlanChange } from './plan-change.service';
import {
  findPaymentCustomer,
  insertCheckout,
  savePaymentCustomer,
  setCheckoutProviderSession,
} from './payments.repository';

export const CHECKOUT_MESSAGES = {
  otherWorkspace: "The service's organisation must be the organisation of this checkout.",
  nothingToPay: 'The Free plan and free trials need no card: create the service directly.',
} as const;

export interface CheckoutCreated {
  stripeCheckoutSessionId: string;
  checkoutUrl: string;
}

/** The provider's customer of the workspace, created once (an idempotency key per workspace and provider). */
export async function ensureCustomer(
  app: FastifyInstance,
  workspaceId: string,
  email: string | null,
): Promise<string> {
  const provider = app.payments.kind;
  const known = await findPaymentCustomer(app.db, workspaceId, provider);
  if (known) return known;
  const ws = await findWorkspace(app.db, workspaceId);
  const { customerId } = await app.payments.createCustomer({
    workspaceId,
    email,
    name: ws?.name ?? workspaceId,
    idempotencyKey: `customer:${provider}:${workspaceId}`,
  });
  return savePaymentCustomer(app.db, { workspaceId, provider, customerId, now: app.clock() });
}

/**
 * A checkout row (what it pays for) and the provider's setup-mode session for it; the browser goes to the session's
 * page. The completion comes back as a signed event (webhook.service.ts).
 */
export async function openCheckout(
  app: FastifyInstance,
  request: FastifyRequest,
  input: {
    workspaceId: string;
    purpose: CheckoutPurpose;
    body: unknown;
    serviceId: string | null;
  },
): Promise<CheckoutCreated> {
  const actor = await actorOf(app, request);
  const customerId = await ensureCustomer(app, input.workspaceId, actor.email);
  const row = await insertCheckout(app.db, {
    workspaceId: input.workspaceId,
    purpose: input.purpose,
    provider: app.payments.kind,
    customerId,
    request: input.body,
    serviceId: input.serviceId,
    createdBy: actor.customerId,
    createdByEmail: actor.email,
    ipAddress: actor.ipAddress,
    now: app.clock(),
  });
  const { publicUrl } = app.config;
  const session = await app.payments.createCheckoutSession({
    customerId,
    successUrl: `${publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${publicUrl}/checkout/failure`,
    metadata: { checkoutId: row.id, workspaceId: input.workspaceId, purpose: input.purpose },
    idempotencyKey: `checkout:${row.id}`,
  });
  await setCheckoutProviderSession(app.db, row.id, session.id);
  return { stripeCheckoutSessionId: session.id, checkoutUrl: session.url };
}

/** Issues of the create call name `body.x`; in a checkout the same fields are `body.service.x`. */
function underService(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.options.issues) return error;
  return new HttpError(error.statusCode, error.code, error.message, {
    ...error.options,
    issues: error.options.issues.map((issue) => ({
      ...issue,
      path: issue.path.replace(/^body\./, 'body.service.'),
    })),
  });
}

/**
 * POST .../billing/checkout: the purpose's permission (create-service, or upgrade-service for a plan change; 403),
 * the whole pending change checked as the real call checks it (same messages), then the checkout.
 */
export async function startCheckout(
  app: FastifyInstance,
  request: FastifyRequest,
  catalogue: Catalogue,
  workspaceId: string,
  body: StartCheckoutRequest,
): Promise<CheckoutCreated> {
  const permission = body.purpose === 'create-service' ? 'create-service' : 'upgrade-service';
  if (!hasPermission(workspaceRolesOf(request), permission)) {
    throw new HttpError(403, ERROR_CODES.forbidden, permissionDeniedMessage(permission));
  }
  if (body.purpose === 'create-service') {
    if (body.service.workspaceId !== workspaceId) {
      throw new HttpError(400, ERROR_CODES.validation, CHECKOUT_MESSAGES.otherWorkspace, {
        issues: [{ path: 'body.service.workspaceId', message: CHECKOUT_MESSAGES.otherWorkspace }],
      });
    }
    const { userId } = request.session ?? { userId: '' };
    const validated = await validateCreateService(app, catalogue, {
      userId,
      body: body.service,
      payment: 'skip',
    }).catch((error: unknown) => {
      throw underService(error);
    });
    if (validated.freeTrial || validated.tier.pricing.perNode <= 0) {
      throw new HttpError(400, ERROR_CODES.validation, CHECKOUT_MESSAGES.nothingToPay, {
        issues: [{ path: 'body.service.billingPlan', message: CHECKOUT_MESSAGES.nothingToPay }],
      });
    }
    return openCheckout(app, request, {
      workspaceId,
      purpose: body.purpose,
      body,
      serviceId: null,
    });
  }
  const row = await findLiveService(app.db, body.serviceId);
  if (!row || row.workspaceId !== workspaceId) {
    throw new HttpError(404, ERROR_CODES.notFound, SERVICE_NOT_FOUND_MESSAGE);
  }
  checkPlanChange(
    catalogue,
    row,
    body.purpose === 'upgrade-service-plan'
      ? { kind: body.purpose, billingPlan: body.billingPlan }
      : { kind: body.purpose, highAvailability: body.highAvailability },
    app.clock(),
  );
  return openCheckout(app, request, {
    workspaceId,
    purpose: body.purpose,
    body,
    serviceId: row.id,
  });
}
