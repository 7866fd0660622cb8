import type { Employee, Page } from '@smena/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { dayOffsKeys } from './keys.ts';

export type EmployeeOption = { value: number; label: string };

export function employeeLabel(
  employee: Pick<Employee, 'lastName' | 'firstName' | 'middleName' | 'email'>,
): string {
  const name = [employee.lastName, employee.firstName, employee.middleName]
    .filter(Boolean)
    .join(' ')
    .trim();
  return name || employee.email || 'Без имени';
}

/** Up to 50 active employees matching `search`, for the «Сотрудник» pickers. */
export function fetchEmployeeOptions(search: string, signal?: AbortSignal) {
  return apiClient
    .get<Page<Employee>>('/employees', {
      query: { limit: 50, search: search.trim() || undefined },
      signal,
    })
    .then((page) =>
      page.items.map((employee): EmployeeOption => ({
        value: employee.id,
        label: employeeLabel(employee),
      })),
    );
}

export function useEmployeeOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: dayOffsKeys.employeeOptions(search.trim()),
    queryFn: ({ signal }) => fetchEmployeeOptions(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** The name of one employee (an id taken from the address bar). */
export function useEmployeeOption(id: number | undefined) {
  return useQuery({
    queryKey: dayOffsKeys.employeeOption(id ?? 0),
    queryFn: ({ signal }) =>
      apiClient.get<Employee>(`/employees/${id}`, { signal }).then((employee): EmployeeOption => ({
        value: employee.id,
        label: employeeLabel(employee),
      })),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
}
