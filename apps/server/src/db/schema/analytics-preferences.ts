import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's choice about product analytics; no row means the default (on). */
export const analyticsPreferences = pgTable('analytics_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
