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
import { companies } from './companies.ts';
import { positions } from './departments.ts';
import { employees } from './employees.ts';

export const OPEN_SHIFT_STATUSES = ['OPEN', 'CANCELLED'] as const;
export const CLAIM_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export const SWAP_STATUSES = ['OFFERED', 'ACCEPTED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;

/**
 * A shift a manager posted without an employee (decision 029): a branch, an optional position, a
 * date and the roster shift's shape (`HH:mm` wall times of the branch, the end at or before the
 * start meaning the next day, an unpaid break), and how many people it needs. Filled places are
 * the approved claims; a cancelled shift keeps its rows (history).
 */
export const openShifts = pgTable(
  'open_shifts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    date: date('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    headcount: integer('headcount').notNull(),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: OPEN_SHIFT_STATUSES }).notNull().default('OPEN'),
    postedBy: integer('posted_by').references(() => employees.id, { onDelete: 'set null' }),
    cancelledBy: integer('cancelled_by').references(() => employees.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('open_shifts_company_date_idx').on(table.companyId, table.date),
    index('open_shifts_branch_date_idx').on(table.branchId, table.date),
  ],
);

/**
 * An employee's claim on an open shift: waits for a manager (or applies at once when the company
 * says so), or is withdrawn. One live claim (waiting or approved) per employee and shift.
 */
export const openShiftClaims = pgTable(
  'open_shift_claims',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    openShiftId: integer('open_shift_id')
      .notNull()
      .references(() => openShifts.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('PENDING'),
    decidedBy: integer('decided_by').references(() => employees.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('open_shift_claims_live_unique')
      .on(table.openShiftId, table.employeeId)
      .where(sql`${table.status} in ('PENDING', 'APPROVED')`),
    index('open_shift_claims_shift_idx').on(table.openShiftId),
    index('open_shift_claims_company_status_idx').on(table.companyId, table.status),
    index('open_shift_claims_employee_idx').on(table.employeeId, table.createdAt),
  ],
);

/**
 * A shift handed over (decision 029): the giver's shift of a date (as planned when offered), to a
 * named colleague or to anyone eligible at the branch; a colleague accepts, a manager approves and
 * the roster of both changes at once. Every step keeps who and when.
 */
export const shiftSwaps = pgTable(
  'shift_swaps',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    fromEmployeeId: integer('from_employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    /** The named colleague; null: anyone eligible. */
    toEmployeeId: integer('to_employee_id').references(() => employees.id, {
      onDelete: 'cascade',
    }),
    acceptedBy: integer('accepted_by').references(() => employees.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: SWAP_STATUSES }).notNull().default('OFFERED'),
    decidedBy: integer('decided_by').references(() => employees.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shift_swaps_live_unique')
      .on(table.fromEmployeeId, table.date, table.startTime)
      .where(sql`${table.status} in ('OFFERED', 'ACCEPTED')`),
    index('shift_swaps_from_date_idx').on(table.fromEmployeeId, table.date),
    index('shift_swaps_company_status_idx').on(table.companyId, table.status),
    index('shift_swaps_to_idx').on(table.toEmployeeId, table.status),
    index('shift_swaps_branch_status_idx').on(table.branchId, table.status),
  ],
);
