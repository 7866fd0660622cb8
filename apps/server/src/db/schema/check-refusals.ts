import {
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * Why a check was refused. OUTSIDE_ZONE: the employee's position was outside every allowed
 * branch's zone. PERIOD_LOCKED: a terminal's (or the employee's) punch fell into a month already
 * approved (decision 022) — it lands in the inbox as «после закрытия периода».
 */
export const CHECK_REFUSAL_REASONS = ['OUTSIDE_ZONE', 'PERIOD_LOCKED'] as const;

/**
 * A check-in or check-out the server refused, for the deviations inbox (decision 024). The
 * position itself is not kept: the distance beyond the zone and the accuracy say enough.
 */
export const checkRefusals = pgTable(
  'check_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** The branch whose zone was nearest (or the one asked for), when known. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** A terminal's punch has none: which side it is, only pairing would have said. */
    direction: text('direction', { enum: ['IN', 'OUT'] }),
    reason: text('reason', { enum: CHECK_REFUSAL_REASONS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Metres beyond the zone's edge. */
    distance: doublePrecision('distance'),
    /** The position's accuracy in metres, as the device gave it. */
    accuracy: doublePrecision('accuracy'),
  },
  (table) => [
    index('check_refusals_company_at_idx').on(table.companyId, table.at),
    index('check_refusals_employee_at_idx').on(table.employeeId, table.at),
  ],
);
