import {
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';
import type { RosterShift } from '@smena/contract';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/** Shifts a manager placed on a date: they replace the schedule's plan; none means rest. */
export const rosterShifts = pgTable(
  'roster_shifts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    shifts: jsonb('shifts').$type<RosterShift[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('roster_shifts_employee_date_unique').on(table.employeeId, table.date),
    index('roster_shifts_company_date_idx').on(table.companyId, table.date),
  ],
);
