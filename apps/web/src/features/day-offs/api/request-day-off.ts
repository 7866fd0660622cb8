import type { DayOff, RequestDayOffInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { dayOffsKeys } from './keys.ts';

/** An employee asks for a day-off for themselves: it waits for a manager (REQUESTED). */
export function requestDayOff(input: RequestDayOffInput) {
  return apiClient.post<DayOff>('/weekends/request', input);
}

export function useRequestDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDayOff,
    meta: { silentError: true, analytics: 'day_off_requested' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dayOffsKeys.all }),
  });
}
