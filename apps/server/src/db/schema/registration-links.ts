import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { departments, positions } from './departments.ts';
import { users } from './users.ts';

/** Invitation links: EMPLOYEE links join a company; COMPANY links (super admin) create one. */
export const registrationLinks = pgTable(
  'registration_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['EMPLOYEE', 'COMPANY'] }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'set null',
    }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    userCount: integer('user_count'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('registration_links_company_idx').on(table.companyId, table.createdAt)],
);
