import type { Check, DayPlan } from '@smena/contract';
import {
  type DayAttendance,
  assignChecksToDates,
  attendancePlanFromIso,
  checkInterval,
  dayAttendance,
} from '@smena/time';

export type AttendanceSettings = {
  /** The zone the engine reads night time and check dates in (the branch's, else the company's). */
  timezone: string;
  lateToleranceMinutes: number;
  nowMs: number;
};

/** One date of an employee: its plan, its checks (earliest first) and what they amount to. */
export type CheckDay = {
  date: string;
  /** Undefined when the plan was not asked for this date. */
  plan: DayPlan | undefined;
  checks: Check[];
  attendance: DayAttendance;
};

type Stamped = { check: Check; inMs: number; outMs: number | null };

/**
 * The dates of an employee's checks (a night shift's check-out stays with the evening's date),
 * with lateness, early leave and worked minutes from the attendance engine. With
 * `withAbsences`, planned working dates without checks (absences, not arrived yet) are listed too.
 * Newest date first.
 */
export function checkDays(
  plans: readonly DayPlan[],
  checks: readonly Check[],
  settings: AttendanceSettings,
  options: { withAbsences?: boolean; extraDates?: readonly string[] } = {},
): CheckDay[] {
  const planByDate = new Map(plans.map((plan) => [plan.date, plan]));
  const attendancePlans = plans.map(attendancePlanFromIso);
  const attendanceByDate = new Map(attendancePlans.map((plan) => [plan.date, plan]));
  const stamped: Stamped[] = checks.map((check) => ({
    check,
    inMs: Date.parse(check.checkInDateTime),
    outMs: check.checkOutDateTime ? Date.parse(check.checkOutDateTime) : null,
  }));
  const byDate = assignChecksToDates(attendancePlans, stamped, settings.timezone, settings.nowMs);
  const engineOptions = {
    timezone: settings.timezone,
    lateToleranceMinutes: settings.lateToleranceMinutes,
    nowMs: settings.nowMs,
  };

  const days: CheckDay[] = [];
  for (const [date, list] of byDate) {
    list.sort((a, b) => a.inMs - b.inMs);
    const plan = attendanceByDate.get(date) ?? { date, kind: 'NO_SCHEDULE' as const, shifts: [] };
    days.push({
      date,
      plan: planByDate.get(date),
      checks: list.map((item) => item.check),
      attendance: dayAttendance(plan, list, engineOptions),
    });
  }
  const listed = new Set(byDate.keys());
  if (options.withAbsences) {
    for (const plan of attendancePlans) {
      if (listed.has(plan.date)) continue;
      const attendance = dayAttendance(plan, [], engineOptions);
      if (!attendance.absent && !attendance.notArrived) continue;
      listed.add(plan.date);
      days.push({ date: plan.date, plan: planByDate.get(plan.date), checks: [], attendance });
    }
  }
  for (const date of options.extraDates ?? []) {
    if (listed.has(date)) continue;
    listed.add(date);
    const plan = attendanceByDate.get(date) ?? { date, kind: 'NO_SCHEDULE' as const, shifts: [] };
    days.push({
      date,
      plan: planByDate.get(date),
      checks: [],
      attendance: dayAttendance(plan, [], engineOptions),
    });
  }
  return days.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** What one check row shows of its date: the lateness on its first check, early leave on its last. */
export type CheckFacts = {
  date: string;
  /** This check alone: out − in (an open check until now). */
  durationMinutes: number;
  lateMinutes: number;
  earlyLeaveMinutes: number;
  day: CheckDay;
};

/** The facts of each check of the given days, by check id. */
export function checkFactsById(days: readonly CheckDay[], nowMs: number): Map<number, CheckFacts> {
  const facts = new Map<number, CheckFacts>();
  for (const day of days) {
    day.checks.forEach((check, index) => {
      const interval = checkInterval(
        {
          inMs: Date.parse(check.checkInDateTime),
          outMs: check.checkOutDateTime ? Date.parse(check.checkOutDateTime) : null,
        },
        nowMs,
      );
      facts.set(check.id, {
        date: day.date,
        durationMinutes: Math.floor((interval.endMs - interval.startMs) / 60_000),
        lateMinutes: index === 0 ? day.attendance.lateMinutes : 0,
        earlyLeaveMinutes: index === day.checks.length - 1 ? day.attendance.earlyLeaveMinutes : 0,
        day,
      });
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
