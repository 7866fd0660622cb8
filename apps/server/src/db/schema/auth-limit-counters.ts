import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of the login, restore and refresh limits when no Redis is configured, shared by every
 * instance on the database. The key is `scope:` plus an HMAC of what is limited (an email, a
 * phone, a session), never the value itself. Expired rows are purged by the limiter.
 */
export const authLimitCounters = pgTable('auth_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
