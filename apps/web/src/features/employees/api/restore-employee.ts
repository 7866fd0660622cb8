import type { Employee } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

/** Brings a dismissed employee back (409 PLAN_LIMIT_REACHED when the plan is full). */
export function restoreEmployee(id: number) {
  return apiClient.post<Employee>(`/employees/${id}/restore`);
}

export function useRestoreEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreEmployee,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  });
}
