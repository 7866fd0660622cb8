/**
 * The timesheet (unified form T-13): the codes of each date derived from its plan and its
 * attendance, their half-month and month totals, the absences by reason, and the attendance
 * summary of a period. Pure: the caller passes the plans and what the checks amounted to
 * (docs/timesheet-rules.md).
 */
import {
  type AttendanceSummary,
  type DayOffType,
  type TimesheetCode,
  type TimesheetEntry,
  WORK_TIMESHEET_CODES,
  dayOffTimesheetCodes,
  timesheetCodeTable,
  workedMinutesOf,
} from '@smena/contract';
import type { DayAttendance } from './attendance.ts';
import type { DateHours } from './employee-attendance.ts';
import type { LocalDate } from './dates.ts';
import type { DayPlanKind } from './plan.ts';

/** What the codes of a date depend on in its plan. */
export interface TimesheetPlan {
  date: LocalDate;
  kind: DayPlanKind;
  /** The day-off's type on a DAY_OFF date. */
  dayOffType?: DayOffType | null | undefined;
}

/** What the codes of a date depend on in its attendance. */
export type TimesheetAttendance = Pick<
  DayAttendance,
  'workedMinutes' | 'nightMinutes' | 'overtimeMinutes' | 'absent'
>;

/** Dates of employment, both included; null: since ever, until now. */
export interface Employment {
  hireDate: LocalDate | null;
  dismissalDate: LocalDate | null;
}

/** Whether the employee was on the staff on the date (the day of dismissal is still worked). */
export function isEmployedOn(date: LocalDate, employment: Employment | undefined): boolean {
  if (!employment) return true;
  if (employment.hireDate !== null && date < employment.hireDate) return false;
  if (employment.dismissalDate !== null && date > employment.dismissalDate) return false;
  return true;
}

const isWorkCodeSet = new Set<TimesheetCode>(WORK_TIMESHEET_CODES);

/** Codes that mean work: their days and hours add up to «отработано». */
export function isWorkCode(code: TimesheetCode): boolean {
  return isWorkCodeSet.has(code);
}

/**
 * Time past the plan shorter than this is not overtime: overtime is work the employer asked for
 * (art. 99 ТК РФ), and a few minutes before or after a shift are not. The timesheet then counts
 * the day's plan, not the extra minutes (the attendance report still shows them).
 */
export const TIMESHEET_MIN_OVERTIME_MINUTES = 30;

/**
 * The T-13 codes of one date from the hours it holds (docs/timesheet-rules.md):
 * - regular work: Я for the day part, Н for the night part, С for the overtime (from
 *   TIMESHEET_MIN_OVERTIME_MINUTES; shorter extra time is not counted, nor is extra time not
 *   approved where the company approves overtime); zero parts are left out.
 *   When overtime falls at night the three would add up to more than was worked (the break is
 *   not taken from the night): the overtime stays whole and the night part shrinks, so
 *   Я + Н + С is always the time worked;
 * - work on a rest day, holiday or day-off: РВ with its time, and Н with the night part of the
 *   date's work (art. 96, 153, 154); on such a date Н is part of the Я and РВ hours, not added;
 * - a working day whose shift was missed: НН, no hours (besides what the date holds from a
 *   shift of the day before); one not over yet: nothing;
 * - no work: a day-off's type code (ОТ, Б, В, НВ), В on a rest day or holiday, nothing without
 *   a schedule or outside employment.
 */
export function timesheetEntriesOfHours(
  plan: TimesheetPlan,
  hours: DateHours,
  absent: boolean,
  employment?: Employment,
): TimesheetEntry[] {
  if (!isEmployedOn(plan.date, employment)) return [];
  const regular = hours.regularMinutes;
  const rest = hours.restWorkMinutes;
  const missed = plan.kind === 'WORK' && absent;
  if (regular + rest === 0) {
    switch (plan.kind) {
      case 'WORK':
      case 'NO_SCHEDULE':
        return missed ? [{ code: 'НН', minutes: null }] : [];
      case 'REST':
      case 'HOLIDAY':
      case 'DAY_OFF': {
        const code =
          plan.kind === 'DAY_OFF' && plan.dayOffType ? dayOffTimesheetCodes[plan.dayOffType] : 'В';
        return [{ code, minutes: null }];
      }
    }
  }
  // Unapproved extra time is not counted at all, like extra time too short to be overtime.
  const unapproved = Math.min(hours.unapprovedOvertimeMinutes, regular);
  let overtime = Math.min(hours.overtimeMinutes, regular - unapproved);
  let counted = regular - unapproved;
  if (overtime < TIMESHEET_MIN_OVERTIME_MINUTES) {
    counted -= overtime;
    overtime = 0;
  }
  const night = Math.min(hours.regularNightMinutes, counted - overtime);
  const entries: TimesheetEntry[] = [];
  if (rest === 0) {
    const day = counted - night - overtime;
    if (day > 0) entries.push({ code: 'Я', minutes: day });
    if (night > 0) entries.push({ code: 'Н', minutes: night });
  } else {
    const allNight = night + hours.restWorkNightMinutes;
    if (counted - overtime > 0) entries.push({ code: 'Я', minutes: counted - overtime });
    if (allNight > 0) entries.push({ code: 'Н', minutes: allNight });
    entries.push({ code: 'РВ', minutes: rest });
  }
  if (overtime > 0) entries.push({ code: 'С', minutes: overtime });
  if (missed) entries.push({ code: 'НН', minutes: null });
  return entries;
}

/**
 * A date's codes when work on a day off is paid single with a day of rest later (art. 153 part 4)
 * instead of double: the РВ hours become Я. On a date with РВ, Н lies inside Я and РВ; after it
 * Я, Н and С partition the time worked, so Я is the date's day time. Other codes stay.
 */
export function restDayEntries(entries: readonly TimesheetEntry[]): TimesheetEntry[] {
  const rest = entries.find((entry) => entry.code === 'РВ');
  if (!rest) return [...entries];
  const minutesOf = (code: TimesheetCode) =>
    entries
      .filter((entry) => entry.code === code)
      .reduce((sum, entry) => sum + (entry.minutes ?? 0), 0);
  const night = minutesOf('Н');
  const day = minutesOf('Я') + (rest.minutes ?? 0) - night;
  const result: TimesheetEntry[] = [];
  if (day > 0) result.push({ code: 'Я', minutes: day });
  if (night > 0) result.push({ code: 'Н', minutes: night });
  for (const entry of entries)
    if (entry.code !== 'Я' && entry.code !== 'Н' && entry.code !== 'РВ') result.push(entry);
  return result;
}

/** The hours of a single shift recorded on its own date, by the kind of the date. */
export function hoursOfShift(plan: TimesheetPlan, attendance: TimesheetAttendance): DateHours {
  const rest = plan.kind === 'REST' || plan.kind === 'HOLIDAY' || plan.kind === 'DAY_OFF';
  const worked = attendance.workedMinutes;
  const night = Math.min(attendance.nightMinutes, worked);
  return {
    regularMinutes: rest ? 0 : worked,
    regularNightMinutes: rest ? 0 : night,
    overtimeMinutes: rest ? 0 : attendance.overtimeMinutes,
    unapprovedOvertimeMinutes: 0,
    restWorkMinutes: rest ? worked : 0,
    restWorkNightMinutes: rest ? night : 0,
    holidayMinutes: plan.kind === 'HOLIDAY' ? worked : 0,
  };
}

/** The T-13 codes of a date whose shift is wholly its own (no part on another date). */
export function timesheetEntries(
  plan: TimesheetPlan,
  attendance: TimesheetAttendance,
  employment?: Employment,
): TimesheetEntry[] {
  return timesheetEntriesOfHours(
    plan,
    hoursOfShift(plan, attendance),
    attendance.absent,
    employment,
  );
}

/** Days and minutes worked. */
export interface WorkedTotal {
  days: number;
  minutes: number;
}

/** «Неявки по причинам»: a code that is not work, with its days and minutes. */
export interface TimesheetAbsence {
  code: TimesheetCode;
  days: number;
  minutes: number;
}

export interface TimesheetTotals {
  /** Days 1–15. */
  firstHalf: WorkedTotal;
  /** Days 16 to the end of the month. */
  secondHalf: WorkedTotal;
  month: WorkedTotal;
  /** In the order of the form's code table. */
  absences: TimesheetAbsence[];
}

const codeOrder = new Map<TimesheetCode, number>(
  timesheetCodeTable.map((entry, index) => [entry.code, index]),
);

/**
 * Totals of a month's dates: a date with any work code is a day worked and its work codes'
 * minutes are the time worked (Н on a date with РВ is inside the other codes: not added again);
 * every other code counts its days (and minutes, if any).
 */
export function timesheetTotals(
  days: readonly { date: LocalDate; entries: readonly TimesheetEntry[] }[],
): TimesheetTotals {
  const firstHalf: WorkedTotal = { days: 0, minutes: 0 };
  const secondHalf: WorkedTotal = { days: 0, minutes: 0 };
  const absences = new Map<TimesheetCode, TimesheetAbsence>();
  for (const day of days) {
    const half = Number(day.date.slice(8, 10)) <= 15 ? firstHalf : secondHalf;
    let worked = false;
    const seen = new Set<TimesheetCode>();
    half.minutes += workedMinutesOf(day.entries);
    for (const entry of day.entries) {
      const minutes = entry.minutes ?? 0;
      if (isWorkCode(entry.code)) {
        worked = true;
        continue;
      }
      let absence = absences.get(entry.code);
      if (!absence) absences.set(entry.code, (absence = { code: entry.code, days: 0, minutes: 0 }));
      if (!seen.has(entry.code)) absence.days += 1;
      seen.add(entry.code);
      absence.minutes += minutes;
    }
    if (worked) half.days += 1;
  }
  return {
    firstHalf,
    secondHalf,
    month: {
      days: firstHalf.days + secondHalf.days,
      minutes: firstHalf.minutes + secondHalf.minutes,
    },
    absences: [...absences.values()].sort(
      (a, b) => (codeOrder.get(a.code) ?? 0) - (codeOrder.get(b.code) ?? 0),
    ),
  };
}

/** A summary with nothing in it. */
export function emptyAttendanceSummary(): AttendanceSummary {
  return {
    plannedDays: 0,
    plannedMinutes: 0,
    workedDays: 0,
    workedMinutes: 0,
    lateCount: 0,
    lateMinutes: 0,
    earlyLeaveCount: 0,
    earlyLeaveMinutes: 0,
    absenceDays: { VACATION: 0, SICKLEAVE: 0, HOLIDAY: 0, DISMISSED: 0, WEEKEND: 0 },
    absentDays: 0,
    overtimeMinutes: 0,
    nightMinutes: 0,
    dayOffWorkDays: 0,
    dayOffWorkMinutes: 0,
    holidayWorkMinutes: 0,
  };
}

/** What a summary takes of a date (an `AttendanceDate` is one). */
export interface SummaryDate {
  plan: TimesheetPlan;
  attendance: DayAttendance;
  hours: DateHours;
}

/**
 * Adds one date to a summary (in place). Dates outside employment add nothing. A planned day is
 * a working day with shifts; lateness, early leave and absence are the date's shift's; the time
 * worked, night, overtime and work on days off and holidays are the hours the date holds.
 */
export function addToAttendanceSummary(
  summary: AttendanceSummary,
  day: SummaryDate,
  employment?: Employment,
): AttendanceSummary {
  const { plan, attendance, hours } = day;
  if (!isEmployedOn(plan.date, employment)) return summary;
  if (plan.kind === 'WORK' && attendance.plannedMinutes > 0) {
    summary.plannedDays += 1;
    summary.plannedMinutes += attendance.plannedMinutes;
  }
  const worked = hours.regularMinutes + hours.restWorkMinutes;
  if (worked > 0) {
    summary.workedDays += 1;
    summary.workedMinutes += worked;
  }
  if (attendance.late) {
    summary.lateCount += 1;
    summary.lateMinutes += attendance.lateMinutes;
  }
  if (attendance.leftEarly) {
    summary.earlyLeaveCount += 1;
    summary.earlyLeaveMinutes += attendance.earlyLeaveMinutes;
  }
  if (plan.kind === 'DAY_OFF' && plan.dayOffType) summary.absenceDays[plan.dayOffType] += 1;
  if (attendance.absent) summary.absentDays += 1;
  // The report shows extra time also while not approved (it is not С in the T-13 then).
  summary.overtimeMinutes += hours.overtimeMinutes + hours.unapprovedOvertimeMinutes;
  summary.nightMinutes += hours.regularNightMinutes + hours.restWorkNightMinutes;
  if (hours.restWorkMinutes > 0) {
    summary.dayOffWorkDays += 1;
    summary.dayOffWorkMinutes += hours.restWorkMinutes;
  }
  summary.holidayWorkMinutes += hours.holidayMinutes;
  return summary;
}

/** Adds one summary to another (in place): the totals row of a report. */
export function addAttendanceSummaries(
  total: AttendanceSummary,
  part: AttendanceSummary,
): AttendanceSummary {
  total.plannedDays += part.plannedDays;
  total.plannedMinutes += part.plannedMinutes;
  total.workedDays += part.workedDays;
  total.workedMinutes += part.workedMinutes;
  total.lateCount += part.lateCount;
  total.lateMinutes += part.lateMinutes;
  total.earlyLeaveCount += part.earlyLeaveCount;
  total.earlyLeaveMinutes += part.earlyLeaveMinutes;
  for (const type of Object.keys(part.absenceDays) as DayOffType[])
    total.absenceDays[type] = (total.absenceDays[type] ?? 0) + (part.absenceDays[type] ?? 0);
  total.absentDays += part.absentDays;
  total.overtimeMinutes += part.overtimeMinutes;
  total.nightMinutes += part.nightMinutes;
  total.dayOffWorkDays += part.dayOffWorkDays;
  total.dayOffWorkMinutes += part.dayOffWorkMinutes;
  total.holidayWorkMinutes += part.holidayWorkMinutes;
  return total;
}

/** The summary of a period's dates. */
export function attendanceSummary(
  days: readonly SummaryDate[],
  employment?: Employment,
): AttendanceSummary {
  const summary = emptyAttendanceSummary();
  for (const day of days) addToAttendanceSummary(summary, day, employment);
  return summary;
}

/** Days and minutes of one T-13 code over a month. */
export interface CodeTotal {
  days: number;
  minutes: number;
}

/** What payroll takes of an employee's month (docs/payroll-export.md). */
export interface PayrollTotals {
  /** «Отработано» of the month, as the timesheet counts it. */
  worked: WorkedTotal;
  /** Every code of the month, with the dates that hold it and its minutes. */
  codes: Partial<Record<TimesheetCode, CodeTotal>>;
  /** The minutes of Н: night hours (art. 96, 154), those inside РВ included. */
  nightMinutes: number;
  /** The minutes of С (art. 99, 152). */
  overtimeMinutes: number;
  /** Minutes worked on non-working holidays (art. 153), whatever their code. */
  holidayMinutes: number;
}

/**
 * An employee's month for payroll, from the dates the attendance core computed: their codes
 * (a manager's, where set) and the holiday minutes each date stands for. Nothing is judged here:
 * night hours are the Н entries, overtime the С entries, days of a code the dates holding it.
 */
export function payrollTotals(
  days: readonly {
    date: LocalDate;
    entries: readonly TimesheetEntry[];
    holidayWorkMinutes: number;
  }[],
): PayrollTotals {
  const codes: Partial<Record<TimesheetCode, CodeTotal>> = {};
  let holidayMinutes = 0;
  for (const day of days) {
    holidayMinutes += day.holidayWorkMinutes;
    const seen = new Set<TimesheetCode>();
    for (const entry of day.entries) {
      const total = (codes[entry.code] ??= { days: 0, minutes: 0 });
      if (!seen.has(entry.code)) total.days += 1;
      seen.add(entry.code);
      total.minutes += entry.minutes ?? 0;
    }
  }
  return {
    worked: timesheetTotals(days).month,
    codes,
    nightMinutes: codes['Н']?.minutes ?? 0,
    overtimeMinutes: codes['С']?.minutes ?? 0,
    holidayMinutes,
  };
}
