import type { Branch, Department, Page } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type FilterOption = { value: number; label: string };

const OPTIONS_LIMIT = 1000;

function toOptions(page: Page<{ id: number; title: string }>): FilterOption[] {
  return page.items.map(({ id, title }) => ({ value: id, label: title }));
}

export async function fetchBranchFilterOptions(signal?: AbortSignal) {
  return toOptions(
    await apiClient.get<Page<Branch>>('/branches', { query: { limit: OPTIONS_LIMIT }, signal }),
  );
}

export async function fetchDepartmentFilterOptions(signal?: AbortSignal) {
  return toOptions(
    await apiClient.get<Page<Department>>('/departments', {
      query: { limit: OPTIONS_LIMIT },
      signal,
    }),
  );
}

// Keys start with the structure's name so that the structure pages' invalidations refresh them.
export function branchFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['branches', 'calendar-filter'],
    queryFn: ({ signal }) => fetchBranchFilterOptions(signal),
    staleTime: 60_000,
  });
}

export function departmentFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['departments', 'calendar-filter'],
    queryFn: ({ signal }) => fetchDepartmentFilterOptions(signal),
    staleTime: 60_000,
  });
}

export function useBranchFilterOptions(enabled: boolean) {
  return useQuery({ ...branchFilterOptionsQueryOptions(), enabled });
}

export function useDepartmentFilterOptions(enabled: boolean) {
  return useQuery({ ...departmentFilterOptionsQueryOptions(), enabled });
}
