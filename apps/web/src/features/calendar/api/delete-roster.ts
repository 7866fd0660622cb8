import type { RosterDeleteResult } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys } from './keys.ts';

/** Removes a manager's change of the date: the schedule's plan applies again. */
export function deleteRoster({ employeeId, date }: { employeeId: number; date: string }) {
  return apiClient.delete<RosterDeleteResult>('/roster', { query: { employeeId, date } });
}

export function useDeleteRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoster,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
