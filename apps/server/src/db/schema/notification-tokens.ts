import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A browser's push subscription (the spec's "notification token"), per user and device: the
 * serialized PushSubscription as sent, and the parts web push delivers with (RFC 8030, 8291).
 */
export const notificationTokens = pgTable(
  'notification_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company the user was signed in to: pushes of that company go to this browser. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    token: text('token').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notification_tokens_endpoint_unique').on(table.endpoint),
    index('notification_tokens_user_idx').on(table.userId),
  ],
);
