import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  builtinCheckoutRoutes,
  createEventDelivery,
} from '../../adapters/payments/builtin/builtin-checkout-routes';
import { isBuiltinPayments } from '../../adapters/payments/create-payments';
import { HttpError } from '../../lib/http-error';
import { registerRoute, serviceOf } from '../../plugins/route-registry';
import { catalogueOf } from '../service/catalogue';
import { toService } from '../service/service.mapper';
import { actorOf } from '../workspace/workspace.service';
import { findCheckoutOfWorkspace, findPaymentMethod } from './payments.repository';
import { openCheckout, startCheckout } from './checkout.service';
import { changePlanNow } from './plan-change.service';
import { applyPaymentEvent } from './webhook.service';
import type { Catalogue } from '../service/catalogue';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The built-in checkout's periodic work, run at once: expire sessions past 24 h and deliver queued events. Null
     * with another provider. Tests call it after moving the clock.
     */
    builtinCheckoutSweep: (() => Promise<void>) | null;
  }
}

export const CHECKOUT_NOT_FOUND_MESSAGE = 'This checkout does not exist in this organisation.';
export const WEBHOOK_SIGNATURE_MESSAGE =
  'Webhook signature verification failed: the Stripe-Signature header is missing, stale or does not match the body.';

/** How often the built-in checkout expires sessions and retries undelivered events. */
const SWEEP_INTERVAL_MS = 30_000;

/**
 * POST /v3/billing/webhook in a context of its own: the body is kept as the raw bytes the signature covers (a
 * content-type parser scoped to this route). It carries no cookie and sends no Origin, so the origin check passes it.
 */
async function webhookRoute(
  app: FastifyInstance,
  options: { catalogue: Catalogue },
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );
  registerRoute(app, routes.paymentWebhook, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    let event;
    try {
      event = app.payments.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
    } catch {
      throw new HttpError(400, ERROR_CODES.badRequest, WEBHOOK_SIGNATURE_MESSAGE);
    }
    const outcome = await applyPaymentEvent(app, options.catalogue, event);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'Payment event');
    return { received: true as const };
  });
}

/** Payment methods, checkouts, plan changes and the provider's webhook (issue 13; docs/decisions/023). */
async function payments(app: FastifyInstance): Promise<void> {
  const catalogue = catalogueOf(app);
  const { config } = app;

  registerRoute(app, routes.getPaymentMethod, async (request) => {
    const card = await findPaymentMethod(app.db, request.params.workspaceId);
    if (!card) return null;
    return {
      exp_year: card.expYear,
      exp_month: card.expMonth,
      brand: card.brand,
      last4: card.last4,
    };
  });

  registerRoute(app, routes.updatePaymentMethod, async (request) =>
    openCheckout(app, request, {
      workspaceId: request.params.workspaceId,
      purpose: 'update-payment-method',
      body: { purpose: 'update-payment-method' },
      serviceId: null,
    }),
  );

  registerRoute(app, routes.startCheckout, async (request) =>
    startCheckout(app, request, catalogue, request.params.workspaceId, request.body),
  );

  registerRoute(app, routes.getCheckoutSession, async (request) => {
    const row = await findCheckoutOfWorkspace(
      app.db,
      request.params.workspaceId,
      request.params.checkoutSessionId,
    );
    if (!row) throw new HttpError(404, ERROR_CODES.notFound, CHECKOUT_NOT_FOUND_MESSAGE);
    return {
      id: row.providerSessionId ?? row.id,
      purpose: row.purpose as 'update-payment-method',
      status: row.status as 'open',
      serviceId: row.serviceId,
      failureMessage: row.failureMessage,
    };
  });

  registerRoute(app, routes.upgradeServicePlan, async (request) => {
    const row = await changePlanNow(app, {
      catalogue,
      row: serviceOf(request),
      request: { kind: 'upgrade-service-plan', billingPlan: request.body.billingPlan },
      actor: await actorOf(app, request),
    });
    return toService(row, config);
  });

  registerRoute(app, routes.resizeCluster, async (request) => {
    const row = await changePlanNow(app, {
      catalogue,
      row: serviceOf(request),
      request: { kind: 'resize-cluster', highAvailability: request.body.highAvailability },
      actor: await actorOf(app, request),
    });
    return toService(row, config);
  });

  await app.register(webhookRoute, { catalogue });

  const { payments: port } = app;
  if (!isBuiltinPayments(port)) {
    app.decorate('builtinCheckoutSweep', null);
    return;
  }
  const { deliver, idle } = createEventDelivery(app, port, app.log);
  const sweep = async () => {
    await port.expireDue();
    await deliver();
  };
  app.decorate('builtinCheckoutSweep', sweep);
  await app.register(builtinCheckoutRoutes, { payments: port, deliver });
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    // Resumes after a restart: events queued before a crash are delivered at the first sweep.
    timer = setInterval(() => {
      sweep().catch((error: unknown) =>
        app.log.error({ err: error }, 'Built-in checkout sweep failed'),
      );
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await idle();
  });
}

export const paymentRoutes = fp(payments, { name: 'herald-payments' });
