import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  isFreshSignature,
  parseSignatureHeader,
} from '@herald/contract/billing/checkout-transition';
import type { Config } from '../../../config';
import { StartupError } from '../../../lib/startup-error';
import type { PaymentEvent } from '../payments-port';

export const BUILTIN_WEBHOOK_SECRET_FILE = 'builtin-payments-webhook-secret';

/**
 * The built-in checkout's webhook signing secret: generated once into DATA_DIR (mode 0600), as the outbox token is,
 * so it survives restarts and only who can read the data directory holds it. Never logged.
 */
export function resolveBuiltinWebhookSecret(config: Pick<Config, 'dataDir'>): string {
  const file = path.join(config.dataDir, BUILTIN_WEBHOOK_SECRET_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // O_EXCL: of two servers starting on one DATA_DIR, one writes and both read the same secret.
    fs.writeFileSync(file, `whsec_${randomBytes(32).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new StartupError(
      `${file} does not hold a usable webhook secret (fewer than 32 characters): delete it to generate a new one.`,
    );
  }
  return secret;
}

function hmacHex(secret: string, timestamp: number, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

/** Stripe's `Stripe-Signature` header: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signatureHeader(secret: string, payload: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, payload)}`;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * Verifies a webhook exactly as Stripe's SDK does (constructEvent): a v1 HMAC of `t.body` under the secret,
 * compared in constant time, with a timestamp within 300 s of now; then parses the event.
 */
export function verifySignedEvent(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
): PaymentEvent {
  const parsed = parseSignatureHeader(header);
  if (!parsed) throw new WebhookSignatureError('No valid Stripe-Signature header');
  if (!isFreshSignature(parsed.timestamp, Math.floor(now.getTime() / 1000))) {
    throw new WebhookSignatureError('The signature timestamp is outside the tolerance');
  }
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, rawBody), 'hex');
  const matches = parsed.signatures.some((signature) =>
    timingSafeEqual(Buffer.from(signature, 'hex'), expected),
  );
  if (!matches) throw new WebhookSignatureError('No signature matches the payload');
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('The payload is not JSON');
  }
  const event = body as {
    id?: unknown;
    type?: unknown;
    created?: unknown;
    data?: { object?: unknown };
  };
  if (
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.created !== 'number' ||
    typeof event.data?.object !== 'object' ||
    event.data.object === null
  ) {
    throw new WebhookSignatureError('The payload is not an event');
  }
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    object: event.data.object as Record<string, unknown>,
  };
}
