import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id, {
      onDelete: 'set null',
    }),
    /** employees.id of the head; no FK to keep the two tables independent of creation order. */
    headEmployeeId: integer('head_employee_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('departments_company_title_unique').on(table.companyId, sql`lower(${table.title})`),
    index('departments_company_parent_idx').on(table.companyId, table.parentId),
  ],
);

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('positions_company_title_unique').on(table.companyId, sql`lower(${table.title})`),
  ],
);
