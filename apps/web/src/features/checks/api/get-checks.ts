import type { Check, ChecksPage } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys, type ChecksQuery } from './keys.ts';

/** The API's largest page of checks. */
export const CHECKS_PAGE_LIMIT = 200;
/** A period is read whole up to this many checks (one employee's quarter fits easily). */
const PERIOD_MAX_PAGES = 10;

/** Lateness and «смена идёт» change with the clock: a page with attendance is asked again this often. */
const ATTENDANCE_REFRESH_MS = 60_000;

/** One page of checks; an EMPLOYEE gets their own only. Newest check-in first. */
export function fetchChecks(query: ChecksQuery, signal?: AbortSignal) {
  return apiClient.get<ChecksPage>('/checks', { query, signal });
}

export function checksQueryOptions(query: ChecksQuery) {
  const withAttendance = query.withAttendance === 'true';
  return queryOptions({
    queryKey: checksKeys.list(query),
    queryFn: ({ signal }) => fetchChecks(query, signal),
    placeholderData: keepPreviousData,
    ...(withAttendance && {
      staleTime: ATTENDANCE_REFRESH_MS / 2,
      refetchInterval: ATTENDANCE_REFRESH_MS,
    }),
  });
}

/** A server-paged list (the managers' «Отметки»). */
export function useChecks(query: ChecksQuery, enabled = true) {
  return useQuery({ ...checksQueryOptions(query), enabled });
}

/** Every check of a filter (a period of one employee), page after page. */
export async function fetchAllChecks(
  query: Omit<ChecksQuery, 'page' | 'limit'>,
  signal?: AbortSignal,
): Promise<Check[]> {
  const items: Check[] = [];
  for (let page = 1; page <= PERIOD_MAX_PAGES; page += 1) {
    const result = await fetchChecks({ ...query, page, limit: CHECKS_PAGE_LIMIT }, signal);
    items.push(...result.items);
    if (items.length >= result.total || result.items.length === 0) break;
  }
  return items;
}

export function periodChecksQueryOptions(query: Omit<ChecksQuery, 'page' | 'limit'>) {
  return queryOptions({
    queryKey: checksKeys.period(query),
    queryFn: ({ signal }) => fetchAllChecks(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePeriodChecks(query: Omit<ChecksQuery, 'page' | 'limit'>, enabled = true) {
  return useQuery({ ...periodChecksQueryOptions(query), enabled });
}

/** The caller's open check (an employee's «на месте»), or null. */
export function useOpenCheck(enabled = true) {
  return useQuery({
    queryKey: checksKeys.open(),
    queryFn: ({ signal }) =>
      fetchChecks({ open: 'true', limit: 1 }, signal).then((page) => page.items[0] ?? null),
    enabled,
  });
}

/** How many checks are open now (the «Сейчас на месте» counter). */
export function useOpenChecksCount(enabled = true) {
  const result = useQuery({
    queryKey: checksKeys.openCount(),
    queryFn: ({ signal }) => fetchChecks({ open: 'true', limit: 1 }, signal),
    enabled,
    refetchInterval: 60_000,
  });
  return result.data?.total;
}
