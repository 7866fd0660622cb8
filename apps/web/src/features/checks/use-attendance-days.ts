import { useMemo } from 'react';
import { usePeriodChecks } from './api/get-checks.ts';
import { usePlan } from './api/get-plan.ts';
import type { PlanOwner } from './api/keys.ts';
import { checkDays } from './attendance.ts';

export type AttendanceDaysInput = {
  /** `me` on the employee's home; an employee id for managers. */
  owner: PlanOwner;
  from: string;
  to: string;
  /** The company's zone: checks without a known branch zone and the engine fall back to it. */
  companyZone: string;
  zoneOf: (branchId: number | null) => string;
  lateToleranceMinutes: number;
  nowMs: number;
  withAbsences?: boolean;
  extraDates?: readonly string[];
};

/** The plan and the checks of a period, and the dates they amount to (newest first). */
export function useAttendanceDays(input: AttendanceDaysInput) {
  const { owner, from, to } = input;
  const plan = usePlan(owner, from, to);
  const checks = usePeriodChecks(owner === 'me' ? { from, to } : { from, to, employeeId: owner });
  const { companyZone, zoneOf, lateToleranceMinutes, nowMs, withAbsences, extraDates } = input;

  const days = useMemo(() => {
    if (!checks.data) return [];
    const first = checks.data[0];
    const timezone = first ? zoneOf(first.branchId) : companyZone;
    return checkDays(
      plan.data ?? [],
      checks.data,
      { timezone, lateToleranceMinutes, nowMs },
      { withAbsences, extraDates },
    );
  }, [
    checks.data,
    plan.data,
    companyZone,
    zoneOf,
    lateToleranceMinutes,
    nowMs,
    withAbsences,
    extraDates,
  ]);

  return {
    days,
    plan,
    checks,
    isPending: plan.isPending || checks.isPending,
    isFetching: plan.isFetching || checks.isFetching,
    error: checks.error ?? plan.error,
  };
}
