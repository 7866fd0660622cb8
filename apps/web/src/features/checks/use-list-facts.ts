import type { Check, EmployeeDates } from '@smena/contract';
import { useMemo } from 'react';
import { checkFactsById, type CheckFacts } from './check-days.ts';

/**
 * Lateness and early leave of the checks on a page of many employees, from the attendance the
 * API computed and sent with the page (`GET /checks?withAttendance=true`): no second request.
 * Without it (a page spanning more than the attendance allows) the rows show durations only.
 */
export function useListFacts({
  checks,
  attendance,
  zoneOf,
  nowMs,
}: {
  checks: readonly Check[];
  attendance: readonly EmployeeDates[] | undefined;
  zoneOf: (branchId: number | null) => string;
  nowMs: number;
}): Map<number, CheckFacts> {
  return useMemo(
    () => checkFactsById(checks, attendance, zoneOf, nowMs),
    [checks, attendance, zoneOf, nowMs],
  );
}
