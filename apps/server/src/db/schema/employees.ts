import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { companies } from './companies.ts';
import { departments, positions } from './departments.ts';
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
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'set null',
    }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    /**
     * The name as this company shows it, field by field; null means «as in the account»
     * (`users`). Read it through `memberName` (db/member-name.ts), never on its own.
     */
    firstName: text('first_name'),
    lastName: text('last_name'),
    middleName: text('middle_name'),
    personnelNumber: text('personnel_number'),
    dismissalReason: text('dismissal_reason'),
    hireDate: date('hire_date'),
    dismissedAt: date('dismissed_at'),
    /**
     * Whom a MANAGER manages (decision 016): the whole company, or the employees of the branches
     * and departments listed in `manager_branches` / `manager_departments`. Ignored for other roles.
     */
    managerScope: text('manager_scope', { enum: ['COMPANY', 'UNITS'] })
      .notNull()
      .default('COMPANY'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('employees_company_user_unique').on(table.companyId, table.userId),
    index('employees_company_status_role_idx').on(table.companyId, table.status, table.role),
    index('employees_user_idx').on(table.userId),
    index('employees_company_department_idx').on(table.companyId, table.departmentId),
    index('employees_company_position_idx').on(table.companyId, table.positionId),
    // A kiosk's PIN punch finds the employee by the number typed (decision 031).
    index('employees_company_personnel_number_idx').on(table.companyId, table.personnelNumber),
  ],
);

/** Branches where an employee may work and check in. */
export const employeeBranches = pgTable(
  'employee_branches',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.employeeId, table.branchId] }),
    index('employee_branches_company_branch_idx').on(table.companyId, table.branchId),
  ],
);

/** The branches a MANAGER with `manager_scope = 'UNITS'` manages (decision 016). */
export const managerBranches = pgTable(
  'manager_branches',
  {
    managerId: integer('manager_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.managerId, table.branchId] }),
    index('manager_branches_company_branch_idx').on(table.companyId, table.branchId),
  ],
);

/**
 * The departments a MANAGER with `manager_scope = 'UNITS'` manages, each with its sub-departments
 * (decision 016).
 */
export const managerDepartments = pgTable(
  'manager_departments',
  {
    managerId: integer('manager_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.managerId, table.departmentId] }),
    index('manager_departments_company_department_idx').on(table.companyId, table.departmentId),
  ],
);
