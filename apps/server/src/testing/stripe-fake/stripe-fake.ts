import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { expireCheckoutSession } from './customer-routes';
import { FormBodyError, canonicalParams, parseFormBody } from './form-body';
import type { FormObject } from './form-body';
import { API_VERSION, ApiError, invalid, newId, recordEvent } from './fake-state';
import type { FakeState, StoredObject } from './fake-state';
import { executeRoute, stripeRoutes } from './routes';
import { completeCheckout } from './checkout-page';
import type { CheckoutCompletion, CardInput } from './checkout-page';
import { deliverWebhook } from './webhook-sender';
import type { WebhookDelivery, WebhookDeliveryOptions, WebhookTarget } from './webhook-sender';

/**
 * A Stripe-shaped test peer (STACK.md "Test peers": no stripe-mock exists for npm or Debian). A stateful HTTP
 * server on a free loopback port that answers the endpoints the Stripe adapter uses in Stripe's wire format —
 * form-encoded bodies with bracket notation, `expand[]`, JSON objects typed with the SDK's own types, Stripe's
 * error shape and statuses (402 for card errors), Bearer auth, the Idempotency-Key header — so the adapter is
 * driven through the official SDK exactly as against api.stripe.com. Test helpers stand in for what a person or
 * Stripe itself does: paying on the Checkout page (completeCheckout) and delivering signed webhooks (sendWebhook).
 */

export const STRIPE_FAKE_API_KEY = 'sk_test_herald_fake_0123456789abcdefghijklmn';

export interface StripeFakeOptions {
  apiKey?: string;
  /** The fake's clock (object timestamps, webhook signatures); default the system clock. */
  clock?: () => Date;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | undefined;
  status: number;
  /** Answered from the idempotency store (no work done). */
  replayed: boolean;
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
}

export interface StripeFake {
  /** The base URL (`http://127.0.0.1:port`), for STRIPE_API_URL. */
  readonly url: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Every event the fake's Stripe account produced, oldest first. */
  readonly events: Stripe.Event[];
  object<T extends StoredObject>(id: string): T | undefined;
  objectsOf<T extends StoredObject>(type: T['object']): T[];
  /** The customer enters a card on the Checkout page of a session and confirms. */
  completeCheckout(sessionId: string, card: CardInput): CheckoutCompletion;
  /** The session's 24 hours ran out (or the customer left): `checkout.session.expired`. */
  expireCheckout(sessionId: string): Stripe.CheckoutSessionExpiredEvent;
  /** An event about an object, not recorded (for out-of-order and foreign deliveries). */
  buildEvent<E extends Stripe.Event>(type: E['type'], object: E['data']['object']): E;
  sendWebhook(
    target: WebhookTarget,
    event: Stripe.Event,
    options: WebhookDeliveryOptions,
  ): Promise<WebhookDelivery[]>;
  /**
   * The next `count` requests matching (method, path pattern) are executed and saved, then the connection is cut
   * before the answer: the network failure after Stripe committed that idempotency keys exist for.
   */
  dropResponses(count: number, method: string, path: RegExp): void;
  close(): Promise<void>;
}

function send(response: http.ServerResponse, status: number, body: string, replayed = false): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req_', 14),
    'stripe-version': API_VERSION,
    ...(replayed && { 'idempotent-replayed': 'true' }),
  });
  response.end(body);
}

function errorBody(error: ApiError): string {
  return JSON.stringify({ error: error.body }, null, 2);
}

export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const apiKey = options.apiKey ?? STRIPE_FAKE_API_KEY;
  const clock = options.clock ?? (() => new Date());
  const state: FakeState = {
    objects: new Map(),
    cardOf: new Map(),
    itemsOf: new Map(),
    events: [],
    now: () => Math.floor(clock().getTime() / 1000),
  };
  const idempotent = new Map<string, StoredResponse>();
  const requests: RecordedRequest[] = [];
  const drops: Array<{ method: string; path: RegExp }> = [];
  let baseUrl = '';

  const routes = stripeRoutes(state, () => baseUrl, expire);

  function expire(sessionId: string): Stripe.CheckoutSessionExpiredEvent {
    const session = expireCheckoutSession(state, sessionId);
    return recordEvent<Stripe.CheckoutSessionExpiredEvent>(
      state,
      'checkout.session.expired',
      session,
    );
  }

  function authorized(header: string | undefined): ApiError | null {
    const bearer = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    const basic = /^Basic (.+)$/.exec(header ?? '')?.[1];
    const given = bearer ?? (basic && Buffer.from(basic, 'base64').toString().split(':')[0]);
    if (!given) {
      return new ApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (given !== apiKey) {
      return new ApiError(401, {
        type: 'invalid_request_error',
        code: 'api_key_expired',
        message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`,
      });
    }
    return null;
  }

  function handle(
    request: http.IncomingMessage,
    body: string,
    response: http.ServerResponse,
  ): void {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stripe.fake');
    const key = request.headers['idempotency-key'] as string | undefined;
    const record = (status: number, params: FormObject, replayed = false) =>
      requests.push({ method, path: url.pathname, params, idempotencyKey: key, status, replayed });
    const authError = authorized(request.headers.authorization);
    if (authError) {
      record(authError.status, {});
      return send(response, authError.status, errorBody(authError));
    }
    let params: FormObject;
    try {
      params = parseFormBody(method === 'GET' ? url.search.slice(1) : body);
    } catch (error) {
      const parseError = invalid(
        error instanceof FormBodyError ? error.message : 'Invalid request body',
      );
      record(400, {});
      return send(response, 400, errorBody(parseError));
    }
    // Stripe scopes keys to the account (one API key here); a key is bound to the first request's parameters.
    const fingerprint = `${method} ${url.pathname} ${canonicalParams(params)}`;
    if (method === 'POST' && key !== undefined) {
      if (key.length > 255) {
        const tooLong = invalid('Idempotency keys can be at most 255 characters long.');
        record(400, params);
        return send(response, 400, errorBody(tooLong));
      }
      const stored = idempotent.get(key);
      if (stored && stored.fingerprint !== fingerprint) {
        const mismatch = new ApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
        record(400, params);
        return send(response, 400, errorBody(mismatch));
      }
      if (stored) {
        record(stored.status, params, true);
        return send(response, stored.status, stored.body, true);
      }
    }
    let answer: { status: number; body: string; executed: boolean };
    try {
      answer = executeRoute(routes, state, method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = { status: error.status, body: errorBody(error), executed: error.executed };
    }
    if (method === 'POST' && key !== undefined && answer.executed) {
      idempotent.set(key, { fingerprint, status: answer.status, body: answer.body });
    }
    record(answer.status, params);
    const drop = drops.findIndex((rule) => rule.method === method && rule.path.test(url.pathname));
    if (drop !== -1) {
      drops.splice(drop, 1);
      request.socket.destroy();
      return;
    }
    send(response, answer.status, answer.body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(request, Buffer.concat(chunks).toString('utf8'), response);
      } catch (error) {
        send(
          response,
          500,
          JSON.stringify({ error: { type: 'api_error', message: String(error) } }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    apiKey,
    requests,
    events: state.events,
    object: <T extends StoredObject>(id: string) => state.objects.get(id) as T | undefined,
    objectsOf: <T extends StoredObject>(type: T['object']) =>
      [...state.objects.values()].filter((object): object is T => object.object === type),
    completeCheckout: (sessionId, card) => completeCheckout(state, sessionId, card),
    expireCheckout: expire,
    buildEvent: <E extends Stripe.Event>(type: E['type'], object: E['data']['object']) => {
      const event = recordEvent<E>(state, type, object);
      state.events.pop();
      return event;
    },
    sendWebhook: (target, event, deliveryOptions) =>
      deliverWebhook(target, event, { ...deliveryOptions, now: state.now() }),
    dropResponses(count, method, path) {
      for (let index = 0; index < count; index += 1) drops.push({ method, path });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
