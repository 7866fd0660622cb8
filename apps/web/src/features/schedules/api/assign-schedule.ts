import type { AssignScheduleInput, AssignScheduleResult } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { schedulesQueryKey } from './get-schedules.ts';

export function assignSchedule(input: AssignScheduleInput): Promise<AssignScheduleResult> {
  return apiClient.post<AssignScheduleResult>('/schedule-assignments', input);
}

/** Silent: the modal puts the server's field errors under its fields. */
export function useAssignSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignSchedule,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
}
