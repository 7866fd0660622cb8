import type { BulkCalendarInput, BulkCalendarResult, CopyWeekInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys, dayOffsRootKey } from './keys.ts';

/** A shift, a rest day, an absence or the schedule again in many cells at once. */
export function bulkCalendar(input: BulkCalendarInput) {
  return apiClient.post<BulkCalendarResult>('/calendar/bulk', input);
}

/** A week's shifts and rest days onto the following weeks. */
export function copyWeek(input: CopyWeekInput) {
  return apiClient.post<BulkCalendarResult>('/calendar/copy-week', input);
}

function useRefreshCalendar() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
      queryClient.invalidateQueries({ queryKey: dayOffsRootKey }),
    ]);
}

export function useBulkCalendar() {
  const refresh = useRefreshCalendar();
  return useMutation({ mutationFn: bulkCalendar, meta: { silentError: true }, onSuccess: refresh });
}

export function useCopyWeek() {
  const refresh = useRefreshCalendar();
  return useMutation({ mutationFn: copyWeek, meta: { silentError: true }, onSuccess: refresh });
}
