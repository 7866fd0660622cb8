import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
