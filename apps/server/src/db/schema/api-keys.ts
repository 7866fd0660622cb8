import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * A terminal's or an integration's key: only the SHA-256 of the secret is kept; `prefix` (the
 * secret's first characters) tells keys apart in the list. Revoked keys stay for the history.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** A key bound to a branch creates checks at that branch only. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_secret_hash_unique').on(table.secretHash),
    index('api_keys_company_idx').on(table.companyId),
  ],
);
