import {
  consentSchema,
  trackEventRequestSchema,
  trackEventResponseSchema,
  updateConsentRequestSchema,
} from '../../users/consent.schema';
import { defineRoute } from '../define-route';

/** Data collection preferences (the consent manager) and event tracking. */
export const consentRoutes = {
  getConsent: defineRoute({
    method: 'GET',
    path: '/v3/user/consent',
    summary: "The signed-in user's data collection choice (analytics off until given)",
    tags: ['user'],
    access: 'user',
    responses: { 200: consentSchema },
  }),
  updateConsent: defineRoute({
    method: 'PUT',
    path: '/v3/user/consent',
    summary: "Save the signed-in user's data collection choice",
    tags: ['user'],
    access: 'user',
    body: updateConsentRequestSchema,
    responses: { 200: consentSchema },
  }),
  trackEvent: defineRoute({
    method: 'POST',
    path: '/v3/track/events',
    summary:
      'Record an analytics event: only for a signed-in user who consented, never for anonymous visitors',
    tags: ['tracking'],
    access: 'public',
    body: trackEventRequestSchema,
    responses: { 202: trackEventResponseSchema },
  }),
} as const;
