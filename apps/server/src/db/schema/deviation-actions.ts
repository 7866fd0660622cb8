import { type DeviationType, DeviationTypeSchema } from '@smena/contract';
import { bigserial, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/** The inbox's types, one list with the contract's. */
export const DEVIATION_TYPES = DeviationTypeSchema.options as [DeviationType, ...DeviationType[]];

export const DEVIATION_ACTIONS = [
  'EXCUSE',
  'SET_CODE',
  'APPROVE_OVERTIME',
  'PAY_DOUBLE',
  'REST_DAY',
  'COMMENT',
] as const;

/**
 * What managers did with the deviations of an employee's date (decision 024): append-only, who,
 * when, why. A deviation is resolved once any action but a comment exists for it; an approved
 * overtime is an APPROVE_OVERTIME row, read by attendance under «только после согласования».
 */
export const deviationActions = pgTable(
  'deviation_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    type: text('type', { enum: DEVIATION_TYPES }).notNull(),
    action: text('action', { enum: DEVIATION_ACTIONS }).notNull(),
    /** The T-13 code a SET_CODE put on the date. */
    code: text('code'),
    comment: text('comment').notNull(),
    actedBy: integer('acted_by').references(() => employees.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deviation_actions_company_date_idx').on(table.companyId, table.date),
    index('deviation_actions_employee_date_idx').on(table.employeeId, table.date),
  ],
);
