import type { CreateDepartmentInput, Department } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { departmentsQueryKey } from './get-departments.ts';

export function createDepartment(input: CreateDepartmentInput): Promise<Department> {
  return apiClient.post<Department>('/departments', input);
}

/** The form shows the errors itself (fields or a notification). */
export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentsQueryKey }),
  });
}
