import { z } from 'zod';
import './zod-setup.ts';
import { IdSchema, PaginationQuerySchema, pageOf } from './common.ts';
import { notificationKinds } from './notification-kinds.ts';

// ---------- In-app notifications: GET /notifications ----------

export const NotificationKindSchema = z.enum(notificationKinds);

/** One notification of the caller; `url` is the app's path that the click opens. */
export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  url: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const ListNotificationsQuerySchema = PaginationQuerySchema.extend({
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListNotificationsQuery = z.input<typeof ListNotificationsQuerySchema>;

/** A page of the caller's notifications, newest first, with the unread count for the bell. */
export const NotificationsPageSchema = pageOf(NotificationSchema).extend({
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

/** Marks the given notifications read, or all of the caller's when `ids` is absent. */
export const MarkNotificationsReadInputSchema = z
  .object({ ids: z.array(IdSchema).min(1).max(500).optional() })
  .strict();
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadInputSchema>;
export const MarkNotificationsReadResultSchema = z.object({ marked: z.number().int() });

// ---------- Web push ----------

/** GET /push/public-key: the VAPID public key (base64url) the browser subscribes with. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/**
 * The browser's PushSubscription as JSON: `notificationToken` of POST /profile/notification-token
 * carries it serialized (the spec's payload { notificationToken, key: 'web' }).
 */
export const WebPushSubscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;

/** DELETE /profile/notification-token: forget this browser's subscription. */
export const RemoveNotificationTokenInputSchema = z
  .object({ notificationToken: z.string().min(1).max(4000) })
  .strict();

/** POST /notifications/test: a test notification to the caller (in-app and push). */
export const TestNotificationResultSchema = z.object({
  /** Push subscriptions of the caller the message was queued for (0: in-app only). */
  subscriptions: z.number().int(),
});

/** The payload a push message carries (the service worker shows it). */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
  notificationId: z.number().int().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
