import { MAX_ATTENDANCE_DAYS, type EmployeeDates, type EmployeesAttendance } from '@smena/contract';
import { addDays, daysBetween } from '@smena/time';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys, type AttendanceQuery } from './keys.ts';

/** Open checks and «смена идёт» change with the clock: the API's answer is asked again this often. */
const REFRESH_MS = 60_000;

function fetchAttendancePart(
  query: AttendanceQuery,
  from: string,
  to: string,
  signal?: AbortSignal,
) {
  const { owner, dates } = query;
  return owner === 'me'
    ? apiClient.get<EmployeesAttendance>('/profile/attendance', {
        query: { from, to, dates },
        signal,
      })
    : apiClient.get<EmployeesAttendance>('/attendance', {
        query: { from, to, dates, employeeIds: owner.join(',') },
        signal,
      });
}

/**
 * What the API computed for each date of the employees (`me`: the caller), over a range of any
 * length: the API answers at most MAX_ATTENDANCE_DAYS at a time. In the order of the ids.
 */
export async function fetchAttendance(
  query: AttendanceQuery,
  signal?: AbortSignal,
): Promise<EmployeeDates[]> {
  const parts: Promise<EmployeesAttendance>[] = [];
  for (
    let start = query.from;
    daysBetween(start, query.to) >= 0;
    start = addDays(start, MAX_ATTENDANCE_DAYS)
  ) {
    const last = addDays(start, MAX_ATTENDANCE_DAYS - 1);
    parts.push(
      fetchAttendancePart(query, start, daysBetween(last, query.to) < 0 ? query.to : last, signal),
    );
  }
  const answers = await Promise.all(parts);
  const [first, ...rest] = answers;
  if (!first) return [];
  return first.employees.map((employee, index) => ({
    ...employee,
    days: [employee, ...rest.map((answer) => answer.employees[index]!)].flatMap(
      (part) => part.days,
    ),
  }));
}

export function attendanceQueryOptions(query: AttendanceQuery) {
  return queryOptions({
    queryKey: checksKeys.attendance(query),
    queryFn: ({ signal }) => fetchAttendance(query, signal),
    staleTime: REFRESH_MS / 2,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Attendance by date of the caller (`me`) or of employees (ADMIN/MANAGER). */
export function useAttendance(query: AttendanceQuery | null) {
  return useQuery({
    ...attendanceQueryOptions(query ?? { owner: [], from: '', to: '', dates: 'marked' }),
    enabled: query !== null && (query.owner === 'me' || query.owner.length > 0),
  });
}
