/**
 * Attendance: what an employee's checks of a date amount to against the plan of that date —
 * worked, late, early-leave, overtime and night minutes, absence, work on a day off. Pure: the
 * caller passes the plan, the checks and the clock (docs/LABOUR-RULES.md, «Attendance»).
 */
import type { DayOffType } from '@smena/contract';
import type { LocalDate } from './dates.ts';
import {
  type Interval,
  clipIntervals,
  intersection,
  nightMinutes,
  unionIntervals,
} from './intervals.ts';
import type { DayPlan, DayPlanKind } from './plan.ts';
import { localDateOf } from './zone.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** An open check counts until now, but never longer than this: a forgotten one is closed later. */
export const OPEN_CHECK_CAP_MS = 24 * HOUR_MS;

/**
 * A break is due after at most four hours of work (art. 108 ТК РФ): the unpaid break of the plan
 * is taken only from the time worked beyond them, so a short day keeps all its minutes.
 */
export const BREAK_AFTER_MINUTES = 240;

/** A check that overlaps no shift belongs to a shift starting at most this long after it. */
const EARLY_ARRIVAL_MS = 3 * HOUR_MS;

/** A planned shift: instants in epoch ms (the engine's `PlannedShift` is one). */
export interface AttendanceShift {
  startMs: number;
  endMs: number;
  breakMinutes: number;
  plannedMinutes: number;
}

/** The plan of one date as attendance needs it (the engine's `DayPlan` maps onto it). */
export interface AttendancePlan {
  date: LocalDate;
  kind: DayPlanKind;
  /** Empty unless the kind is WORK; a FLEX day has one shift: its window. */
  shifts: readonly AttendanceShift[];
  flex?: { requiredMinutes: number; window: Interval; core?: Interval };
  /** The day-off's type on a DAY_OFF date. */
  dayOffType?: DayOffType;
}

/** The engine's plan of a date as attendance takes it. */
export function toAttendancePlan(plan: DayPlan): AttendancePlan {
  if (plan.kind === 'DAY_OFF')
    return { date: plan.date, kind: plan.kind, shifts: [], dayOffType: plan.type };
  if (plan.kind !== 'WORK') return { date: plan.date, kind: plan.kind, shifts: [] };
  return plan.flex
    ? { date: plan.date, kind: 'WORK', shifts: plan.shifts, flex: plan.flex }
    : { date: plan.date, kind: 'WORK', shifts: plan.shifts };
}

/** A check: in and out instants in epoch ms; `outMs` null while the employee is still in. */
export interface AttendanceCheck {
  inMs: number;
  outMs: number | null;
}

export interface AttendanceOptions {
  /** IANA zone of the branch (else the company): night time is local. */
  timezone: string;
  /** Minutes after the start (before the end) that are not yet late (early). */
  lateToleranceMinutes: number;
  /** The server's clock: open checks run until it; shifts not over yet are not absences. */
  nowMs: number;
}

export interface DayAttendance {
  date: LocalDate;
  kind: DayPlanKind;
  plannedMinutes: number;
  /** The union of the check intervals (open ones until now) minus the unpaid break. */
  workedMinutes: number;
  /** From the start of the shift (FLEX: of the core time) to the first check-in, when late. */
  lateMinutes: number;
  /** From the last check-out to the end of the shift (FLEX: of the core time), when early. */
  earlyLeaveMinutes: number;
  /** Worked beyond the plan of a working day. */
  overtimeMinutes: number;
  /** Worked between 22:00 and 06:00 local (art. 96 ТК РФ), never more than worked. */
  nightMinutes: number;
  late: boolean;
  leftEarly: boolean;
  /** A working day whose shifts are over with no check and no day-off: absence without reason. */
  absent: boolean;
  /** A working day whose shift has begun (beyond the tolerance) with no check yet. */
  notArrived: boolean;
  /** Worked on a rest day, holiday or day-off. */
  workedOnDayOff: boolean;
  /** A check of the date is still open. */
  open: boolean;
  firstInMs: number | null;
  lastOutMs: number | null;
}

/** The interval a check covers: an open one until now, at most OPEN_CHECK_CAP_MS. */
export function checkInterval(check: AttendanceCheck, nowMs: number): Interval {
  const endMs = check.outMs ?? Math.min(nowMs, check.inMs + OPEN_CHECK_CAP_MS);
  return { startMs: check.inMs, endMs: Math.max(endMs, check.inMs) };
}

/** The time the checks of a date cover (open ones until now); a FLEX day's inside its window. */
export function coveredIntervals(
  plan: AttendancePlan,
  checks: readonly AttendanceCheck[],
  nowMs: number,
): Interval[] {
  const covered = unionIntervals(checks.map((check) => checkInterval(check, nowMs)));
  const working = plan.kind === 'WORK' && plan.shifts.length > 0;
  return working && plan.flex ? clipIntervals(covered, plan.flex.window) : covered;
}

/** The unpaid break taken from `coveredMinutes` of work: only from the time beyond four hours. */
export function breakDeductedMinutes(plan: AttendancePlan, coveredMinutes: number): number {
  if (plan.kind !== 'WORK') return 0;
  const breakMinutes = plan.shifts.reduce((sum, shift) => sum + shift.breakMinutes, 0);
  return Math.min(breakMinutes, Math.max(0, coveredMinutes - BREAK_AFTER_MINUTES));
}

export const wholeMinutes = (ms: number) => Math.floor(ms / MINUTE_MS + 1e-9);
const minutesLate = (ms: number) => Math.ceil(ms / MINUTE_MS - 1e-9);

/** What the checks of a date amount to against its plan. */
export function dayAttendance(
  plan: AttendancePlan,
  checks: readonly AttendanceCheck[],
  options: AttendanceOptions,
): DayAttendance {
  const { nowMs, timezone } = options;
  const toleranceMs = options.lateToleranceMinutes * MINUTE_MS;
  const working = plan.kind === 'WORK' && plan.shifts.length > 0;

  const covered = coveredIntervals(plan, checks, nowMs);
  const coveredMinutes =
    covered.reduce((sum, part) => sum + (part.endMs - part.startMs), 0) / MINUTE_MS;
  const deducted = breakDeductedMinutes(plan, coveredMinutes);
  const workedMinutes = wholeMinutes((coveredMinutes - deducted) * MINUTE_MS);

  const night = covered.reduce(
    (sum, part) => sum + nightMinutes(part.startMs, part.endMs, timezone),
    0,
  );
  const plannedMinutes = working
    ? plan.shifts.reduce((sum, shift) => sum + shift.plannedMinutes, 0)
    : 0;

  const open = checks.some((check) => check.outMs === null);
  const firstInMs = checks.length > 0 ? Math.min(...checks.map((check) => check.inMs)) : null;
  const closedOuts = checks.flatMap((check) => (check.outMs === null ? [] : [check.outMs]));
  const lastOutMs = closedOuts.length > 0 ? Math.max(...closedOuts) : null;

  // The span lateness and early leave are measured against: the shifts, or a FLEX day's core.
  const first = plan.shifts[0];
  const last = plan.shifts[plan.shifts.length - 1];
  const span: Interval | null = !working
    ? null
    : plan.flex
      ? (plan.flex.core ?? null)
      : { startMs: first!.startMs, endMs: last!.endMs };

  let lateMinutes = 0;
  let earlyLeaveMinutes = 0;
  if (span && firstInMs !== null && firstInMs > span.startMs + toleranceMs)
    lateMinutes = minutesLate(firstInMs - span.startMs);
  if (span && !open && lastOutMs !== null && lastOutMs < span.endMs - toleranceMs)
    earlyLeaveMinutes = minutesLate(span.endMs - lastOutMs);

  const dayStartMs = working ? (plan.flex?.core ?? plan.flex?.window ?? first!).startMs : 0;
  const dayEndMs = working ? (plan.flex?.window ?? last!).endMs : 0;
  const noChecks = checks.length === 0;

  return {
    date: plan.date,
    kind: plan.kind,
    plannedMinutes,
    workedMinutes,
    lateMinutes,
    earlyLeaveMinutes,
    overtimeMinutes: plan.kind === 'WORK' ? Math.max(0, workedMinutes - plannedMinutes) : 0,
    nightMinutes: Math.min(wholeMinutes(night * MINUTE_MS), workedMinutes),
    late: lateMinutes > 0,
    leftEarly: earlyLeaveMinutes > 0,
    absent: working && noChecks && nowMs >= dayEndMs,
    notArrived: working && noChecks && nowMs > dayStartMs + toleranceMs && nowMs < dayEndMs,
    workedOnDayOff:
      (plan.kind === 'REST' || plan.kind === 'HOLIDAY' || plan.kind === 'DAY_OFF') &&
      workedMinutes > 0,
    open,
    firstInMs,
    lastOutMs,
  };
}

/**
 * The date each check belongs to: the date of the shift it overlaps most (a night shift's
 * check-out the next morning stays with the evening's date), else of a shift starting within
 * three hours after the check-in (an early arrival), else the local date of the check-in.
 */
export function assignChecksToDates<T extends AttendanceCheck>(
  plans: readonly AttendancePlan[],
  checks: readonly T[],
  timezone: string,
  nowMs: number,
): Map<LocalDate, T[]> {
  const shifts = plans.flatMap((plan) =>
    plan.kind === 'WORK'
      ? plan.shifts.map((shift) => ({
          date: plan.date,
          startMs: shift.startMs,
          endMs: shift.endMs,
        }))
      : [],
  );
  const byDate = new Map<LocalDate, T[]>();
  for (const check of checks) {
    const interval = checkInterval(check, nowMs);
    let date: LocalDate | undefined;
    let best = 0;
    for (const shift of shifts) {
      const part = intersection(interval, shift);
      const overlap = part ? part.endMs - part.startMs : 0;
      if (overlap > best) {
        best = overlap;
        date = shift.date;
      }
    }
    if (date === undefined) {
      let nearest = Infinity;
      for (const shift of shifts) {
        const ahead = shift.startMs - check.inMs;
        if (ahead >= 0 && ahead <= EARLY_ARRIVAL_MS && ahead < nearest) {
          nearest = ahead;
          date = shift.date;
        }
      }
    }
    date ??= localDateOf(check.inMs, timezone);
    const list = byDate.get(date);
    if (list) list.push(check);
    else byDate.set(date, [check]);
  }
  return byDate;
}
