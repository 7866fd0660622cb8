import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { schedulesQueryKey } from './get-schedules.ts';

/** 409 «График назначен сотрудникам» while someone has it; the query client shows the message. */
export function deleteSchedule(id: number): Promise<unknown> {
  return apiClient.delete<unknown>(`/schedules/${id}`);
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
}
