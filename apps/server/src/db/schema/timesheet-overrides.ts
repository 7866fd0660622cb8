import {
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TimesheetEntry } from '@smena/contract';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * A manager's codes of an employee's date in the timesheet (T-13): they replace the codes derived
 * from the plan and the checks. Every change is kept in timesheet_override_history.
 */
export const timesheetOverrides = pgTable(
  'timesheet_overrides',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    entries: jsonb('entries').$type<TimesheetEntry[]>().notNull(),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by').references(() => employees.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Also serves the reports' reads: company, a page of employees, a range of dates.
    uniqueIndex('timesheet_overrides_company_employee_date_unique').on(
      table.companyId,
      table.employeeId,
      table.date,
    ),
  ],
);
