import type { AttendanceReport } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reportsKeys, type AttendanceQuery } from './keys.ts';

/** Every employee's figures of a period (rows by name) and their totals. */
export function fetchAttendanceReport(query: AttendanceQuery, signal?: AbortSignal) {
  return apiClient.get<AttendanceReport>('/reports/attendance', { query, signal });
}

export function attendanceReportQueryOptions(query: AttendanceQuery) {
  return queryOptions({
    queryKey: reportsKeys.attendance(query),
    queryFn: ({ signal }) => fetchAttendanceReport(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAttendanceReport(query: AttendanceQuery) {
  return useQuery(attendanceReportQueryOptions(query));
}
