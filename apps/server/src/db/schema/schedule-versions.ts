import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ScheduleDefinition } from '@smena/contract';
import { companies } from './companies.ts';
import { schedules } from './schedules.ts';

/**
 * An earlier definition of a schedule and the last date it applied: the schedule's row holds the
 * current definition, in force from the day after the latest `valid_to`. Editing a schedule from
 * a date keeps what the dates before it were.
 */
export const scheduleVersions = pgTable(
  'schedule_versions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    validTo: date('valid_to').notNull(),
    definition: jsonb('definition').$type<ScheduleDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('schedule_versions_schedule_valid_to_unique').on(table.scheduleId, table.validTo),
    index('schedule_versions_company_valid_to_idx').on(table.companyId, table.validTo),
  ],
);
