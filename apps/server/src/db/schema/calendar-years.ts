import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type CalendarYearData = {
  holidays: string[];
  transferredDaysOff: string[];
  workingWeekendDays: string[];
  shortenedDays: string[];
};

/**
 * A country's production calendar for one year (shared reference data, edited by the super
 * admin). No row for a country and year: a plain Monday–Friday week.
 */
export const calendarYears = pgTable(
  'calendar_years',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    year: integer('year').notNull(),
    provisional: boolean('provisional').notNull().default(false),
    source: text('source').notNull().default(''),
    data: jsonb('data').$type<CalendarYearData>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('calendar_years_country_year_unique').on(table.countryCode, table.year)],
);
