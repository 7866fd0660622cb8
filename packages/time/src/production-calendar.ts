/**
 * Production calendars («производственный календарь»): which dates are working, shortened,
 * days off or non-working holidays, and the monthly norm of working time (order № 588н).
 * A calendar is data: the country's years, plus overrides that a super admin (for a country) or a
 * company (for itself) may put on top with `withOverrides`.
 */
import { z } from 'zod';
import { type LocalDate, addDays, eachDate, isWeekend } from './dates.ts';
import { LocalDateSchema } from './schedule-definition.ts';

export const DayKind = {
  WORKDAY: 'WORKDAY',
  SHORTENED: 'SHORTENED',
  WEEKEND: 'WEEKEND',
  HOLIDAY: 'HOLIDAY',
} as const;
export type DayKind = (typeof DayKind)[keyof typeof DayKind];
export const DayKindSchema = z.enum(['WORKDAY', 'SHORTENED', 'WEEKEND', 'HOLIDAY']);

export const ProductionCalendarYearSchema = z.object({
  year: z.number().int().min(1900).max(2200),
  /** Not yet confirmed against the decree: keep editable, show as provisional. */
  provisional: z.boolean(),
  /** The legal source, e.g. the government decree. */
  source: z.string(),
  /** Non-working public holidays (art. 112 ТК РФ), those on a Saturday or Sunday included. */
  holidays: z.array(LocalDateSchema),
  /** Weekdays made days off by a transfer. */
  transferredDaysOff: z.array(LocalDateSchema),
  /** Saturdays or Sundays made working days by a transfer. */
  workingWeekendDays: z.array(LocalDateSchema),
  /** Pre-holiday working days one hour shorter (art. 95). */
  shortenedDays: z.array(LocalDateSchema),
});
export type ProductionCalendarYear = z.infer<typeof ProductionCalendarYearSchema>;

export const ProductionCalendarSchema = z.object({
  /** E.g. 'RU', or a company's own id. */
  id: z.string(),
  years: z.array(ProductionCalendarYearSchema),
  /** Corrections by date that win over the years' data (a company's or an edited country's). */
  overrides: z.record(LocalDateSchema, DayKindSchema).optional(),
});
export type ProductionCalendar = z.infer<typeof ProductionCalendarSchema>;

const RU_2025: ProductionCalendarYear = {
  year: 2025,
  provisional: false,
  source: 'Постановление Правительства РФ от 04.10.2024 № 1335',
  holidays: [
    ...eachDate('2025-01-01', '2025-01-08'),
    '2025-02-23',
    '2025-03-08',
    '2025-05-01',
    '2025-05-09',
    '2025-06-12',
    '2025-11-04',
  ],
  // 4 Jan → 2 May, 5 Jan → 31 Dec, 23 Feb → 8 May, 8 Mar → 13 Jun, Saturday 1 Nov → 3 Nov.
  transferredDaysOff: ['2025-05-02', '2025-05-08', '2025-06-13', '2025-11-03', '2025-12-31'],
  workingWeekendDays: ['2025-11-01'],
  shortenedDays: ['2025-03-07', '2025-04-30', '2025-06-11', '2025-11-01'],
};

const RU_2026: ProductionCalendarYear = {
  year: 2026,
  provisional: false,
  source: 'Постановление Правительства РФ от 24.09.2025 № 1466',
  holidays: [
    ...eachDate('2026-01-01', '2026-01-08'),
    '2026-02-23',
    '2026-03-08',
    '2026-05-01',
    '2026-05-09',
    '2026-06-12',
    '2026-11-04',
  ],
  // 3 Jan → 9 Jan, 4 Jan → 31 Dec, Sunday 8 Mar → 9 Mar, Saturday 9 May → 11 May.
  transferredDaysOff: ['2026-01-09', '2026-03-09', '2026-05-11', '2026-12-31'],
  workingWeekendDays: [],
  shortenedDays: ['2026-04-30', '2026-05-08', '2026-06-11', '2026-11-03'],
};

const RU_2027: ProductionCalendarYear = {
  year: 2027,
  provisional: false,
  source:
    'Постановление Правительства РФ от 17.09.2026 № 1187 «О переносе выходных дней в 2027 году»',
  holidays: [
    ...eachDate('2027-01-01', '2027-01-08'),
    '2027-02-23',
    '2027-03-08',
    '2027-05-01',
    '2027-05-09',
    '2027-06-12',
    '2027-11-04',
  ],
  // Saturday 20 Feb works for Monday 22 Feb; 2 Jan → 5 Nov, 3 Jan → 31 Dec; the holidays on a
  // Saturday or Sunday move to the next working day: 3 May, 10 May, 14 Jun.
  transferredDaysOff: [
    '2027-02-22',
    '2027-05-03',
    '2027-05-10',
    '2027-06-14',
    '2027-11-05',
    '2027-12-31',
  ],
  workingWeekendDays: ['2027-02-20'],
  shortenedDays: ['2027-02-20', '2027-04-30', '2027-06-11', '2027-11-03'],
};

/** The production calendar of the Russian Federation, 2025–2027, each year by its decree. */
export const RU_PRODUCTION_CALENDAR: ProductionCalendar = {
  id: 'RU',
  years: [RU_2025, RU_2026, RU_2027],
};

/** A calendar with more overrides on top (a company's corrections of the country's calendar). */
export function withOverrides(
  calendar: ProductionCalendar,
  overrides: Readonly<Record<LocalDate, DayKind>>,
  id = calendar.id,
): ProductionCalendar {
  return { ...calendar, id, overrides: { ...calendar.overrides, ...overrides } };
}

// Indexed once per calendar object; calendars are treated as immutable values.
const indexes = new WeakMap<ProductionCalendar, Map<LocalDate, DayKind>>();

function indexOf(calendar: ProductionCalendar): Map<LocalDate, DayKind> {
  let index = indexes.get(calendar);
  if (index) return index;
  index = new Map();
  for (const year of calendar.years) {
    // Later lists win: a working Saturday that is also shortened is SHORTENED, a holiday stays one.
    for (const date of year.workingWeekendDays) index.set(date, 'WORKDAY');
    for (const date of year.shortenedDays) index.set(date, 'SHORTENED');
    for (const date of year.transferredDaysOff) index.set(date, 'WEEKEND');
    for (const date of year.holidays) index.set(date, 'HOLIDAY');
  }
  for (const [date, kind] of Object.entries(calendar.overrides ?? {})) index.set(date, kind);
  indexes.set(calendar, index);
  return index;
}

/**
 * The kind of a date: the calendar's data and overrides, else a five-day week
 * (Monday–Friday WORKDAY, Saturday and Sunday WEEKEND) — also for years the calendar lacks.
 */
export function dayKind(calendar: ProductionCalendar | undefined, date: LocalDate): DayKind {
  const known = calendar ? indexOf(calendar).get(date) : undefined;
  if (known) return known;
  return isWeekend(date) ? 'WEEKEND' : 'WORKDAY';
}

export function isWorkingDayKind(kind: DayKind): boolean {
  return kind === 'WORKDAY' || kind === 'SHORTENED';
}

/** Whether the calendar's data for a year is provisional (or missing altogether). */
export function isProvisional(calendar: ProductionCalendar, year: number): boolean {
  const data = calendar.years.find((y) => y.year === year);
  return data === undefined || data.provisional;
}

export interface WorkTimeNorm {
  /** Working days of a five-day week. */
  days: number;
  /** Hours: weekly hours ÷ 5 × days − 1 per shortened day (order № 588н). */
  hours: number;
}

function monthStart(year: number, month: number): LocalDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Norm of a month (1–12) for a five-day week of `weeklyHours` hours (40 by default). */
export function monthNorm(
  calendar: ProductionCalendar | undefined,
  year: number,
  month: number,
  weeklyHours = 40,
): WorkTimeNorm {
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new RangeError(`Invalid month ${month}`);
  const first = monthStart(year, month);
  const last = addDays(month === 12 ? monthStart(year + 1, 1) : monthStart(year, month + 1), -1);
  let days = 0;
  let shortened = 0;
  for (const date of eachDate(first, last)) {
    const kind = dayKind(calendar, date);
    if (isWorkingDayKind(kind)) days++;
    if (kind === 'SHORTENED') shortened++;
  }
  return { days, hours: round2((weeklyHours / 5) * days - shortened) };
}

/** Norm of a whole year: the sum of its months. */
export function yearNorm(
  calendar: ProductionCalendar | undefined,
  year: number,
  weeklyHours = 40,
): WorkTimeNorm {
  let days = 0;
  let hours = 0;
  for (let month = 1; month <= 12; month++) {
    const norm = monthNorm(calendar, year, month, weeklyHours);
    days += norm.days;
    hours += norm.hours;
  }
  return { days, hours: round2(hours) };
}
