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
import { users } from './users.ts';

/** A user's membership in one company, with a role. */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['ADMIN', 'MANAGER', 'EMPLOYEE'] }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'DISMISSED', 'DEACTIVATED'] })
      .notNull()
      .default('ACTIVE'),
    personnelNumber: text('personnel_number'),
    hireDate: date('hire_date'),
    dismissedAt: date('dismissed_at'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('employees_company_user_unique').on(table.companyId, table.userId),
    index('employees_company_status_role_idx').on(table.companyId, table.status, table.role),
    index('employees_user_idx').on(table.userId),
  ],
);
