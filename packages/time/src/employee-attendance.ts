/**
 * The one place that decides what an employee's dates mean: plans and checks of a range become,
 * per calendar date, the attendance of its shift (late, early, absent…), the hours the date holds
 * (regular, night, overtime, work on a rest day or holiday) and its timesheet (T-13) codes.
 * Pure: the caller loads the plans, checks, calendar and overrides. The rules are written in
 * docs/timesheet-rules.md.
 */
import {
  type CrossMidnightHours,
  type HolidayShiftCode,
  type OvertimeApproval,
  type TimesheetEntry,
  workedMinutesOf,
} from '@smena/contract';
import {
  type AttendanceCheck,
  type AttendanceOptions,
  type AttendancePlan,
  type DayAttendance,
  assignChecksToDates,
  breakDeductedMinutes,
  coveredIntervals,
  dayAttendance,
  wholeMinutes,
} from './attendance.ts';
import { type LocalDate, addDays, eachDate, fromDayNumber } from './dates.ts';
import { nightMinutes } from './intervals.ts';
import { type ProductionCalendar, dayKind } from './production-calendar.ts';
import { type Employment, isEmployedOn, timesheetEntriesOfHours } from './timesheet.ts';
import { localDayNumberOf, midnightMs } from './zone.ts';

const MINUTE_MS = 60_000;

/** A company's choices where the law leaves the way of recording open. */
export interface TimesheetRules {
  crossMidnightHours: CrossMidnightHours;
  holidayShiftCode: HolidayShiftCode;
  /**
   * «Сверхурочные»: AUTO (the default) counts extra time as С at once; APPROVED_ONLY only on the
   * shifts whose date is in `approvedOvertimeDates` (art. 99: overtime is by the employer's order).
   */
  overtimeApproval?: OvertimeApproval | undefined;
  /**
   * The employee's schedule uses summarized accounting (art. 104): a date has no overtime of its
   * own — time beyond a shift's plan is regular work (Я / Н), and the period's overtime is
   * counted at its end against the period's norm (`summarized.ts`, decision 030).
   */
  summarized?: boolean | undefined;
}

/** What a new company starts with. */
export const DEFAULT_TIMESHEET_RULES: TimesheetRules = {
  crossMidnightHours: 'SPLIT_BY_DATE',
  holidayShiftCode: 'РВ',
};

/** The hours a calendar date holds, in whole minutes. */
export interface DateHours {
  /** Work recorded as Я / Н / С: on a working day, or a shift going on into the rest day after it. */
  regularMinutes: number;
  /** Of the regular minutes, those between 22:00 and 06:00 local. */
  regularNightMinutes: number;
  /** Of the regular minutes, those beyond the plan of their shift. */
  overtimeMinutes: number;
  /**
   * Of the regular minutes, extra time not approved (overtime approval «только после
   * согласования»): worked, shown in the reports, not counted in the T-13.
   */
  unapprovedOvertimeMinutes: number;
  /** Work recorded as РВ: on a rest day, a non-working holiday or a day-off. */
  restWorkMinutes: number;
  /** Of the РВ minutes, those between 22:00 and 06:00 local. */
  restWorkNightMinutes: number;
  /** Of all the minutes, those on a non-working holiday of the calendar (art. 153). */
  holidayMinutes: number;
}

export const NO_HOURS: DateHours = Object.freeze({
  regularMinutes: 0,
  regularNightMinutes: 0,
  overtimeMinutes: 0,
  unapprovedOvertimeMinutes: 0,
  restWorkMinutes: 0,
  restWorkNightMinutes: 0,
  holidayMinutes: 0,
});

/** Everything the product says about one date of an employee. */
export interface AttendanceDate<T extends AttendanceCheck = AttendanceCheck> {
  date: LocalDate;
  plan: AttendancePlan;
  /** The checks that belong to the date's shift, earliest first. */
  checks: T[];
  /** The date's shift against its checks (lateness, early leave, absence…). */
  attendance: DayAttendance;
  /** The hours recorded on the date (after the cross-midnight rule). */
  hours: DateHours;
  /** The T-13 codes: the manager's override when there is one, else derived. */
  entries: TimesheetEntry[];
  overridden: boolean;
  /**
   * The minutes worked on a non-working holiday of the calendar that the date's codes stand for
   * (art. 153; payroll pays them at least double whatever the code): the hours' `holidayMinutes`
   * when the codes are derived; with a manager's codes, all the minutes they count as worked if
   * the date is a holiday, else none — the manager's codes describe the date, the checks no more.
   */
  holidayWorkMinutes: number;
}

export interface EmployeeAttendanceInput<T extends AttendanceCheck> {
  /**
   * Plans of every date of the range, plus the day before `from` (a night shift of that day may
   * run into it) and, for SHIFT_START, the day after `to`. Extra dates are ignored.
   */
  plans: readonly AttendancePlan[];
  checks: readonly T[];
  from: LocalDate;
  to: LocalDate;
  options: AttendanceOptions;
  rules: TimesheetRules;
  /** For non-working holidays; without it no date is a holiday. */
  calendar?: ProductionCalendar | undefined;
  employment?: Employment | undefined;
  overrides?: ReadonlyMap<LocalDate, readonly TimesheetEntry[]> | undefined;
  /** Shift dates whose overtime a manager approved (used with `rules.overtimeApproval`). */
  approvedOvertimeDates?: ReadonlySet<LocalDate> | undefined;
  /**
   * Attendance of plans without checks, by plan object: employees of one schedule share plan
   * objects, so one cache per zone and tolerance saves recomputing them.
   */
  idleCache?: WeakMap<AttendancePlan, DayAttendance> | undefined;
  /**
   * 'arrival': judge each shift by its first check-in only (late, absent, not arrived yet) and
   * leave hours and codes empty — what a live overview needs, without the cost of worked and
   * night time. Default 'full'.
   */
  detail?: 'full' | 'arrival' | undefined;
}

type Recorded = 'REGULAR' | 'REST';

interface HoursMs {
  regular: number;
  regularNight: number;
  overtime: number;
  unapproved: number;
  rest: number;
  restNight: number;
  holiday: number;
}

interface Piece {
  date: LocalDate;
  ms: number;
  nightMs: number;
}

/** The covered time cut at local midnights, merged by date, earliest first. */
function piecesByDate(
  intervals: readonly { startMs: number; endMs: number }[],
  timezone: string,
): Piece[] {
  const pieces: Piece[] = [];
  for (const interval of intervals) {
    let startMs = interval.startMs;
    let day = localDayNumberOf(startMs, timezone);
    while (startMs < interval.endMs) {
      const date = fromDayNumber(day);
      const endMs = Math.min(interval.endMs, midnightMs(day + 1, timezone));
      day += 1;
      const nightMs = nightMinutes(startMs, endMs, timezone) * MINUTE_MS;
      const last = pieces[pieces.length - 1];
      if (last && last.date === date) {
        last.ms += endMs - startMs;
        last.nightMs += nightMs;
      } else pieces.push({ date, ms: endMs - startMs, nightMs });
      startMs = endMs;
    }
  }
  return pieces;
}

const noSchedule = (date: LocalDate): AttendancePlan => ({ date, kind: 'NO_SCHEDULE', shifts: [] });

/**
 * Per date `from`–`to`: the plan, the checks of its shift, their attendance, the hours and the
 * T-13 codes.
 *
 * - Checks belong to the date of the shift they overlap most (see `assignChecksToDates`);
 *   lateness, early leave, absence and overtime are judged per shift.
 * - The worked time of a shift is cut at local midnight. With SPLIT_BY_DATE each part is recorded
 *   on its own date; with SHIFT_START every part on the date the shift started.
 * - Each part is regular work or work on a day off (РВ) by the date it falls on: a non-working
 *   holiday or a day-off is РВ; a working date is regular, except a shift planned on a holiday,
 *   which follows `holidayShiftCode`; the employee's rest day after a shift continues that
 *   shift's kind (the end of a night shift on a Saturday is the night shift, not work on a day
 *   off; work that began on a day off stays РВ).
 * - The unpaid break is taken from the first part, from its day time first; overtime from the
 *   last regular part. A part on a date outside employment stays with the shift's date.
 */
export function employeeAttendance<T extends AttendanceCheck>(
  input: EmployeeAttendanceInput<T>,
): AttendanceDate<T>[] {
  const { plans, checks, from, to, options, rules, calendar, employment, overrides } = input;
  const { timezone, nowMs } = options;
  const planOf = new Map<LocalDate, AttendancePlan>();
  for (const plan of plans) planOf.set(plan.date, plan);
  const isHoliday = (date: LocalDate) =>
    calendar !== undefined && dayKind(calendar, date) === 'HOLIDAY';

  /** How work on a date is recorded when the date's own kind decides. */
  const recordedOn = (plan: AttendancePlan | undefined): Recorded | null => {
    if (!plan) return null;
    switch (plan.kind) {
      case 'HOLIDAY':
      case 'DAY_OFF':
        return 'REST';
      case 'WORK':
        return isHoliday(plan.date) && rules.holidayShiftCode === 'РВ' ? 'REST' : 'REGULAR';
      case 'REST':
        return null;
      case 'NO_SCHEDULE':
        return 'REGULAR';
    }
  };

  const hoursMs = new Map<LocalDate, HoursMs>();
  const hoursOn = (date: LocalDate) => {
    let hours = hoursMs.get(date);
    if (!hours)
      hoursMs.set(
        date,
        (hours = {
          regular: 0,
          regularNight: 0,
          overtime: 0,
          unapproved: 0,
          rest: 0,
          restNight: 0,
          holiday: 0,
        }),
      );
    return hours;
  };

  const arrivalOnly = input.detail === 'arrival';
  const firstShiftDate = addDays(from, -1);
  const assigned = checks.length > 0 ? assignChecksToDates(plans, checks, timezone, nowMs) : null;
  const shiftAttendance = new Map<LocalDate, DayAttendance>();
  for (const [date, list] of assigned ?? []) {
    if (date < firstShiftDate || date > to) continue;
    list.sort((a, b) => a.inMs - b.inMs);
    const plan = planOf.get(date) ?? noSchedule(date);
    if (arrivalOnly) {
      const first = list[0]!;
      shiftAttendance.set(
        date,
        dayAttendance(plan, [{ inMs: first.inMs, outMs: first.inMs }], options),
      );
      continue;
    }
    const attendance = dayAttendance(plan, list, options);
    shiftAttendance.set(date, attendance);

    const covered = coveredIntervals(plan, list, nowMs);
    const pieces = piecesByDate(covered, timezone);
    const coveredMinutes = pieces.reduce((sum, piece) => sum + piece.ms, 0) / MINUTE_MS;
    // The break: from the first part on, day time before night time.
    let breakMs = breakDeductedMinutes(plan, coveredMinutes) * MINUTE_MS;
    for (const piece of pieces) {
      if (breakMs <= 0) break;
      const taken = Math.min(breakMs, piece.ms);
      piece.ms -= taken;
      piece.nightMs = Math.min(piece.nightMs, piece.ms);
      breakMs -= taken;
    }
    const started = recordedOn(plan) ?? 'REST';
    const recorded = pieces.map((piece) =>
      piece.date === date ? started : (recordedOn(planOf.get(piece.date)) ?? started),
    );
    // Overtime: from the last regular part back; none per date under summarized accounting.
    let overtimeMs = rules.summarized ? 0 : attendance.overtimeMinutes * MINUTE_MS;
    const overtime = pieces.map(() => 0);
    for (let index = pieces.length - 1; index >= 0 && overtimeMs > 0; index--) {
      if (recorded[index] !== 'REGULAR') continue;
      overtime[index] = Math.min(overtimeMs, pieces[index]!.ms);
      overtimeMs -= overtime[index]!;
    }
    // Overtime not approved where approval is required: still worked, not С.
    const approved =
      rules.overtimeApproval !== 'APPROVED_ONLY' ||
      (input.approvedOvertimeDates?.has(date) ?? false);
    pieces.forEach((piece, index) => {
      // A part on a date outside employment (a night shift on the day of dismissal) stays
      // with the shift's date: hours worked are never dropped from the timesheet.
      const target =
        rules.crossMidnightHours === 'SPLIT_BY_DATE' && isEmployedOn(piece.date, employment)
          ? piece.date
          : date;
      if (target < from || target > to) return;
      const hours = hoursOn(target);
      if (recorded[index] === 'REGULAR') {
        hours.regular += piece.ms;
        hours.regularNight += piece.nightMs;
        if (approved) hours.overtime += overtime[index]!;
        else hours.unapproved += overtime[index]!;
      } else {
        hours.rest += piece.ms;
        hours.restNight += piece.nightMs;
      }
      if (isHoliday(piece.date)) hours.holiday += piece.ms;
    });
  }

  const idleCache = input.idleCache ?? new WeakMap<AttendancePlan, DayAttendance>();
  const idle = (plan: AttendancePlan) => {
    let attendance = idleCache.get(plan);
    if (!attendance) idleCache.set(plan, (attendance = dayAttendance(plan, [], options)));
    return attendance;
  };

  return eachDate(from, to).map((date) => {
    const plan = planOf.get(date) ?? noSchedule(date);
    const attendance = shiftAttendance.get(date) ?? idle(plan);
    const ms = hoursMs.get(date);
    const hours: DateHours = ms ? toMinutes(ms) : NO_HOURS;
    const override = overrides?.get(date);
    if (arrivalOnly)
      return {
        date,
        plan,
        checks: assigned?.get(date) ?? [],
        attendance,
        hours,
        entries: [],
        overridden: false,
        holidayWorkMinutes: 0,
      };
    if (override)
      return {
        date,
        plan,
        checks: assigned?.get(date) ?? [],
        attendance,
        hours,
        entries: [...override],
        overridden: true,
        holidayWorkMinutes: isHoliday(date) ? workedMinutesOf(override) : 0,
      };
    return {
      date,
      plan,
      checks: assigned?.get(date) ?? [],
      attendance,
      hours,
      entries: timesheetEntriesOfHours(
        { date, kind: plan.kind, dayOffType: plan.dayOffType ?? null },
        hours,
        attendance.absent,
        employment,
      ),
      overridden: false,
      holidayWorkMinutes: hours.holidayMinutes,
    };
  });
}

function toMinutes(ms: HoursMs): DateHours {
  const regularMinutes = wholeMinutes(ms.regular);
  const restWorkMinutes = wholeMinutes(ms.rest);
  return {
    regularMinutes,
    regularNightMinutes: Math.min(wholeMinutes(ms.regularNight), regularMinutes),
    overtimeMinutes: Math.min(wholeMinutes(ms.overtime), regularMinutes),
    unapprovedOvertimeMinutes: Math.min(wholeMinutes(ms.unapproved), regularMinutes),
    restWorkMinutes,
    restWorkNightMinutes: Math.min(wholeMinutes(ms.restNight), restWorkMinutes),
    holidayMinutes: Math.min(wholeMinutes(ms.holiday), regularMinutes + restWorkMinutes),
  };
}
