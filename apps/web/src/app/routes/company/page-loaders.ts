import type { LoaderFunctionArgs } from 'react-router';
import { currentCompanyQueryOptions } from '../../../features/auth/api/get-current-company.ts';
import { checkBranchesQueryOptions } from '../../../features/checks/api/get-branch-zones.ts';
import { checksQueryOptions } from '../../../features/checks/api/get-checks.ts';
import { checksPageQuery, parseListState } from '../../../features/checks/list-params.ts';
import { dashboardQueryOptions } from '../../../features/dashboard/api/get-dashboard.ts';
import { reportCardQueryOptions } from '../../../features/reports/api/get-report-card.ts';
import {
  parseReportCardParams,
  reportCardQueryOf,
} from '../../../features/reports/report-params.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { decodeAccessToken, getAccessToken } from '../../../lib/token-storage.ts';
import { safeZone, todayIn } from '../../../lib/zoned-time.ts';
import { dateOf } from '../../../lib/zoned-instants.ts';

/**
 * Loaders of the company pages whose main request would otherwise wait for the page's code to
 * arrive and draw (the calendar's is in calendar-query.ts): each asks the page's data as the page
 * is opened, together with the session's calls (guard-loaders.ts), with the very queries the page
 * makes on its first render (same keys), so the page takes the answer instead of asking again.
 * The company (timezone, hidden sections) is taken from the cache when known, as the page's first
 * render does. Nothing is awaited, and nothing is asked for people the role guard sends home.
 */

function isAdminOrManager(): boolean {
  const role = decodeAccessToken(getAccessToken())?.role;
  return role === 'ADMIN' || role === 'MANAGER';
}

function cachedCompany() {
  return queryClient.getQueryData(currentCompanyQueryOptions().queryKey);
}

/** «Сводка». */
export function dashboardLoader(): null {
  if (isAdminOrManager()) void queryClient.prefetchQuery(dashboardQueryOptions());
  return null;
}

/** «Отметки»: the page of checks with its attendance, and the branches' zones it is read in. */
export function checksLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  if (!isAdminOrManager()) return null;
  const today = dateOf(Date.now(), safeZone(cachedCompany()?.timezone));
  const state = parseListState(new URL(request.url).searchParams, today);
  // The comments view shows no list of checks.
  if (state.view !== 'comments')
    void queryClient.prefetchQuery(checksQueryOptions(checksPageQuery(state)));
  void queryClient.prefetchQuery(checkBranchesQueryOptions());
  return null;
}

/** «Табель». */
export function reportCardLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  if (!isAdminOrManager()) return null;
  const company = cachedCompany();
  const params = parseReportCardParams(
    new URL(request.url).searchParams,
    todayIn(safeZone(company?.timezone)),
  );
  void queryClient.prefetchQuery(reportCardQueryOptions(reportCardQueryOf(params, company)));
  return null;
}
