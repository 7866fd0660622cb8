import type { DismissEmployeeInput, Employee } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

/** The employee loses access to the company; their history stays. */
export function dismissEmployee({ id, input }: { id: number; input: DismissEmployeeInput }) {
  return apiClient.post<Employee>(`/employees/${id}/dismiss`, input);
}

export function useDismissEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissEmployee,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  });
}
