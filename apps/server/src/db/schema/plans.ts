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

/** Plans of the service (the super admin's); prices in kopecks per user and month. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    pricePerUserKopecks: integer('price_per_user_kopecks').notNull(),
    trialDays: integer('trial_days').notNull(),
    /** Discounts in percent for paying 3, 6 and 12 months at once. */
    discount3Months: integer('discount_3_months').notNull().default(0),
    discount6Months: integer('discount_6_months').notNull().default(0),
    discount12Months: integer('discount_12_months').notNull().default(0),
    minUsers: integer('min_users').notNull().default(1),
    /** On sale: companies may pay for it. */
    active: boolean('active').notNull().default(true),
    /** The plan new companies get; the partial unique index keeps it to one. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plans_title_unique').on(sql`lower(${table.title})`),
    uniqueIndex('plans_single_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);
