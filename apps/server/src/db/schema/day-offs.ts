import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/** A day-off («weekend» in the spec): of one employee, or the whole company when employee_id is null. */
export const dayOffs = pgTable(
  'day_offs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['VACATION', 'SICKLEAVE', 'HOLIDAY', 'DISMISSED', 'WEEKEND'],
    }).notNull(),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: ['REQUESTED', 'APPROVED', 'REJECTED'] }).notNull(),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => employees.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('day_offs_company_dates_idx').on(table.companyId, table.dateFrom, table.dateTo),
    index('day_offs_company_employee_idx').on(table.companyId, table.employeeId),
  ],
);
