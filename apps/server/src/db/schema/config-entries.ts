import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Remote configuration the SPA reads at start (GET /config), edited by the super admin. */
export const configEntries = pgTable('config_entries', {
  key: text('key').primaryKey(),
  type: text('type', { enum: ['boolean', 'number', 'string'] }).notNull(),
  /** A JSON boolean, number or string of `type`. */
  value: jsonb('value').notNull(),
  description: text('description').notNull().default(''),
  /** The super admin may give a company its own value. */
  companyOverridable: boolean('company_overridable').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
