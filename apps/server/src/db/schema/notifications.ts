import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** The in-app notification centre: one row per recipient, whether or not a push went out. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The recipient. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app's path the click opens. */
    url: text('url').notNull(),
    /** Set by senders that may run twice (a reminder job): one row per recipient and key. */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index('notifications_company_idx').on(table.companyId),
    uniqueIndex('notifications_user_dedupe_unique').on(table.userId, table.dedupeKey),
  ],
);
