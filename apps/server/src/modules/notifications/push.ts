import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { NotificationKind, PushPayload } from '@smena/contract';
import { companies, notificationTokens, notifications } from '../../db/schema/index.ts';
import { PermanentJobError, type JobHandler } from '../jobs/index.ts';
import type { VapidKeys } from './vapid.ts';

type Urgency = 'very-low' | 'low' | 'normal' | 'high';
type PushPolicy = { ttlSeconds: number; urgency: Urgency; topic?: string };

/**
 * How long a push service keeps an undelivered message and how urgently it wakes the device:
 * a reminder is useless after its shift started; a comment can wait for the phone a day.
 * A topic makes a newer undelivered message replace an older one of the same topic.
 */
const POLICIES: Record<NotificationKind, PushPolicy> = {
  COMMENT: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  DAY_OFF_REQUESTED: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  LATE: { ttlSeconds: 4 * 3600, urgency: 'high' },
  NOT_CHECKED_IN: { ttlSeconds: 4 * 3600, urgency: 'high' },
  SHIFT_START_REMINDER: { ttlSeconds: 30 * 60, urgency: 'high', topic: 'shift-start' },
  SHIFT_END_REMINDER: { ttlSeconds: 30 * 60, urgency: 'high', topic: 'shift-end' },
  TEST: { ttlSeconds: 10 * 60, urgency: 'high', topic: 'test' },
  INVITATION: { ttlSeconds: 7 * 24 * 3600, urgency: 'normal' },
  CORRECTION_REQUEST: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  OPEN_SHIFT: { ttlSeconds: 12 * 3600, urgency: 'normal' },
  SHIFT_SWAP: { ttlSeconds: 12 * 3600, urgency: 'normal' },
  SCHEDULE_PUBLISHED: { ttlSeconds: 3 * 24 * 3600, urgency: 'normal' },
};

function policyOf(kind: string): PushPolicy {
  return POLICIES[kind as NotificationKind] ?? POLICIES.COMMENT;
}

const PushDeliverPayloadSchema = z.object({
  notificationId: z.number().int(),
  subscriptionId: z.number().int(),
});

export type PushDeliverOptions = {
  vapid: VapidKeys;
  /** Gives up on a push service that does not answer (the job retries later). */
  timeoutMs?: number;
};

/**
 * The `push.deliver` job: encrypts the notification for one subscription (RFC 8291, aes128gcm),
 * signs it with the VAPID key (RFC 8292) and POSTs it to the subscription's push service.
 * 404/410 mean the subscription is gone: it is deleted. 400/403/413 will not get better: the job
 * dies at once. Other answers and network errors throw, and the job retries with backoff.
 * Nothing is sent when the notification was read meanwhile, the subscription was removed, or the
 * company turned push off.
 */
export function createPushDeliverHandler(options: PushDeliverOptions): JobHandler {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (rawPayload, { db, log }) => {
    const payload = PushDeliverPayloadSchema.parse(rawPayload);
    const [row] = await db
      .select({
        notification: notifications,
        endpoint: notificationTokens.endpoint,
        p256dh: notificationTokens.p256dh,
        auth: notificationTokens.auth,
        companyPush: companies.notification,
      })
      .from(notifications)
      .innerJoin(
        notificationTokens,
        and(
          eq(notificationTokens.id, payload.subscriptionId),
          eq(notificationTokens.userId, notifications.userId),
        ),
      )
      .innerJoin(companies, eq(companies.id, notifications.companyId))
      .where(eq(notifications.id, payload.notificationId));
    if (!row) return;
    const { notification } = row;
    if (notification.readAt || !row.companyPush) return;

    const message: PushPayload = {
      title: notification.title,
      body: notification.body,
      url: notification.url,
      tag: `notification-${notification.id}`,
      notificationId: notification.id,
    };
    const policy = policyOf(notification.kind);
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(message),
      {
        vapidDetails: options.vapid,
        TTL: policy.ttlSeconds,
        urgency: policy.urgency,
        ...(policy.topic ? { topic: policy.topic } : {}),
      },
    );
    // web-push builds the request; fetch sends it (timeouts, no redirects, any scheme in tests).
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      ...(request.body ? { body: new Uint8Array(request.body) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text().catch(() => '');
    if (response.ok) return;
    if (response.status === 404 || response.status === 410) {
      await db
        .delete(notificationTokens)
        .where(
          and(
            eq(notificationTokens.id, payload.subscriptionId),
            eq(notificationTokens.endpoint, row.endpoint),
          ),
        );
      log.info({ subscriptionId: payload.subscriptionId }, 'push subscription gone: deleted');
      return;
    }
    const problem = `push service answered ${response.status}: ${text.slice(0, 300)}`;
    if ([400, 403, 413].includes(response.status)) throw new PermanentJobError(problem);
    throw new Error(problem);
  };
}
