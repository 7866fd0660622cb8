import type { Schedule, UpdateScheduleInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { schedulesQueryKey } from './get-schedules.ts';

export function updateSchedule({
  id,
  input,
}: {
  id: number;
  input: UpdateScheduleInput;
}): Promise<Schedule> {
  return apiClient.patch<Schedule>(`/schedules/${id}`, input);
}

/** Silent: the form puts the server's field errors under its fields. */
export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchedule,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
}
