import { parse as parseQueryString } from 'node:querystring';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { foreignOriginMessage, foreignOriginOf } from '../../../plugins/origin-check';
import type { BuiltinPayments } from './builtin-payments';
import { renderCardPage, renderClosedPage, renderUnknownPage } from './checkout-page';

/** The built-in checkout's session ids (builtin-ids.ts); anything else is not looked up. */
const SESSION_ID_PATTERN = /^cs_test_[0-9A-Za-z]{48}$/;

/** Where the built-in checkout delivers its signed events: the route a Stripe webhook reaches. */
export const WEBHOOK_PATH = '/v3/billing/webhook';

const PURPOSE_TEXT: Record<string, string> = {
  'update-payment-method': 'Save a card for your organisation’s Herald Cloud payments.',
  'create-service':
    'Save a card for your organisation; your new service is created once the card is saved.',
  'upgrade-service-plan':
    'Save a card for your organisation; then the service moves to its new plan and the rest of this month is charged.',
  'resize-cluster':
    'Save a card for your organisation; then the service’s cluster is resized and the rest of this month is charged.',
};

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(body);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 200);
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0].slice(0, 200);
  return '';
}

/**
 * Delivers the built-in checkout's queued events, signed, through the same route, hooks and verification as a
 * Stripe webhook (an in-process HTTP request to POST /v3/billing/webhook). One delivery runs at a time; an event
 * stays queued until the webhook answers 2xx, and the periodic sweep retries it.
 */
export function createEventDelivery(
  app: FastifyInstance,
  payments: BuiltinPayments,
  logger: FastifyBaseLogger,
): { deliver: () => Promise<void>; idle: () => Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const deliverAll = async () => {
    for (let round = 0; round < 10; round += 1) {
      const events = await payments.pendingEvents(20);
      if (events.length === 0) return;
      let delivered = 0;
      for (const event of events) {
        const response = await app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': event.signature,
            'user-agent': 'Herald-Builtin-Checkout/1.0',
          },
          payload: event.payload,
        });
        if (response.statusCode >= 200 && response.statusCode < 300) {
          await payments.markDelivered(event.id);
          delivered += 1;
        } else {
          await payments.markAttempt(event.id);
          logger.warn(
            { eventId: event.id, status: response.statusCode },
            'Built-in checkout: webhook delivery refused; it is retried',
          );
        }
      }
      if (delivered === 0) return;
    }
  };
  return {
    deliver: () => {
      running = running.then(deliverAll).catch((error: unknown) => {
        logger.error({ err: error }, 'Built-in checkout: webhook delivery failed; it is retried');
      });
      return running;
    },
    /** Settles when the delivery under way (if any) has ended. */
    idle: () => running,
  };
}

/**
 * The built-in checkout's hosted card page, GET and POST /pay/{sessionId} (docs/decisions/023). Server-rendered, no
 * script; the session id is the capability (about 286 random bits). The number and CVC typed are given back only in the
 * form re-rendered after a field error, to the browser that sent them (docs/decisions/036); never logged or stored. A card saved here completes the session; the plan changes only when its signed
 * checkout.session.completed event is applied by the webhook, which the POST delivers before redirecting.
 */
export async function builtinCheckoutRoutes(
  app: FastifyInstance,
  options: { payments: BuiltinPayments; deliver: () => Promise<void> },
): Promise<void> {
  const { payments, deliver } = options;
  const allowedOrigin = new URL(app.config.publicUrl).origin;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, parseQueryString(body as string)),
  );

  const purposeOf = (metadata: Record<string, string>) =>
    PURPOSE_TEXT[metadata.purpose ?? ''] ?? PURPOSE_TEXT['update-payment-method']!;

  app.get(
    '/pay/:sessionId',
    // The hosted card page, not an API call: kept out of the OpenAPI document.
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { sessionId: string } }>, reply) => {
      const { sessionId } = request.params;
      const session = SESSION_ID_PATTERN.test(sessionId)
        ? await payments.openSession(sessionId)
        : undefined;
      if (!session) return html(reply, 404, renderUnknownPage());
      if (session.status !== 'open') {
        // An expiry just found here is delivered now rather than at the next sweep.
        void deliver();
        return html(reply, 200, renderClosedPage(session));
      }
      return html(reply, 200, renderCardPage({ session, purpose: purposeOf(session.metadata) }));
    },
  );

  app.post(
    '/pay/:sessionId',
    // The hosted card page, not an API call: kept out of the OpenAPI document.
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { sessionId: string }; Body: unknown }>, reply) => {
      const foreign = foreignOriginOf(request, allowedOrigin);
      if (foreign !== undefined) return html(reply, 403, foreignOriginMessage(foreign));
      const { sessionId } = request.params;
      if (!SESSION_ID_PATTERN.test(sessionId)) return html(reply, 404, renderUnknownPage());
      const body = (request.body ?? {}) as Record<string, unknown>;
      const form = {
        name: text(body.name),
        number: text(body.number),
        expiry: text(body.expiry),
        cvc: text(body.cvc),
      };
      const result = await payments.submitCard(sessionId, form);
      switch (result.kind) {
        case 'unknown':
          return html(reply, 404, renderUnknownPage());
        case 'closed':
          void deliver();
          return html(reply, 409, renderClosedPage(result.session));
        case 'invalid':
        case 'declined': {
          const session = await payments.openSession(sessionId);
          if (!session) return html(reply, 404, renderUnknownPage());
          return html(
            reply,
            result.kind === 'invalid' ? 400 : 402,
            renderCardPage({
              session,
              purpose: purposeOf(session.metadata),
              ...(result.kind === 'invalid'
                ? { values: form, errors: result.errors }
                : {
                    values: { name: form.name, expiry: form.expiry },
                    declineMessage: result.message,
                  }),
            }),
          );
        }
        case 'complete':
          // Delivered before the redirect, so /checkout/success usually finds the change applied at once; if the
          // delivery fails, the event stays queued and the success page waits for the retry.
          await deliver();
          return reply
            .code(303)
            .header('cache-control', 'no-store')
            .redirect(result.redirectTo, 303);
      }
    },
  );
}
