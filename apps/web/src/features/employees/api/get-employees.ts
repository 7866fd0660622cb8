import type { Employee, ListEmployeesQuery, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

/** One page of the company's employees, filtered and sorted on the server. */
export function fetchEmployees(query: ListEmployeesQuery, signal?: AbortSignal) {
  return apiClient.get<Page<Employee>>('/employees', { query, signal });
}

export function employeesQueryOptions(query: ListEmployeesQuery) {
  return queryOptions({
    queryKey: employeesKeys.list(query),
    queryFn: ({ signal }) => fetchEmployees(query, signal),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useEmployees(query: ListEmployeesQuery) {
  return useQuery(employeesQueryOptions(query));
}
