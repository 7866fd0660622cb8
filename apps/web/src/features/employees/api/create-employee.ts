import type { CreateEmployeeInput, Employee } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

/** Adds an employee (409 PLAN_LIMIT_REACHED when the plan's user limit is reached). */
export function createEmployee(input: CreateEmployeeInput) {
  return apiClient.post<Employee>('/employees', input);
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    meta: { silentError: true, analytics: 'employee_created' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  });
}
