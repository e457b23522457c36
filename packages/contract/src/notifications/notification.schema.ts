import { z } from 'zod';
import { unixMillisSchema } from '../common/fields';

export const NOTIFICATION_ICONS = ['information', 'maintenance', 'new', 'clientside'] as const;
export type NotificationIcon = (typeof NOTIFICATION_ICONS)[number];

/**
 * A What's new item, spec section 3. `clientside` items are made by the browser (the pending
 * invite notice) and their `link` is an in-app path; others link to an absolute URL.
 */
export const notificationSchema = z.object({
  campaignId: z.string(),
  notificationSummary: z.string(),
  notificationText: z.string(),
  link: z.string().nullable(),
  notificationIcon: z.enum(NOTIFICATION_ICONS),
  /** Unix milliseconds. */
  dateStart: unixMillisSchema,
  seen: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);

/** PATCH /v3/notifications/{campaignId} {seen}. */
export const updateNotificationRequestSchema = z.strictObject({
  seen: z.boolean({ error: 'seen must be true or false' }),
});
export type UpdateNotificationRequest = z.infer<typeof updateNotificationRequestSchema>;
