import type { CompanyCalendar } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys } from './keys.ts';

/** The company calendar of a year: special dates and the norm of each month. */
export function fetchCalendarYear(year: number, signal?: AbortSignal) {
  return apiClient.get<CompanyCalendar>('/calendar/year', { query: { year }, signal });
}

export function calendarYearQueryOptions(year: number) {
  return queryOptions({
    queryKey: calendarKeys.year(year),
    queryFn: ({ signal }) => fetchCalendarYear(year, signal),
    staleTime: 5 * 60_000,
    // The norm line is a hint: without it the grid still works.
    meta: { silentError: true },
  });
}

export function useCalendarYear(year: number) {
  return useQuery(calendarYearQueryOptions(year));
}
