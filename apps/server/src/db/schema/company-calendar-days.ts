import { date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** A company's correction of its country's production calendar for one date. */
export const companyCalendarDays = pgTable(
  'company_calendar_days',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    kind: text('kind', { enum: ['WORKDAY', 'SHORTENED', 'WEEKEND', 'HOLIDAY'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('company_calendar_days_company_date_unique').on(table.companyId, table.date),
  ],
);
