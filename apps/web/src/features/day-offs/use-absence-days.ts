import type { DayOffType } from '@smena/contract';
import { type AbsenceDayCount, absenceDayCount } from '@smena/time';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { calendarYearQueryOptions } from '../calendar/index.ts';

/**
 * Counts the days of absences by the company calendar: a holiday inside a vacation is not a
 * vacation day (art. 120). Loads the calendar of the years given (cached); until it arrives,
 * every day counts.
 */
export function useAbsenceDays(years: readonly number[]) {
  const unique = useMemo(() => [...new Set(years)].sort(), [years]);
  const holidays = useQueries({
    queries: unique.map((year) => calendarYearQueryOptions(year)),
    combine: (results) => {
      const dates = new Set<string>();
      for (const result of results)
        for (const day of result.data?.days ?? []) if (day.kind === 'HOLIDAY') dates.add(day.date);
      return dates;
    },
  });
  return useCallback(
    (type: DayOffType, from: string, to: string): AbsenceDayCount =>
      absenceDayCount(type, from, to, (date) => holidays.has(date)),
    [holidays],
  );
}

export const NO_YEARS: readonly number[] = [];

/** The years a range touches. */
export function yearsOf(from: string, to: string): number[] {
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  if (!Number.isInteger(first) || !Number.isInteger(last) || last < first) return [];
  return Array.from({ length: Math.min(last - first, 2) + 1 }, (_, index) => first + index);
}
