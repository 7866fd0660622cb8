import type { Check, DateAttendance, DayPlan, EmployeeDates } from '@smena/contract';
import { checkInterval } from '@smena/time';
import { dateOf } from '../../lib/zoned-instants.ts';

/** One date of an employee: its plan, its checks (earliest first) and what the API says of it. */
export type CheckDay = {
  date: string;
  /** Undefined when the plan was not asked for this date. */
  plan: DayPlan | undefined;
  checks: Check[];
  attendance: DateAttendance;
};

/** A date the API said nothing of (a check it has not placed yet): nothing to mark. */
function blankAttendance(date: string, checks: readonly Check[]): DateAttendance {
  return {
    date,
    kind: 'NO_SCHEDULE',
    dayOffType: null,
    plannedMinutes: 0,
    workedMinutes: 0,
    lateMinutes: 0,
    earlyLeaveMinutes: 0,
    overtimeMinutes: 0,
    nightMinutes: 0,
    late: false,
    leftEarly: false,
    absent: false,
    notArrived: false,
    workedOnDayOff: false,
    open: checks.some((check) => check.checkOutDateTime === null),
    checkIds: checks.map((check) => check.id),
  };
}

const byCheckIn = (a: Check, b: Check) =>
  Date.parse(a.checkInDateTime) - Date.parse(b.checkInDateTime);

/**
 * The dates of an employee's period as the API computed them, with the period's checks under
 * them (a night shift's check-out stays with the evening's date, even the day before `from`).
 * Listed: dates with checks, and with `withAbsences` absences and shifts begun without a check,
 * and `extraDates`. A check the API placed on no date is listed on its own local date.
 * Newest date first.
 */
export function toCheckDays(input: {
  /** The API's dates of the employee (from the day before the period, for its night shift). */
  days: readonly DateAttendance[];
  /** The period's checks. */
  checks: readonly Check[];
  plans: readonly DayPlan[];
  from: string;
  to: string;
  zoneOf: (branchId: number | null) => string;
  withAbsences?: boolean;
  extraDates?: readonly string[];
}): CheckDay[] {
  const { from, to } = input;
  const checkById = new Map(input.checks.map((check) => [check.id, check]));
  const planByDate = new Map(input.plans.map((plan) => [plan.date, plan]));
  const extra = new Set(input.extraDates ?? []);
  const result = new Map<string, CheckDay>();
  const placed = new Set<number>();

  for (const day of input.days) {
    const checks = day.checkIds.flatMap((id) => {
      const check = checkById.get(id);
      return check ? [check] : [];
    });
    for (const check of checks) placed.add(check.id);
    const inPeriod = day.date >= from && day.date <= to;
    const listed =
      checks.length > 0 ||
      (inPeriod && extra.has(day.date)) ||
      (inPeriod && input.withAbsences === true && (day.absent || day.notArrived));
    if (!listed) continue;
    result.set(day.date, {
      date: day.date,
      plan: planByDate.get(day.date),
      checks,
      attendance: day,
    });
  }

  const orphans = new Map<string, Check[]>();
  for (const check of input.checks) {
    if (placed.has(check.id)) continue;
    const date = dateOf(check.checkInDateTime, input.zoneOf(check.branchId));
    orphans.set(date, [...(orphans.get(date) ?? []), check]);
  }
  for (const [date, checks] of orphans) {
    const day = result.get(date);
    if (day) day.checks = [...day.checks, ...checks].sort(byCheckIn);
    else
      result.set(date, {
        date,
        plan: planByDate.get(date),
        checks: checks.sort(byCheckIn),
        attendance: blankAttendance(date, checks),
      });
  }
  for (const date of extra) {
    if (result.has(date) || date < from || date > to) continue;
    result.set(date, {
      date,
      plan: planByDate.get(date),
      checks: [],
      attendance: blankAttendance(date, []),
    });
  }
  return [...result.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** What one check row shows of its date: the lateness on its first check, early leave on its last. */
export type CheckFacts = {
  date: string;
  /** This check alone: out − in (an open check until now). */
  durationMinutes: number;
  lateMinutes: number;
  earlyLeaveMinutes: number;
};

/** The check's own time: out − in, an open one until now (at most a day). */
export function checkDurationMinutes(check: Check, nowMs: number): number {
  const interval = checkInterval(
    {
      inMs: Date.parse(check.checkInDateTime),
      outMs: check.checkOutDateTime ? Date.parse(check.checkOutDateTime) : null,
    },
    nowMs,
  );
  return Math.floor((interval.endMs - interval.startMs) / 60_000);
}

/**
 * The facts of each check of a page of many employees, by check id: the date the API put it on,
 * with that date's lateness on its first check and early leave on its last. Without the API's
 * answer (not yet, or a span too long to ask) a check shows its local date and duration only.
 */
export function checkFactsById(
  checks: readonly Check[],
  employees: readonly EmployeeDates[] | undefined,
  zoneOf: (branchId: number | null) => string,
  nowMs: number,
): Map<number, CheckFacts> {
  const placed = new Map<number, { date: string; late: number; early: number }>();
  for (const employee of employees ?? [])
    for (const day of employee.days)
      day.checkIds.forEach((id, index) =>
        placed.set(id, {
          date: day.date,
          late: index === 0 ? day.lateMinutes : 0,
          early: index === day.checkIds.length - 1 ? day.earlyLeaveMinutes : 0,
        }),
      );
  const facts = new Map<number, CheckFacts>();
  for (const check of checks) {
    const place = placed.get(check.id);
    facts.set(check.id, {
      date: place?.date ?? dateOf(check.checkInDateTime, zoneOf(check.branchId)),
      durationMinutes: checkDurationMinutes(check, nowMs),
      lateMinutes: place?.late ?? 0,
      earlyLeaveMinutes: place?.early ?? 0,
    });
  }
  return facts;
}

/** Totals of a period: worked minutes and how many late, early and absent days. */
export function periodTotals(days: readonly CheckDay[]) {
  return days.reduce(
    (sum, day) => ({
      workedMinutes: sum.workedMinutes + day.attendance.workedMinutes,
      lateDays: sum.lateDays + (day.attendance.late ? 1 : 0),
      earlyDays: sum.earlyDays + (day.attendance.leftEarly ? 1 : 0),
      absentDays: sum.absentDays + (day.attendance.absent ? 1 : 0),
    }),
    { workedMinutes: 0, lateDays: 0, earlyDays: 0, absentDays: 0 },
  );
}
