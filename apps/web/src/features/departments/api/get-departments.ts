import type { Department, Page } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Root of every departments query: create, update and delete invalidate it. */
export const departmentsQueryKey = ['departments'] as const;

/** The tree needs every department; the API allows lists of up to 1000 for structures. */
export const DEPARTMENTS_FETCH_LIMIT = 1000;

export function fetchDepartments(): Promise<Page<Department>> {
  return apiClient.get<Page<Department>>('/departments', {
    query: { page: 1, limit: DEPARTMENTS_FETCH_LIMIT, sort: 'title', order: 'asc' },
  });
}

export function departmentsQueryOptions() {
  return queryOptions({
    queryKey: [...departmentsQueryKey, 'list'],
    queryFn: fetchDepartments,
  });
}

export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
