import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ScheduleDefinition } from '@smena/contract';
import { companies } from './companies.ts';

/** A company's work schedule; `definition` is the contract's ScheduleDefinition (parsed). */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type', { enum: ['FIXED', 'FLEX', 'NIGHT', 'DYNAMIC'] }).notNull(),
    definition: jsonb('definition').$type<ScheduleDefinition>().notNull(),
    color: text('color').notNull(),
    /** «Суммированный учёт» (art. 104): the accounting period; null — ordinary accounting. */
    accountingPeriod: text('accounting_period', {
      enum: ['MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR'],
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('schedules_company_title_unique').on(table.companyId, sql`lower(${table.title})`),
    index('schedules_company_type_idx').on(table.companyId, table.type),
  ],
);
