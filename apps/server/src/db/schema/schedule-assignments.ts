import { date, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { employees } from './employees.ts';
import { schedules } from './schedules.ts';

/**
 * An employee's schedule history: each row holds from its date until the next row's date.
 * `schedule_id` null ends the schedule. A schedule with rows cannot be deleted (history).
 */
export const scheduleAssignments = pgTable(
  'schedule_assignments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'restrict' }),
    effectiveFrom: date('effective_from').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('schedule_assignments_employee_date_unique').on(
      table.employeeId,
      table.effectiveFrom,
    ),
    index('schedule_assignments_company_employee_date_idx').on(
      table.companyId,
      table.employeeId,
      table.effectiveFrom,
    ),
    index('schedule_assignments_schedule_idx').on(table.scheduleId),
  ],
);
