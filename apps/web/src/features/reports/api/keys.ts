/** The filters every report takes (the contract's input types leave coerced numbers `unknown`). */
export type ReportFilters = {
  branchId?: number;
  departmentId?: number;
  employeeId?: number;
};

/** `GET /reports/attendance` and its xlsx as the web app sends them. */
export type AttendanceQuery = ReportFilters & { from: string; to: string };

/** `GET /reports/attendance/days`: one employee's dates. */
export type AttendanceDaysQuery = { employeeId: number; from: string; to: string };

/** `GET /reports/report-card` and its xlsx: a month `yyyy-MM`. */
export type ReportCardQuery = ReportFilters & { month: string };

/** `GET /month-periods` of one unit: a month and exactly one of the two ids. */
export type MonthPeriodQuery = { month: string; branchId?: number; departmentId?: number };

/** Query keys of the reports: a change of a timesheet day invalidates `reportsKeys.all`. */
export const reportsKeys = {
  all: ['reports'] as const,
  attendance: (query: AttendanceQuery) => [...reportsKeys.all, 'attendance', query] as const,
  attendanceDays: (query: AttendanceDaysQuery) =>
    [...reportsKeys.all, 'attendance-days', query] as const,
  reportCard: (query: ReportCardQuery) => [...reportsKeys.all, 'report-card', query] as const,
  monthPeriod: (query: MonthPeriodQuery) => [...reportsKeys.all, 'month-period', query] as const,
  dayHistory: (employeeId: number, date: string) =>
    [...reportsKeys.all, 'day-history', employeeId, date] as const,
};
