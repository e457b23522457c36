import { z } from 'zod';
import {
  notificationListSchema,
  notificationSchema,
  updateNotificationRequestSchema,
} from '../../notifications/notification.schema';
import { defineRoute } from '../define-route';
import { campaignParamsSchema } from './params';

const tags = ['notifications'] as const;

/** Spec section 7 "Notifications". */
export const notificationRoutes = {
  listNotifications: defineRoute({
    method: 'GET',
    path: '/v3/notifications',
    summary: "The signed-in user's What's new notifications, newest first",
    tags,
    access: 'user',
    responses: { 200: notificationListSchema },
  }),
  updateNotification: defineRoute({
    method: 'PATCH',
    path: '/v3/notifications/{campaignId}',
    summary: 'Mark one notification read or unread',
    tags,
    access: 'user',
    params: campaignParamsSchema,
    body: updateNotificationRequestSchema,
    responses: { 200: notificationSchema },
  }),
  markAllNotificationsSeen: defineRoute({
    method: 'PATCH',
    path: '/v3/notifications',
    summary: 'Mark every server notification read',
    tags,
    access: 'user',
    // No fields: the call always means "mark all seen" (section 4 "Notification").
    body: z.strictObject({}).optional(),
    responses: { 200: notificationListSchema },
  }),
} as const;
