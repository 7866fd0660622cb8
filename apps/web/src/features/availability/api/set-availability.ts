import type { AvailabilityMark, SetAvailabilityInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { availabilityKeys } from './keys.ts';

/** Sets (or replaces) the caller's mark of a date. */
export function setAvailability(input: SetAvailabilityInput) {
  return apiClient.put<AvailabilityMark>('/availability', input);
}

/** Removes the caller's mark of a date. */
export function deleteAvailability(date: string) {
  return apiClient.delete<void>('/availability', { query: { date } });
}

/** The editor shows the server's field errors under its fields itself. */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvailability,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}

export function useDeleteAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvailability,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
