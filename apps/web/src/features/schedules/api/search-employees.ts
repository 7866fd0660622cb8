import type { Employee, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** How many people one search offers. */
export const EMPLOYEE_OPTIONS_LIMIT = 100;

/** Employees to pick for an assignment (the schedules feature keeps its own small query). */
export function searchEmployees(search: string): Promise<Page<Employee>> {
  return apiClient.get<Page<Employee>>('/employees', {
    query: { page: 1, limit: EMPLOYEE_OPTIONS_LIMIT, search: search.trim() || undefined },
  });
}

export function employeeOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['schedules', 'employee-options', search.trim()],
    queryFn: () => searchEmployees(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useEmployeeOptions(search: string, enabled = true) {
  return useQuery({ ...employeeOptionsQueryOptions(search), enabled });
}
