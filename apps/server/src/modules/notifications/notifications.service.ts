import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotificationKindSchema,
  type ListNotificationsQuerySchema,
  type MarkNotificationsReadInput,
  type Notification,
  type NotificationKind,
  type NotificationsPage,
  type PushPublicKey,
} from '@smena/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { offsetOf, pageResult } from '../../lib/pagination.ts';
import { companies, employees, notificationTokens, notifications } from '../../db/schema/index.ts';
import { enqueueJobs } from '../jobs/index.ts';
import { createNotificationsRepository, type NotificationRow } from './notifications.repository.ts';

/** The job kind that sends one notification to one browser subscription. */
export const PUSH_DELIVER_JOB = 'push.deliver';
export type PushDeliverPayload = { notificationId: number; subscriptionId: number };

export type NotifyInput = {
  companyId: number;
  /** Recipients; those without an active membership in the company are skipped. */
  userIds: number[];
  kind: NotificationKind;
  title: string;
  body: string;
  /** The app's path the click opens (e.g. `/company/employees/12?tab=comments`). */
  url: string;
  /**
   * Makes notify idempotent per recipient: a second call with the same key adds no row and no
   * push (a reminder job that runs twice).
   */
  dedupeKey?: string;
};

/** What one notify call did (tests and the test route read it). */
export type NotifyResult = { notificationIds: number[]; pushJobs: number };

/**
 * Writes an in-app notification per recipient and queues one `push.deliver` job per
 * (notification, subscription) — push only when the company's `notification` switch is on.
 * Call it after the triggering write has committed, or inside its transaction: then the rows
 * and jobs commit or roll back with it.
 */
export async function notify(db: DbOrTx, input: NotifyInput): Promise<NotifyResult> {
  const { userIds, ...message } = input;
  return notifyEach(
    db,
    input.companyId,
    [...new Set(userIds)].map((userId) => ({ ...message, userId })),
  );
}

/** One recipient's message of `notifyEach`. */
export type PersonalMessage = Omit<NotifyInput, 'companyId' | 'userIds'> & { userId: number };

/**
 * `notify` with a message of its own per recipient (a republished schedule names each employee's
 * dates), in the same fixed number of queries however many recipients: one row each, push as
 * `notify` does. A recipient listed twice gets the first message.
 */
export async function notifyEach(
  db: DbOrTx,
  companyId: number,
  messages: readonly PersonalMessage[],
): Promise<NotifyResult> {
  const byUser = new Map<number, PersonalMessage>();
  for (const message of messages)
    if (!byUser.has(message.userId)) byUser.set(message.userId, message);
  if (byUser.size === 0) return { notificationIds: [], pushJobs: 0 };
  const members = await db
    .select({ userId: employees.userId })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.status, 'ACTIVE'),
        inArray(employees.userId, [...byUser.keys()]),
      ),
    );
  if (members.length === 0) return { notificationIds: [], pushJobs: 0 };

  const inserted = await db
    .insert(notifications)
    .values(
      members.map((member) => {
        const message = byUser.get(member.userId)!;
        return {
          companyId,
          userId: member.userId,
          kind: message.kind,
          title: message.title,
          body: message.body,
          url: message.url,
          dedupeKey: message.dedupeKey ?? null,
        };
      }),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id, userId: notifications.userId });
  const notificationIds = inserted.map((row) => row.id);
  if (inserted.length === 0) return { notificationIds, pushJobs: 0 };

  const [company] = await db
    .select({ notification: companies.notification })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company?.notification) return { notificationIds, pushJobs: 0 };

  const subscriptions = await db
    .select({ id: notificationTokens.id, userId: notificationTokens.userId })
    .from(notificationTokens)
    .where(
      and(
        inArray(
          notificationTokens.userId,
          inserted.map((row) => row.userId),
        ),
        eq(notificationTokens.companyId, companyId),
      ),
    );
  const jobs = inserted.flatMap((notification) =>
    subscriptions
      .filter((subscription) => subscription.userId === notification.userId)
      .map((subscription) => ({
        kind: PUSH_DELIVER_JOB,
        payload: {
          notificationId: notification.id,
          subscriptionId: subscription.id,
        } satisfies PushDeliverPayload,
        dedupeKey: `push:${notification.id}:${subscription.id}`,
      })),
  );
  await enqueueJobs(db, jobs);
  return { notificationIds, pushJobs: jobs.length };
}

export type ListNotificationsValues = z.output<typeof ListNotificationsQuerySchema>;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: NotificationKindSchema.catch('TEST').parse(row.kind),
    title: row.title,
    body: row.body,
    url: row.url,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** The caller's notification centre and push settings; every call is about the caller only. */
export function createNotificationsService(deps: { db: Db; vapidPublicKey: string }) {
  const { db } = deps;
  const repository = createNotificationsRepository(db);

  return {
    getPushPublicKey: (): PushPublicKey => ({ publicKey: deps.vapidPublicKey }),

    async listNotifications(
      auth: CompanyAuthContext,
      query: ListNotificationsValues,
    ): Promise<NotificationsPage> {
      const { items, total, unread } = await repository.findNotifications(
        auth.companyId,
        auth.userId,
        { unreadOnly: query.unread === true },
        { limit: query.limit, offset: offsetOf(query) },
      );
      return { ...pageResult(items.map(toNotification), total, query), unread };
    },

    async markRead(
      auth: CompanyAuthContext,
      input: MarkNotificationsReadInput,
    ): Promise<{ marked: number }> {
      const ids = input.ids ? [...new Set(input.ids)] : undefined;
      return { marked: await repository.markRead(auth.companyId, auth.userId, ids) };
    },

    /** «Проверка уведомлений» to the caller: in-app, and push to each of their subscriptions. */
    async sendTestNotification(auth: CompanyAuthContext): Promise<{ subscriptions: number }> {
      const result = await notify(db, {
        companyId: auth.companyId,
        userIds: [auth.userId],
        kind: 'TEST',
        title: 'Проверка уведомлений',
        body: 'Уведомления работают: так будут приходить сообщения Смены',
        url: '/company/profile/notification',
      });
      return { subscriptions: result.pushJobs };
    },
  };
}
