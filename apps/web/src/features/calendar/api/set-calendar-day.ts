import type { CalendarDay, CalendarDayKind } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys } from './keys.ts';

export type SetCalendarDayVariables = {
  date: string;
  /** null: the production calendar's kind again. */
  kind: CalendarDayKind | null;
};

/** The company's own kind of a date (for every employee); answers the resulting kind. */
export function setCalendarDay({ date, kind }: SetCalendarDayVariables) {
  return apiClient.put<CalendarDay>(`/calendar/days/${encodeURIComponent(date)}`, { kind });
}

/** Plans and norms follow the date: the grid and the year are loaded again. */
export function useSetCalendarDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCalendarDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
