import { MAX_CALENDAR_EMPLOYEES, decodeCalendar, type CalendarResponse } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys, type CalendarGridQuery } from './keys.ts';

/**
 * Every employee's plan for each date of the range (one page of up to 2,000 employees), as sent:
 * each distinct plan once, rows of indexes into them.
 */
export function fetchCalendar(query: CalendarGridQuery, signal?: AbortSignal) {
  return apiClient.get<CalendarResponse>('/calendar', {
    query: { limit: MAX_CALENDAR_EMPLOYEES, ...query },
    signal,
  });
}

/**
 * The cache keeps the compact answer; `select` gives the grid its rows of plans. `decodeCalendar`
 * is one function for the life of the app, so TanStack Query decodes each answer once and hands
 * the same rows to every render until the next answer.
 */
export function calendarQueryOptions(query: CalendarGridQuery) {
  return queryOptions({
    queryKey: calendarKeys.grid(query),
    queryFn: ({ signal }) => fetchCalendar(query, signal),
    select: decodeCalendar,
    // Switching months and filters keeps the old grid on screen until the new one arrives.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCalendar(query: CalendarGridQuery) {
  return useQuery(calendarQueryOptions(query));
}
