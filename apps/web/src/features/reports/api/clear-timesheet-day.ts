import type { ClearTimesheetDayInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reportsKeys } from './keys.ts';

/** Returns a date to the derived codes («Вернуть расчётные значения»), with a reason. */
export function clearTimesheetDay(input: ClearTimesheetDayInput) {
  return apiClient.delete<unknown>('/reports/report-card/days', { body: input });
}

export function useClearTimesheetDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearTimesheetDay,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
  });
}
