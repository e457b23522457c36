import { z } from 'zod';

/** The signed-in user's data collection choice (the consent manager); no consent until given. */
export const consentSchema = z.object({
  analytics: z.boolean(),
  /** When the choice was last saved; null while the user has never chosen. */
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

/** PUT /v3/user/consent. */
export const updateConsentRequestSchema = z.strictObject({
  analytics: z.boolean({ error: 'analytics must be true or false' }),
});
export type UpdateConsentRequest = z.infer<typeof updateConsentRequestSchema>;

export const EVENT_NAME_MESSAGE =
  'name must start with a lowercase letter or digit and contain only lowercase letters, digits, ".", "_" and "-"';

export const MAX_EVENT_PROPERTIES = 20;

/** POST /v3/track/events: one analytics event. */
export const trackEventRequestSchema = z.strictObject({
  name: z
    .string({ error: 'name is required' })
    .min(1, { error: 'name is required' })
    .max(100, { error: 'name must be at most 100 characters' })
    .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: EVENT_NAME_MESSAGE }),
  properties: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .refine((value) => Object.keys(value).length <= MAX_EVENT_PROPERTIES, {
      error: `properties must have at most ${MAX_EVENT_PROPERTIES} keys`,
    })
    .optional(),
});
export type TrackEventRequest = z.infer<typeof trackEventRequestSchema>;

/** Whether the event was stored: only for a signed-in user who gave analytics consent. */
export const trackEventResponseSchema = z.object({ recorded: z.boolean() });
export type TrackEventResponse = z.infer<typeof trackEventResponseSchema>;
