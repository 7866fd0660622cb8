import type { Employee } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

export function fetchEmployee(id: number, signal?: AbortSignal) {
  return apiClient.get<Employee>(`/employees/${id}`, { signal });
}

export function employeeQueryOptions(id: number) {
  return queryOptions({
    queryKey: employeesKeys.detail(id),
    queryFn: ({ signal }) => fetchEmployee(id, signal),
    // The page shows «Страница не найдена» or the error itself.
    meta: { silentError: true },
  });
}

export function useEmployee(id: number, enabled = true) {
  return useQuery({ ...employeeQueryOptions(id), enabled });
}
