import type { DayOff, UpdateDayOffInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { dayOffsKeys } from './keys.ts';

export function updateDayOff({ id, input }: { id: number; input: UpdateDayOffInput }) {
  return apiClient.patch<DayOff>(`/weekends/${id}`, input);
}

export function useUpdateDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDayOff,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dayOffsKeys.all }),
  });
}
