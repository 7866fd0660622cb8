import { isMonthKey, type MonthKey } from './month.ts';

/** The page's state kept in the address bar. */
export type CalendarParams = {
  /** `YYYY-MM`; absent: the current month. */
  month?: MonthKey;
  branchId?: number;
  departmentId?: number;
  search?: string;
};

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Reads the parameters one by one: a wrong value is dropped, the others still apply. */
export function parseCalendarParams(params: URLSearchParams): CalendarParams {
  const month = params.get('month');
  const search = params.get('search')?.trim().slice(0, 100);
  return {
    month: month && isMonthKey(month) ? month : undefined,
    branchId: positiveInt(params.get('branchId')),
    departmentId: positiveInt(params.get('departmentId')),
    search: search || undefined,
  };
}

/** Only what is set; the current month is not written. */
export function toCalendarSearchParams(
  value: CalendarParams,
  currentMonth?: MonthKey,
): URLSearchParams {
  const params = new URLSearchParams();
  if (value.month && value.month !== currentMonth) params.set('month', value.month);
  if (value.branchId) params.set('branchId', String(value.branchId));
  if (value.departmentId) params.set('departmentId', String(value.departmentId));
  if (value.search) params.set('search', value.search);
  return params;
}

export function hasCalendarFilters(value: CalendarParams): boolean {
  return Boolean(value.branchId || value.departmentId || value.search);
}
