import type { Company } from '@smena/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { currentCompanyQueryOptions } from '../../../features/auth/api/get-current-company.ts';
import { calendarQueryOptions } from '../../../features/calendar/api/get-calendar.ts';
import { calendarYearQueryOptions } from '../../../features/calendar/api/get-calendar-year.ts';
import {
  branchFilterOptionsQueryOptions,
  departmentFilterOptionsQueryOptions,
} from '../../../features/calendar/api/get-filter-options.ts';
import type { CalendarGridQuery } from '../../../features/calendar/api/keys.ts';
import {
  parseCalendarParams,
  type CalendarParams,
} from '../../../features/calendar/calendar-params.ts';
import { monthOf, monthRange, type MonthKey } from '../../../features/calendar/month.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { decodeAccessToken, getAccessToken } from '../../../lib/token-storage.ts';
import { todayIn } from '../../../lib/zoned-time.ts';

type CompanySettings = Pick<Company, 'timezone' | 'hideBranches' | 'hideDepartments'> | undefined;

/** The month the page opens: the address bar's, else the current one in the company's timezone. */
export function calendarMonth(params: CalendarParams, company: CompanySettings): MonthKey {
  return params.month ?? monthOf(todayIn(company?.timezone));
}

/** The grid's request for a month: filters of hidden sections do not apply. */
export function calendarGridQuery(
  params: CalendarParams,
  company: CompanySettings,
  range: { from: string; to: string },
): CalendarGridQuery {
  return {
    from: range.from,
    to: range.to,
    branchId: company?.hideBranches ? undefined : params.branchId,
    departmentId: company?.hideDepartments ? undefined : params.departmentId,
    search: params.search,
  };
}

/**
 * Loader of «Календарь»: asks the grid, the year's calendar and the filters' branches and
 * departments (unless the company hides them) as the page is opened, together
 * with the session's calls (guard-loaders.ts), instead of after the page's code has arrived and
 * the session has answered. The same queries as the page's (the same parameters and, when the
 * company is not known yet, the device's timezone as on the page's first render), so the page
 * takes these answers instead of asking again. Nothing is awaited: the page shows its skeleton as
 * before. Only for admins and managers (the role guard sends everybody else home).
 */
export function calendarLoader({ request }: LoaderFunctionArgs): null {
  const claims = decodeAccessToken(getAccessToken());
  if (claims?.role !== 'ADMIN' && claims?.role !== 'MANAGER') return null;
  const params = parseCalendarParams(new URL(request.url).searchParams);
  const company = queryClient.getQueryData(currentCompanyQueryOptions().queryKey);
  const range = monthRange(calendarMonth(params, company));
  void queryClient.prefetchQuery(calendarQueryOptions(calendarGridQuery(params, company, range)));
  void queryClient.prefetchQuery(calendarYearQueryOptions(range.year));
  if (!company?.hideBranches) void queryClient.prefetchQuery(branchFilterOptionsQueryOptions());
  if (!company?.hideDepartments)
    void queryClient.prefetchQuery(departmentFilterOptionsQueryOptions());
  return null;
}
