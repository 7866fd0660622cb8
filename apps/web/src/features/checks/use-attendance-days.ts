import { addDays } from '@smena/time';
import { useMemo } from 'react';
import { useAttendance } from './api/get-attendance.ts';
import { usePeriodChecks } from './api/get-checks.ts';
import { usePlan } from './api/get-plan.ts';
import type { AttendanceQuery, PlanOwner } from './api/keys.ts';
import { toCheckDays } from './check-days.ts';

export type AttendanceDaysInput = {
  /** `me` on the employee's home; an employee id for managers. */
  owner: PlanOwner;
  from: string;
  to: string;
  /** Checks the API placed on no date are listed on their local date in this zone. */
  zoneOf: (branchId: number | null) => string;
  withAbsences?: boolean;
  extraDates?: readonly string[];
};

/**
 * The plan (for the shift times shown), the checks of a period and the attendance the API
 * computed for its dates, joined into the dates to show (newest first).
 */
export function useAttendanceDays(input: AttendanceDaysInput) {
  const { owner, from, to, zoneOf, withAbsences, extraDates } = input;
  const plan = usePlan(owner, from, to);
  const checks = usePeriodChecks(owner === 'me' ? { from, to } : { from, to, employeeId: owner });
  // From the day before: a night shift that began then owns the period's first check-out.
  // One employee: every date (extra dates of the home page need theirs too).
  const query = useMemo(
    (): AttendanceQuery => ({
      owner: owner === 'me' ? 'me' : [owner],
      from: addDays(from, -1),
      to,
      dates: extraDates && extraDates.length > 0 ? 'all' : 'marked',
    }),
    [owner, from, to, extraDates],
  );
  const attendance = useAttendance(query);

  const days = useMemo(() => {
    if (!checks.data || !attendance.data) return [];
    return toCheckDays({
      days: attendance.data[0]?.days ?? [],
      checks: checks.data,
      plans: plan.data ?? [],
      from,
      to,
      zoneOf,
      withAbsences,
      extraDates,
    });
  }, [checks.data, attendance.data, plan.data, from, to, zoneOf, withAbsences, extraDates]);

  return {
    days,
    plan,
    checks,
    isPending: attendance.isPending || checks.isPending,
    // Not the API's refresh every minute: only a new period, or a change, spins.
    isFetching:
      plan.isFetching ||
      checks.isFetching ||
      (attendance.isFetching && (attendance.isPending || attendance.isPlaceholderData)),
    error: checks.error ?? attendance.error ?? plan.error,
  };
}
