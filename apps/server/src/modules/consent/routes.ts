import { routes } from '@herald/contract/api/routes';
import type { Consent } from '@herald/contract/users/consent.schema';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../plugins/auth';
import { registerRoute } from '../../plugins/route-registry';
import type { UserConsentRow } from './consent.repository';
import { findConsent, insertAnalyticsEvent, upsertConsent } from './consent.repository';

/** No consent until given. */
export const NO_CONSENT: Consent = { analytics: false, updatedAt: null };

function toConsent(row: UserConsentRow | undefined): Consent {
  return row ? { analytics: row.analytics, updatedAt: row.updatedAt.toISOString() } : NO_CONSENT;
}

/** /v3/user/consent and /v3/track/events: events are stored only for signed-in users who consented. */
export async function consentRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.getConsent, async (request) => {
    const { userId } = requireSession(request);
    return toConsent(await findConsent(app.db, userId));
  });

  registerRoute(app, routes.updateConsent, async (request) => {
    const { userId } = requireSession(request);
    const row = await upsertConsent(app.db, {
      customerId: userId,
      analytics: request.body.analytics,
      updatedAt: app.clock(),
    });
    return toConsent(row);
  });

  registerRoute(app, routes.trackEvent, async (request, reply) => {
    reply.code(202);
    // Anonymous visitors are never tracked.
    const session = request.session;
    if (!session) return { recorded: false };
    const consent = await findConsent(app.db, session.userId);
    if (!consent?.analytics) return { recorded: false };
    await insertAnalyticsEvent(app.db, {
      customerId: session.userId,
      name: request.body.name,
      properties: request.body.properties ?? {},
      at: app.clock(),
    });
    return { recorded: true };
  });
}
