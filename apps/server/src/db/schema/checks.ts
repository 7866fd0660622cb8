import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.ts';
import { branches } from './branches.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

export const CHECK_SOURCES = ['MANUAL', 'WEB', 'API', 'TERMINAL', 'KIOSK_QR', 'KIOSK_PIN'] as const;

/**
 * A check-in/check-out record. `check_out` is null while the employee is in. Deleted checks are
 * kept (deleted_at, with the reason in the history). The migration adds an exclusion constraint:
 * two live checks of one employee never overlap.
 *
 * `company_id` has no foreign key of its own (decision 015): every insert takes it from the
 * employee's row, whose own key cascades from the company, so a second check of the company row
 * on every insert guarded nothing (and made that one row the hottest lock of check ingestion).
 */
export const checks = pgTable(
  'checks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    checkIn: timestamp('check_in', { withTimezone: true }).notNull(),
    checkOut: timestamp('check_out', { withTimezone: true }),
    source: text('source', { enum: CHECK_SOURCES }).notNull(),
    /** Closed by the server at the shift's end (+ the company's margin): «не отмечен уход». */
    autoClosed: boolean('auto_closed').notNull().default(false),
    inLatitude: doublePrecision('in_latitude'),
    inLongitude: doublePrecision('in_longitude'),
    inAccuracy: doublePrecision('in_accuracy'),
    inDistance: doublePrecision('in_distance'),
    outLatitude: doublePrecision('out_latitude'),
    outLongitude: doublePrecision('out_longitude'),
    outAccuracy: doublePrecision('out_accuracy'),
    outDistance: doublePrecision('out_distance'),
    device: text('device').notNull().default(''),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The `Idempotency-Key` the check was created with (checks/create, checks/batch) and the hash
     * of that request's meaning: a repeat fails on the unique index (or on the overlap) and is
     * answered with this check; another body under the same key is refused by the hash.
     */
    idempotencyKey: text('idempotency_key'),
    idempotencyHash: text('idempotency_hash'),
    /**
     * Anti-fraud signals (decision 033): computed when the check-in or the check-out is recorded
     * (`check-signals.ts`), the check-out's added to the check-in's; the list filters on them.
     */
    signals: text('signals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('checks_idempotency_key_unique')
      .on(table.companyId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('checks_company_check_in_idx').on(table.companyId, table.checkIn),
    index('checks_employee_check_in_idx').on(table.employeeId, table.checkIn),
    index('checks_company_open_idx')
      .on(table.companyId, table.checkIn)
      .where(sql`${table.checkOut} is null and ${table.deletedAt} is null`),
    // Only checks with a signal are indexed: the «Сигналы» filter looks for the few among many.
    index('checks_signals_idx')
      .using('gin', table.signals)
      .where(sql`${table.signals} <> '{}'::text[]`),
  ],
);

/** Every change of a check: who, when, why, and the values before and after. */
export const checkHistory = pgTable(
  'check_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    checkId: integer('check_id')
      .notNull()
      .references(() => checks.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['CREATE', 'UPDATE', 'DELETE', 'AUTO_CLOSE'] }).notNull(),
    changedBy: integer('changed_by').references(() => employees.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id'),
    reason: text('reason').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('check_history_check_idx').on(table.checkId, table.createdAt)],
);

/** Events of terminals that only know "a person passed"; a repeated device event is ignored. */
export const devicePunches = pgTable(
  'device_punches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deviceEventId: text('device_event_id').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('device_punches_event_unique').on(table.companyId, table.deviceEventId),
    index('device_punches_employee_at_idx').on(table.employeeId, table.at),
  ],
);

/** A comment on a check or on an employee's day, by the employee or a manager. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    checkId: integer('check_id').references(() => checks.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => employees.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('comments_company_date_idx').on(table.companyId, table.date),
    index('comments_employee_date_idx').on(table.employeeId, table.date),
  ],
);

/** Who has read which comment: unread marks for managers. */
export const commentReads = pgTable(
  'comment_reads',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.employeeId] })],
);
