/**
 * Which deviations a period holds (decision 024). Pure: every fact comes from the attendance
 * module's answer for the dates (late, early leave, НН, forgotten check-outs, overtime, work on
 * a day off, checks without a shift) or from the stored refusals and corrections; nothing about
 * a date is recomputed here.
 */
import type { DeviationType } from '@smena/contract';
import {
  type AttendanceDate,
  type Employment,
  TIMESHEET_MIN_OVERTIME_MINUTES,
  isEmployedOn,
  localDateOf,
} from '@smena/time';
import type { StoredCheck } from '../attendance/index.ts';

export type FoundDeviation = {
  employeeId: number;
  date: string;
  type: DeviationType;
  amount: number | null;
};

/** The order of the types within a date, as the inbox lists them. */
export const DEVIATION_TYPE_ORDER: readonly DeviationType[] = [
  'ABSENCE',
  'LATE',
  'EARLY_LEAVE',
  'AUTO_CLOSED',
  'OVERTIME',
  'DAY_OFF_WORK',
  'NO_SHIFT',
  'OUTSIDE_ZONE',
  'AFTER_CLOSE',
  'MANUAL_CORRECTION',
];

/**
 * The deviations of an employee's computed dates. Under summarized accounting (`summarized`,
 * decision 030) a shift's extra time is not overtime — the period's end decides — so it is not
 * listed for approval.
 */
export function deviationsOfDays(
  employeeId: number,
  days: readonly AttendanceDate<StoredCheck>[],
  employment: Employment | undefined,
  summarized = false,
): FoundDeviation[] {
  const found: FoundDeviation[] = [];
  for (const day of days) {
    if (!isEmployedOn(day.date, employment)) continue;
    const { attendance, date } = day;
    const add = (type: DeviationType, amount: number | null) =>
      found.push({ employeeId, date, type, amount });
    if (attendance.absent) add('ABSENCE', null);
    if (attendance.late) add('LATE', attendance.lateMinutes);
    if (attendance.leftEarly) add('EARLY_LEAVE', attendance.earlyLeaveMinutes);
    const autoClosed = day.checks.filter((check) => check.autoClosed).length;
    if (autoClosed > 0) add('AUTO_CLOSED', autoClosed);
    // Extra time shorter than this is not overtime (docs/timesheet-rules.md, §4).
    if (!summarized && attendance.overtimeMinutes >= TIMESHEET_MIN_OVERTIME_MINUTES)
      add('OVERTIME', attendance.overtimeMinutes);
    if (attendance.workedOnDayOff) add('DAY_OFF_WORK', attendance.workedMinutes);
    if (day.plan.kind === 'NO_SCHEDULE' && day.checks.length > 0)
      add('NO_SHIFT', day.checks.length);
  }
  return found;
}

/**
 * Stored events (refusals, corrections) as one deviation per local date: `amount` is the largest
 * value (the metres beyond the zone) or, without one, the number of events.
 */
export function deviationsOfEvents(
  employeeId: number,
  type: DeviationType,
  events: readonly { atMs: number; value: number | null }[],
  timezone: string,
  from: string,
  to: string,
  employment: Employment | undefined,
): FoundDeviation[] {
  const byDate = new Map<string, { count: number; max: number | null }>();
  for (const event of events) {
    const date = localDateOf(event.atMs, timezone);
    if (date < from || date > to || !isEmployedOn(date, employment)) continue;
    const current = byDate.get(date) ?? { count: 0, max: null };
    current.count += 1;
    if (event.value !== null) current.max = Math.max(current.max ?? 0, event.value);
    byDate.set(date, current);
  }
  return [...byDate].map(([date, { count, max }]) => ({
    employeeId,
    date,
    type,
    amount: max ?? count,
  }));
}
