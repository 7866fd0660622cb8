import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import type { DayPlan } from '@smena/contract';
import { branches } from './branches.ts';
import { companies } from './companies.ts';
import { departments } from './departments.ts';
import { employees } from './employees.ts';

/**
 * A published version of a month's schedule of one branch or one department (decision 028): who
 * published it, when, and whether later than a month before the month began (art. 103 of the
 * Labour Code). Versions of a unit's month count from 1; each is kept, so the previous one stays
 * viewable.
 */
export const schedulePublications = pgTable(
  'schedule_publications',
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
    version: integer('version').notNull(),
    publishedBy: integer('published_by').references(() => employees.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Published after the first day of the previous month: later than art. 103 asks. */
    late: boolean('late').notNull(),
  },
  (table) => [
    check(
      'schedule_publications_one_unit',
      sql`(${table.branchId} is null) <> (${table.departmentId} is null)`,
    ),
    check('schedule_publications_month_format', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    // One row per version: of two concurrent publications one fails and answers 409.
    uniqueIndex('schedule_publications_branch_version_unique')
      .on(table.companyId, table.month, table.branchId, table.version)
      .where(sql`${table.branchId} is not null`),
    uniqueIndex('schedule_publications_department_version_unique')
      .on(table.companyId, table.month, table.departmentId, table.version)
      .where(sql`${table.departmentId} is not null`),
    // The employee's read: the company's publications of some months.
    index('schedule_publications_company_month_idx').on(table.companyId, table.month),
  ],
);

/**
 * One employee's days in a published version: the API's day plans of every date of the month as
 * they were published, the dates that changed against the unit's previous version, and when the
 * employee acknowledged them («Ознакомлен»).
 */
export const schedulePublicationDays = pgTable(
  'schedule_publication_days',
  {
    publicationId: integer('publication_id')
      .notNull()
      .references(() => schedulePublications.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    days: jsonb('days').$type<DayPlan[]>().notNull(),
    /** Dates that differ from the previous version (every date of a first one). */
    changedDates: text('changed_dates').array().notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.publicationId, table.employeeId] }),
    // The employee's read: their published versions.
    index('schedule_publication_days_employee_idx').on(table.companyId, table.employeeId),
  ],
);
