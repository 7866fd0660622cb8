import type { Page, Schedule, ScheduleType } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Root of every schedules query: create, update, delete and assign invalidate it. */
export const schedulesQueryKey = ['schedules'] as const;

export type SchedulesFilter = { search?: string; type?: ScheduleType };

/** A company has few schedules, so the page loads them whole. */
export const SCHEDULES_FETCH_LIMIT = 1000;

export function fetchSchedules(filter: SchedulesFilter = {}): Promise<Page<Schedule>> {
  return apiClient.get<Page<Schedule>>('/schedules', {
    query: {
      page: 1,
      limit: SCHEDULES_FETCH_LIMIT,
      sort: 'title',
      order: 'asc',
      search: filter.search?.trim() || undefined,
      type: filter.type,
    },
  });
}

export function schedulesQueryOptions(filter: SchedulesFilter = {}) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'list', filter],
    queryFn: () => fetchSchedules(filter),
    placeholderData: keepPreviousData,
  });
}

export function useSchedules(filter: SchedulesFilter = {}) {
  return useQuery(schedulesQueryOptions(filter));
}
