import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { configEntries } from './config-entries.ts';

/** A company's own value of a company-overridable configuration key. */
export const configOverrides = pgTable(
  'config_overrides',
  {
    key: text('key')
      .notNull()
      .references(() => configEntries.key, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.companyId] }),
    // GET /config reads one company's overrides.
    index('config_overrides_company_idx').on(table.companyId),
  ],
);
