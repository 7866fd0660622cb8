import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets generated on first start when not configured (the JWT key). Kept in the database so
 * that every instance against one PostgreSQL shares them; never logged or returned by the API.
 */
export const systemSecrets = pgTable('system_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
