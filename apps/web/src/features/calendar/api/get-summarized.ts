import type { CalendarSummarizedResponse } from '@smena/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys, type CalendarViolationsQuery } from './keys.ts';

/** A month and the grid's unit filters, as for the month's violations. */
export type CalendarSummarizedQuery = CalendarViolationsQuery;

/**
 * Summarized accounting (decision 030): for the employees whose schedule counts by a period,
 * the period's planned hours against its norm — one request for the page. Under the calendar's
 * key, so a roster change or an absence refreshes it.
 */
export function useCalendarSummarized(query: CalendarSummarizedQuery) {
  return useQuery({
    queryKey: [...calendarKeys.all, 'summarized', query] as const,
    queryFn: ({ signal }) =>
      apiClient.get<CalendarSummarizedResponse>('/calendar/summarized', { query, signal }),
    staleTime: 30_000,
    meta: { silentError: true },
  });
}
