import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { positionsQueryKey } from './get-positions.ts';

/** Deletes the position; 409 when it is assigned to someone (the message says so). */
export function deletePosition(id: number): Promise<unknown> {
  return apiClient.delete<unknown>(`/positions/${id}`);
}

/** Errors reach the person through the query client's notification (the server's 409 text). */
export function useDeletePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePosition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: positionsQueryKey }),
  });
}
