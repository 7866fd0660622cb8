import { sql } from 'drizzle-orm';
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
import { branches } from './branches.ts';
import { checks } from './checks.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

export const CORRECTION_KINDS = ['MISSED_CHECK', 'DAY_CODE', 'OTHER_BRANCH'] as const;
export const CORRECTION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;

/**
 * An employee's request to correct their own attendance of a date (decision 025): the asked
 * times (`HH:mm` of the date in the branch's zone) or T-13 code, with their comment. Approval
 * writes through the checks' corrections or the timesheet's overrides, each with its history;
 * the request keeps who decided, when and (for a refusal) why. At most one request of an
 * employee and a date waits at a time.
 */
export const correctionRequests = pgTable(
  'correction_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    kind: text('kind', { enum: CORRECTION_KINDS }).notNull(),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    checkIn: text('check_in'),
    checkOut: text('check_out'),
    code: text('code'),
    minutes: integer('minutes'),
    comment: text('comment').notNull(),
    status: text('status', { enum: CORRECTION_STATUSES }).notNull().default('PENDING'),
    decidedBy: integer('decided_by').references(() => employees.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /** The check the approval created or corrected. */
    checkId: integer('check_id').references(() => checks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('correction_requests_pending_unique')
      .on(table.companyId, table.employeeId, table.date)
      .where(sql`${table.status} = 'PENDING'`),
    index('correction_requests_company_status_idx').on(
      table.companyId,
      table.status,
      table.createdAt,
    ),
    index('correction_requests_employee_idx').on(table.employeeId, table.createdAt),
  ],
);
