import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    countryCode: text('country_code'),
    avatar: text('avatar'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    status: text('status', { enum: ['ACTIVE', 'BLOCKED', 'DELETED'] })
      .notNull()
      .default('ACTIVE'),
    /**
     * The company that created this account from its employee form (null: the person registered
     * themselves, or the super admin created it). Until the person first logs in, that company
     * may still correct the account's name, email and phone; never afterwards.
     */
    createdByCompanyId: integer('created_by_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    /** The last password login; null while the person has never logged in. */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Deleted accounts free their email and phone for a new registration.
    uniqueIndex('users_email_unique')
      .on(table.email)
      .where(sql`${table.status} <> 'DELETED'`),
    uniqueIndex('users_phone_unique')
      .on(table.phone)
      .where(sql`${table.status} <> 'DELETED'`),
  ],
);
