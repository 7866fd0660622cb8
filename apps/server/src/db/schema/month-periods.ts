import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { companies } from './companies.ts';
import { departments } from './departments.ts';
import { employees } from './employees.ts';

/**
 * The approval of a month for one branch or one department (decision 022): DRAFT (also what no
 * row means), SUBMITTED by a manager, APPROVED by an admin — an approved month is locked for
 * every write that changes attendance of its dates. A reopen brings it back to DRAFT and keeps
 * who reopened it and why; every step is also in the audit log.
 */
export const monthPeriods = pgTable(
  'month_periods',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** yyyy-MM */
    month: text('month').notNull(),
    /** Exactly one of the two is set. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'cascade',
    }),
    status: text('status').notNull().default('DRAFT'),
    submittedBy: integer('submitted_by').references(() => employees.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => employees.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    reopenedBy: integer('reopened_by').references(() => employees.id, { onDelete: 'set null' }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenReason: text('reopen_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'month_periods_one_unit',
      sql`(${table.branchId} is null) <> (${table.departmentId} is null)`,
    ),
    check('month_periods_month_format', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('month_periods_status', sql`${table.status} in ('DRAFT', 'SUBMITTED', 'APPROVED')`),
    uniqueIndex('month_periods_branch_unique')
      .on(table.companyId, table.month, table.branchId)
      .where(sql`${table.branchId} is not null`),
    uniqueIndex('month_periods_department_unique')
      .on(table.companyId, table.month, table.departmentId)
      .where(sql`${table.departmentId} is not null`),
    // The lock guard's read: a company's approved months.
    index('month_periods_company_status_month_idx').on(table.companyId, table.status, table.month),
  ],
);
