import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createBuiltinPayments } from './builtin/builtin-payments';
import type { BuiltinPayments } from './builtin/builtin-payments';
import { resolveBuiltinWebhookSecret } from './builtin/webhook-signature';
import type { PaymentsPort } from './payments-port';
import { createStripePayments } from './stripe-payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who takes payments: the built-in checkout (default) or Stripe (PAYMENTS_PROVIDER; docs/decisions/023). */
    payments: PaymentsPort;
  }
}

export function isBuiltinPayments(payments: PaymentsPort): payments is BuiltinPayments {
  return payments.kind === 'builtin' && 'submitCard' in payments;
}

/** The payments adapter PAYMENTS_PROVIDER names. */
export function createPayments(options: {
  config: Config;
  db: Database;
  clock: () => Date;
}): PaymentsPort {
  const { config, db, clock } = options;
  if (config.paymentsProvider === 'stripe') return createStripePayments(config, { clock });
  return createBuiltinPayments({
    db,
    publicUrl: config.publicUrl,
    webhookSecret: resolveBuiltinWebhookSecret(config),
    clock,
  });
}
