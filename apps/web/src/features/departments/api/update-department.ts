import type { Department, UpdateDepartmentInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { departmentsQueryKey } from './get-departments.ts';

export function updateDepartment({
  id,
  input,
}: {
  id: number;
  input: UpdateDepartmentInput;
}): Promise<Department> {
  return apiClient.patch<Department>(`/departments/${id}`, input);
}

/** The form shows the errors itself (fields or a notification). */
export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDepartment,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentsQueryKey }),
  });
}
