import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationTokens, notifications } from '../../db/schema/index.ts';
import { inIds } from '../../lib/pagination.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** Every function takes the company and the recipient: a caller only ever sees their own. */
export function createNotificationsRepository(db: DbOrTx) {
  const own = (companyId: number, userId: number) =>
    and(eq(notifications.companyId, companyId), eq(notifications.userId, userId));

  return {
    async findNotifications(
      companyId: number,
      userId: number,
      filter: { unreadOnly: boolean },
      page: { limit: number; offset: number },
    ) {
      const where = and(
        own(companyId, userId),
        filter.unreadOnly ? isNull(notifications.readAt) : undefined,
      );
      const [items, totals, unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(notifications).where(where),
        db
          .select({ value: count() })
          .from(notifications)
          .where(and(own(companyId, userId), isNull(notifications.readAt))),
      ]);
      return { items, total: totals[0]?.value ?? 0, unread: unread[0]?.value ?? 0 };
    },

    /** Marks the given ones (else all) unread ones read; answers how many changed. */
    async markRead(companyId: number, userId: number, ids: number[] | undefined) {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            own(companyId, userId),
            isNull(notifications.readAt),
            ids ? inIds(notifications.id, ids) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },

    async countSubscriptions(companyId: number, userId: number) {
      const [row] = await db
        .select({ value: count() })
        .from(notificationTokens)
        .where(
          and(eq(notificationTokens.userId, userId), eq(notificationTokens.companyId, companyId)),
        );
      return row?.value ?? 0;
    },
  };
}
