import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TimesheetEntry } from '@smena/contract';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/** Every change of a timesheet date's codes: who (and who impersonated), when, why, what. */
export const timesheetOverrideHistory = pgTable(
  'timesheet_override_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    action: text('action', { enum: ['SET', 'CLEAR'] }).notNull(),
    /** The codes set; null when the date went back to the derived ones. */
    entries: jsonb('entries').$type<TimesheetEntry[]>(),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by').references(() => employees.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('timesheet_override_history_employee_date_idx').on(
      table.companyId,
      table.employeeId,
      table.date,
    ),
  ],
);
