import { MAX_ATTENDANCE_DAYS, MAX_ATTENDANCE_EMPLOYEES, type Check } from '@smena/contract';
import { addDays, daysBetween } from '@smena/time';
import { useMemo } from 'react';
import { useAttendance } from './api/get-attendance.ts';
import type { AttendanceQuery } from './api/keys.ts';
import { checkFactsById, type CheckFacts } from './check-days.ts';
import { dateOf } from './check-format.ts';

/**
 * Lateness and early leave of the checks on a page of many employees: ONE request for the
 * attendance the API computed for the page's employees over the page's dates. Beyond
 * MAX_ATTENDANCE_DAYS (or employees) nothing is asked: the rows show durations only.
 */
export function useListFacts({
  checks,
  zoneOf,
  nowMs,
}: {
  checks: readonly Check[];
  zoneOf: (branchId: number | null) => string;
  nowMs: number;
}): Map<number, CheckFacts> {
  const query = useMemo((): AttendanceQuery | null => {
    if (checks.length === 0) return null;
    const dates = checks.map((check) => dateOf(check.checkInDateTime, zoneOf(check.branchId)));
    dates.sort();
    // The day before: a night shift that began then owns this morning's check-out.
    const from = addDays(dates[0]!, -1);
    const to = dates[dates.length - 1]!;
    const owner = [...new Set(checks.map((check) => check.employeeId))].sort((a, b) => a - b);
    if (daysBetween(from, to) + 1 > MAX_ATTENDANCE_DAYS) return null;
    if (owner.length > MAX_ATTENDANCE_EMPLOYEES) return null;
    return { owner, from, to, dates: 'marked' };
  }, [checks, zoneOf]);
  const attendance = useAttendance(query);
  const employees = attendance.data;

  return useMemo(
    () => checkFactsById(checks, employees, zoneOf, nowMs),
    [checks, employees, zoneOf, nowMs],
  );
}
