/**
 * Summarized accounting of working time («суммированный учёт», art. 104 ТК РФ): the hours of an
 * accounting period (a month, quarter, half-year or year) are counted against the period's norm
 * from the production calendar, and overtime is the time worked above that norm, counted once at
 * the end of the period (art. 99, 152), not per day. Pure; decision 030.
 */
import type { AccountingPeriod } from '@smena/contract';
import { type LocalDate, addDays, eachDate } from './dates.ts';
import { type ProductionCalendar, dayKind } from './production-calendar.ts';
import { type Employment, isEmployedOn } from './timesheet.ts';

export type { AccountingPeriod } from '@smena/contract';

/** Months in each kind of period; periods begin on 1 January and follow each other. */
const PERIOD_MONTHS: Record<AccountingPeriod, number> = {
  MONTH: 1,
  QUARTER: 3,
  HALF_YEAR: 6,
  YEAR: 12,
};

/** «Квартал», «Полугодие»… in the nominative, for compact figures. */
export const ACCOUNTING_PERIOD_NAMES: Record<AccountingPeriod, string> = {
  MONTH: 'Месяц',
  QUARTER: 'Квартал',
  HALF_YEAR: 'Полугодие',
  YEAR: 'Год',
};

export interface AccountingPeriodRange {
  period: AccountingPeriod;
  from: LocalDate;
  to: LocalDate;
}

function monthFirst(year: number, month: number): LocalDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** The accounting period that contains `date`: 2026-05-14 in a QUARTER is 2026-04-01–2026-06-30. */
export function accountingPeriodOf(
  date: LocalDate,
  period: AccountingPeriod,
): AccountingPeriodRange {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const size = PERIOD_MONTHS[period];
  const firstMonth = Math.floor((month - 1) / size) * size + 1;
  const nextMonth = firstMonth + size;
  const next = nextMonth > 12 ? monthFirst(year + 1, 1) : monthFirst(year, nextMonth);
  return { period, from: monthFirst(year, firstMonth), to: addDays(next, -1) };
}

/** Whether the `yyyy-MM` month is the last month of its accounting period. */
export function closesAccountingPeriod(month: string, period: AccountingPeriod): boolean {
  return Number(month.slice(5, 7)) % PERIOD_MONTHS[period] === 0;
}

/** A date's norm in minutes for a five-day week: 8 h (40-hour week), an hour less when shortened. */
export function dateNormMinutes(
  calendar: ProductionCalendar | undefined,
  date: LocalDate,
  weeklyHours = 40,
): number {
  const kind = dayKind(calendar, date);
  const day = (weeklyHours / 5) * 60;
  if (kind === 'WORKDAY') return day;
  if (kind === 'SHORTENED') return day - 60;
  return 0;
}

export interface PeriodNormInput {
  calendar: ProductionCalendar | undefined;
  from: LocalDate;
  to: LocalDate;
  /**
   * The employee's plan kind by date (any with `date` and `kind`): a working date of the calendar
   * on which the plan is an approved day-off (of any type) leaves the norm.
   */
  plans?: readonly { date: LocalDate; kind: string }[];
  /** Dates outside employment leave the norm too (hired or dismissed inside the period). */
  employment?: Employment | undefined;
  weeklyHours?: number;
}

/**
 * The norm of `from`–`to` in minutes for one employee (order № 588н): each working date of the
 * production calendar holds 8 hours for a 40-hour week (7 when shortened), except the dates the
 * employee is away on a day-off or not employed. Over whole months this is `monthNorm`'s sum,
 * less the absences — what `personalMonthNormMinutes` gives for one month.
 */
export function periodNormMinutes(input: PeriodNormInput): number {
  const away = new Set<LocalDate>();
  for (const plan of input.plans ?? []) if (plan.kind === 'DAY_OFF') away.add(plan.date);
  let minutes = 0;
  for (const date of eachDate(input.from, input.to)) {
    if (away.has(date) || !isEmployedOn(date, input.employment)) continue;
    minutes += dateNormMinutes(input.calendar, date, input.weeklyHours);
  }
  return Math.round(minutes);
}

/**
 * Overtime of a summarized period (art. 99, 104): the minutes worked (or planned) above the
 * period's norm; none below it. Work on days off and holidays paid double (РВ) is left out by
 * the caller (art. 152, last part).
 */
export function summarizedOvertimeMinutes(workedMinutes: number, normMinutes: number): number {
  return Math.max(0, Math.round(workedMinutes - normMinutes));
}

/** The minutes a plan holds over its dates: the planned work of its WORK dates. */
export function periodPlannedMinutes(
  plans: readonly { kind: string; shifts?: readonly { plannedMinutes: number }[] }[],
): number {
  let minutes = 0;
  for (const plan of plans)
    if (plan.kind === 'WORK')
      for (const shift of plan.shifts ?? []) minutes += shift.plannedMinutes;
  return minutes;
}
