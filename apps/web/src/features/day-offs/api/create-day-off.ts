import type { CreateDayOffInput, DayOff } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { dayOffsKeys } from './keys.ts';

/** A manager's entry, approved at once; 409 when it overlaps another day-off (named). */
export function createDayOff(input: CreateDayOffInput) {
  return apiClient.post<DayOff>('/weekends', input);
}

export function useCreateDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDayOff,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dayOffsKeys.all }),
  });
}
