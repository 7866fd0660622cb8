import type { SetTimesheetDayInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reportsKeys } from './keys.ts';

/** A manager's codes for a date, replacing the derived ones; the reason goes to the history. */
export function setTimesheetDay(input: SetTimesheetDayInput) {
  return apiClient.put<unknown>('/reports/report-card/days', input);
}

export function useSetTimesheetDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTimesheetDay,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
  });
}
