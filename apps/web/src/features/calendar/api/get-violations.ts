import type { CalendarViolationsResponse } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys, type CalendarViolationsQuery } from './keys.ts';

/** What the month's plan breaks of the Labour Code, per employee (decision 026). */
export function fetchCalendarViolations(query: CalendarViolationsQuery, signal?: AbortSignal) {
  return apiClient.get<CalendarViolationsResponse>('/calendar/violations', { query, signal });
}

export function calendarViolationsQueryOptions(query: CalendarViolationsQuery) {
  return queryOptions({
    queryKey: calendarKeys.violations(query),
    queryFn: ({ signal }) => fetchCalendarViolations(query, signal),
    staleTime: 30_000,
    // A warning beside the grid: without it the grid still works.
    meta: { silentError: true },
  });
}

export function useCalendarViolations(query: CalendarViolationsQuery, enabled: boolean) {
  return useQuery({ ...calendarViolationsQueryOptions(query), enabled });
}
