import type { Check } from '@smena/contract';
import { addDays, daysBetween } from '@smena/time';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { planQueryOptions } from './api/get-plan.ts';
import { checkDays, checkFactsById, type CheckFacts } from './attendance.ts';
import { dateOf } from './check-format.ts';

// Module-level, so that useQueries keeps the combined array while the results stay the same.
function dataOf<T>(results: { data: T | undefined }[]): (T | undefined)[] {
  return results.map((result) => result.data);
}

/** Beyond this span a page's plans are not asked for: its rows show durations only. */
const MAX_SPAN_DAYS = 93;

/**
 * Lateness and early leave of the checks on a page of many employees: each employee's plan
 * around the page's dates, through the attendance engine. Only the page's checks count, so a
 * date split between two pages is judged by the part on this one.
 */
export function useListFacts({
  checks,
  zoneOf,
  lateToleranceMinutes,
  nowMs,
}: {
  checks: readonly Check[];
  zoneOf: (branchId: number | null) => string;
  lateToleranceMinutes: number;
  nowMs: number;
}): Map<number, CheckFacts> {
  const range = useMemo(() => {
    if (checks.length === 0) return null;
    const dates = checks.map((check) => dateOf(check.checkInDateTime, zoneOf(check.branchId)));
    dates.sort();
    // The day before: a night shift that began then owns this morning's check-out.
    const from = addDays(dates[0]!, -1);
    const to = dates[dates.length - 1]!;
    return daysBetween(from, to) + 1 > MAX_SPAN_DAYS ? null : { from, to };
  }, [checks, zoneOf]);
  const employeeIds = useMemo(
    () => [...new Set(checks.map((check) => check.employeeId))],
    [checks],
  );
  const planData = useQueries({
    queries: employeeIds.map((id) => ({
      ...planQueryOptions(id, range?.from ?? '', range?.to ?? ''),
      enabled: range !== null,
      meta: { silentError: true },
    })),
    combine: dataOf,
  });

  return useMemo(() => {
    const facts = new Map<number, CheckFacts>();
    employeeIds.forEach((id, index) => {
      const own = checks.filter((check) => check.employeeId === id);
      const first = own[0];
      if (!first) return;
      const days = checkDays(planData[index] ?? [], own, {
        timezone: zoneOf(first.branchId),
        lateToleranceMinutes,
        nowMs,
      });
      for (const [checkId, fact] of checkFactsById(days, nowMs)) facts.set(checkId, fact);
    });
    return facts;
  }, [employeeIds, checks, zoneOf, lateToleranceMinutes, nowMs, planData]);
}
