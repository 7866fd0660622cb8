import type { MySchedule, MyScheduleMonth } from '@smena/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Query keys of the employee's published schedule: acknowledging invalidates `all`. */
export const myScheduleKeys = {
  all: ['my-schedule'] as const,
  range: (from: string, to: string) => [...myScheduleKeys.all, from, to] as const,
};

/** `GET /profile/schedule`: the caller's published days of `from`–`to` and their months. */
export function useMySchedule(from: string, to: string) {
  return useQuery({
    queryKey: myScheduleKeys.range(from, to),
    queryFn: ({ signal }) =>
      apiClient.get<MySchedule>('/profile/schedule', { query: { from, to }, signal }),
  });
}

/** «Ознакомлен» with a version of the schedule. */
export function useAcknowledgeSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicationId: number) =>
      apiClient.post<MyScheduleMonth>('/profile/schedule/acknowledge', { publicationId }),
    meta: { silentError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myScheduleKeys.all }),
  });
}
