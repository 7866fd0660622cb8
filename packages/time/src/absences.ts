/**
 * How many days an absence counts (docs/timesheet-rules.md, «Absences and holidays»): every
 * calendar day of the range, except that the non-working holidays inside an annual vacation are
 * not vacation days (art. 120 ТК РФ) — a 14-day vacation over a holiday lasts 15 days. A sick
 * leave, an отгул or a company day off counts every day.
 */
import type { DayOffType } from '@smena/contract';
import { type LocalDate, daysBetween, eachDate } from './dates.ts';

export interface AbsenceDayCount {
  /** Days the absence counts. */
  days: number;
  /** Non-working holidays inside a vacation, not counted in `days`. */
  holidays: number;
}

export function absenceDayCount(
  type: DayOffType,
  from: LocalDate,
  to: LocalDate,
  isHoliday: (date: LocalDate) => boolean,
): AbsenceDayCount {
  if (daysBetween(from, to) < 0) return { days: 0, holidays: 0 };
  const all = eachDate(from, to);
  const holidays = type === 'VACATION' ? all.filter(isHoliday).length : 0;
  return { days: all.length - holidays, holidays };
}
