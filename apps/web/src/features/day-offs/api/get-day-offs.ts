import type { DayOff, ListDayOffsQuery, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { dayOffsKeys } from './keys.ts';

/** A page of day-offs overlapping the period; an employee gets their own (and company-wide). */
export function fetchDayOffs(query: Partial<ListDayOffsQuery>, signal?: AbortSignal) {
  return apiClient.get<Page<DayOff>>('/weekends', { query, signal });
}

export function dayOffsQueryOptions(query: Partial<ListDayOffsQuery>) {
  return queryOptions({
    queryKey: dayOffsKeys.list(query),
    queryFn: ({ signal }) => fetchDayOffs(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDayOffs(query: Partial<ListDayOffsQuery>, enabled = true) {
  return useQuery({ ...dayOffsQueryOptions(query), enabled });
}

/** How many requests wait for a decision (the «Заявки (N)» badge). */
export function usePendingRequestsCount() {
  const result = useQuery({
    ...dayOffsQueryOptions({ status: 'REQUESTED', limit: 1, page: 1 }),
    placeholderData: undefined,
  });
  return result.data?.total ?? 0;
}
