import type { AttendanceDays } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reportsKeys, type AttendanceDaysQuery } from './keys.ts';

/** One employee's dates of a period: plan, checks, deviations and timesheet codes. */
export function fetchAttendanceDays(query: AttendanceDaysQuery, signal?: AbortSignal) {
  return apiClient.get<AttendanceDays>('/reports/attendance/days', { query, signal });
}

export function attendanceDaysQueryOptions(query: AttendanceDaysQuery) {
  return queryOptions({
    queryKey: reportsKeys.attendanceDays(query),
    queryFn: ({ signal }) => fetchAttendanceDays(query, signal),
  });
}

/** Asked only while a drawer shows it (`query` null: nothing to show). */
export function useAttendanceDays(query: AttendanceDaysQuery | null) {
  return useQuery({
    ...attendanceDaysQueryOptions(query ?? { employeeId: 0, from: '', to: '' }),
    enabled: query !== null,
    meta: { silentError: true },
  });
}
