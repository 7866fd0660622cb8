import { MAX_REPORT_DAYS } from '@smena/contract';
import { addDays, daysBetween, isLocalDate } from '@smena/time';
import type { AttendanceQuery, ReportCardQuery, ReportFilters } from './api/keys.ts';

/** «Отчёт по посещаемости» as kept in the address bar. */
export type AttendanceParams = Required<Pick<AttendanceQuery, 'from' | 'to'>> & ReportFilters;

/** «Табель» as kept in the address bar. */
export type ReportCardParams = Required<Pick<ReportCardQuery, 'month'>> & ReportFilters;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
}

function date(raw: string | null): string | undefined {
  return raw && isLocalDate(raw) ? raw : undefined;
}

export function isMonth(value: string | null | undefined): value is string {
  const match = value ? MONTH_RE.exec(value) : null;
  if (!match) return false;
  const year = Number(match[1]);
  return year >= 2000 && year <= 2100;
}

function readFilters(params: URLSearchParams): ReportFilters {
  return {
    branchId: positiveInt(params.get('branchId')),
    departmentId: positiveInt(params.get('departmentId')),
    employeeId: positiveInt(params.get('employeeId')),
  };
}

function writeFilters(params: URLSearchParams, filters: ReportFilters): void {
  if (filters.branchId) params.set('branchId', String(filters.branchId));
  if (filters.departmentId) params.set('departmentId', String(filters.departmentId));
  if (filters.employeeId) params.set('employeeId', String(filters.employeeId));
}

/** From the 1st of today's month to today. */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Whether the server takes the period: in order and at most a quarter long. */
export function isValidPeriod(from: string, to: string): boolean {
  return to >= from && daysBetween(from, to) + 1 <= MAX_REPORT_DAYS;
}

/** The last date a period starting on `from` may end on. */
export function lastDateOfPeriod(from: string): string {
  return addDays(from, MAX_REPORT_DAYS - 1);
}

/** Reads the parameters one by one: a wrong value is dropped, the others still apply. */
export function parseAttendanceParams(params: URLSearchParams, today: string): AttendanceParams {
  const from = date(params.get('from'));
  const to = date(params.get('to'));
  const period = from && to && isValidPeriod(from, to) ? { from, to } : defaultPeriod(today);
  return { ...period, ...readFilters(params) };
}

/** Only what differs from the defaults. */
export function toAttendanceSearchParams(value: AttendanceParams, today: string): URLSearchParams {
  const params = new URLSearchParams();
  const fallback = defaultPeriod(today);
  if (value.from !== fallback.from || value.to !== fallback.to) {
    params.set('from', value.from);
    params.set('to', value.to);
  }
  writeFilters(params, value);
  return params;
}

export function parseReportCardParams(params: URLSearchParams, today: string): ReportCardParams {
  const month = params.get('month');
  return { month: isMonth(month) ? month : today.slice(0, 7), ...readFilters(params) };
}

/** The T-13's request for the address bar's month and filters: filters of hidden sections do not apply. */
export function reportCardQueryOf(
  params: ReportCardParams,
  company: { hideBranches?: boolean; hideDepartments?: boolean } | undefined,
): ReportCardQuery {
  return {
    month: params.month,
    branchId: company?.hideBranches ? undefined : params.branchId,
    departmentId: company?.hideDepartments ? undefined : params.departmentId,
    employeeId: params.employeeId,
  };
}

export function toReportCardSearchParams(value: ReportCardParams, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (value.month !== today.slice(0, 7)) params.set('month', value.month);
  writeFilters(params, value);
  return params;
}

export function hasReportFilters(value: ReportFilters): boolean {
  return Boolean(value.branchId || value.departmentId || value.employeeId);
}
