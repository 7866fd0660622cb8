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
import { companies } from './companies.ts';
import { departments, positions } from './departments.ts';
import { users } from './users.ts';

/**
 * A company asks an existing account to join it. Nothing of the person is shown to the company
 * until they accept: the row keeps only what the inviting admin typed and the membership data the
 * company proposes (role, department, position, branches, personnel number, hire date).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The invited account; never sent to the company. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** What the admin typed: the company's own label of the invitation. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    role: text('role', { enum: ['ADMIN', 'MANAGER', 'EMPLOYEE'] }).notNull(),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'set null',
    }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    /** Checked against the company's branches again when the person accepts. */
    branchIds: integer('branch_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    personnelNumber: text('personnel_number'),
    hireDate: date('hire_date'),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED'] })
      .notNull()
      .default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    // One open invitation per company and person.
    uniqueIndex('company_invitations_pending_unique')
      .on(table.companyId, table.userId)
      .where(sql`${table.status} = 'PENDING'`),
    index('company_invitations_company_idx').on(table.companyId, table.status, table.createdAt),
    index('company_invitations_user_idx').on(table.userId, table.status),
  ],
);
