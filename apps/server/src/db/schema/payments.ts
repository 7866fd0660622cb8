import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { plans } from './plans.ts';
import { users } from './users.ts';

/**
 * A company's payment for a number of users and months: an invoice until it is confirmed
 * (by the provider's notification or, for manual invoices, by the super admin).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** The plan's title when the payment was made (the plan may be renamed later). */
    planTitle: text('plan_title').notNull(),
    provider: text('provider', { enum: ['manual', 'cloudpayments'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'PAID', 'FAILED', 'CANCELLED'] })
      .notNull()
      .default('PENDING'),
    users: integer('users').notNull(),
    months: integer('months').notNull(),
    pricePerUserKopecks: integer('price_per_user_kopecks').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    subtotalKopecks: bigint('subtotal_kopecks', { mode: 'number' }).notNull(),
    discountKopecks: bigint('discount_kopecks', { mode: 'number' }).notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    /** The provider's transaction id: one transaction confirms at most one payment, once. */
    transactionId: text('transaction_id'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Who confirmed or cancelled it by hand (the super admin, or the company's admin). */
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_provider_transaction_unique')
      .on(table.provider, table.transactionId)
      .where(sql`${table.transactionId} is not null`),
    index('payments_company_created_idx').on(table.companyId, table.createdAt),
    index('payments_status_created_idx').on(table.status, table.createdAt),
    index('payments_plan_idx').on(table.planId),
  ],
);
