import type { CreateEmployeeInput, Employee, EmployeeInvited } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

/**
 * Adds an employee (409 PLAN_LIMIT_REACHED when the plan's user limit is reached). When the email
 * or phone already has an account, the server invites that person instead (202): no employee yet.
 */
export function createEmployee(input: CreateEmployeeInput): Promise<Employee | EmployeeInvited> {
  return apiClient.post<Employee | EmployeeInvited>('/employees', input);
}

export function isInvitation(result: Employee | EmployeeInvited): result is EmployeeInvited {
  return 'invitation' in result;
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    meta: { silentError: true, analytics: 'employee_created' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  });
}
