import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { dayOffsKeys } from './keys.ts';

export function deleteDayOff(id: number): Promise<unknown> {
  return apiClient.delete<unknown>(`/weekends/${id}`);
}

/** Errors reach the person through the query client's notification. */
export function useDeleteDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDayOff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dayOffsKeys.all }),
  });
}
