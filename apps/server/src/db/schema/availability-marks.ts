import {
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

export const AVAILABILITY_KINDS = ['UNAVAILABLE', 'PREFER_NOT'] as const;

/**
 * An employee's availability mark of a date (decision 027): «Не могу» or «Хотел бы не работать»,
 * for the whole day or between `start_time` and `end_time` (`HH:mm` of the date), with an
 * optional comment. One mark per employee and date; the employee sets and removes it, managers
 * read it on the calendar.
 */
export const availabilityMarks = pgTable(
  'availability_marks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    kind: text('kind', { enum: AVAILABILITY_KINDS }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The calendar's and the employee's lookups: employees × a range of dates.
    uniqueIndex('availability_marks_employee_date_unique').on(table.employeeId, table.date),
    index('availability_marks_company_date_idx').on(table.companyId, table.date),
  ],
);
