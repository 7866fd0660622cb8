import type { CreateDayOffInput, DayOff } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys, dayOffsRootKey } from './keys.ts';

/** A manager's entry of an absence: approved at once. */
export function createDayOff(input: CreateDayOffInput) {
  return apiClient.post<DayOff>('/weekends', input);
}

export function useCreateDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDayOff,
    meta: { silentError: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
        queryClient.invalidateQueries({ queryKey: dayOffsRootKey }),
      ]),
  });
}
