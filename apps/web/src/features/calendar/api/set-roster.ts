import type { RosterEntry, RosterInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys } from './keys.ts';

/** Places the shifts of one employee's date (an empty list makes it a rest day). */
export function setRoster(input: RosterInput) {
  return apiClient.put<RosterEntry>('/roster', input);
}

export function useSetRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRoster,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
