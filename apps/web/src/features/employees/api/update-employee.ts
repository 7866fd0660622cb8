import type { Employee, UpdateEmployeeInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

export function updateEmployee({ id, input }: { id: number; input: UpdateEmployeeInput }) {
  return apiClient.patch<Employee>(`/employees/${id}`, input);
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    meta: { silentError: true },
    onSuccess: (employee) => {
      queryClient.setQueryData(employeesKeys.detail(employee.id), employee);
      return queryClient.invalidateQueries({ queryKey: employeesKeys.all });
    },
  });
}
