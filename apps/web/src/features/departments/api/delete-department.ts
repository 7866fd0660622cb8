import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { departmentsQueryKey } from './get-departments.ts';

/** Deletes the department; 409 when employees work in it (the message says so). */
export function deleteDepartment(id: number): Promise<unknown> {
  return apiClient.delete<unknown>(`/departments/${id}`);
}

/** Errors reach the person through the query client's notification (the server's 409 text). */
export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentsQueryKey }),
  });
}
