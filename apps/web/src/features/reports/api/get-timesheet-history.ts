import type { TimesheetHistory } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reportsKeys } from './keys.ts';

/** Every manual change of an employee's date in the timesheet. */
export function fetchTimesheetHistory(employeeId: number, date: string, signal?: AbortSignal) {
  return apiClient.get<TimesheetHistory>('/reports/report-card/days/history', {
    query: { employeeId, date },
    signal,
  });
}

export function timesheetHistoryQueryOptions(employeeId: number, date: string) {
  return queryOptions({
    queryKey: reportsKeys.dayHistory(employeeId, date),
    queryFn: ({ signal }) =>
      fetchTimesheetHistory(employeeId, date, signal).then((result) => result.items),
  });
}

export function useTimesheetHistory(target: { employeeId: number; date: string } | null) {
  return useQuery({
    ...timesheetHistoryQueryOptions(target?.employeeId ?? 0, target?.date ?? ''),
    enabled: target !== null,
    meta: { silentError: true },
  });
}
