import type { CreateScheduleInput, Schedule } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { schedulesQueryKey } from './get-schedules.ts';

export function createSchedule(input: CreateScheduleInput): Promise<Schedule> {
  return apiClient.post<Schedule>('/schedules', input);
}

/** Silent: the form puts the server's field errors under its fields. */
export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchedule,
    meta: { silentError: true, analytics: 'schedule_created' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
}
