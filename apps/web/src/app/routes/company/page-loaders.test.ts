import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checksKeys } from '../../../features/checks/api/keys.ts';
import { checksPageQuery, parseListState } from '../../../features/checks/list-params.ts';
import { dashboardKeys } from '../../../features/dashboard/api/get-dashboard.ts';
import { reportsKeys } from '../../../features/reports/api/keys.ts';
import {
  parseReportCardParams,
  reportCardQueryOf,
} from '../../../features/reports/report-params.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { checksLoader, dashboardLoader, reportCardLoader } from './page-loaders.ts';

/** An access token whose payload names the role (the loaders read it, nothing checks the signature). */
function tokenOf(role: string): string {
  const payload = btoa(JSON.stringify({ sub: '1', exp: 4_000_000_000, cid: 1, role }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${payload}.signature`;
}

const args = (url: string) => ({ request: new Request(`http://localhost${url}`) });

const requested = () => vi.mocked(fetch).mock.calls.map(([input]) => String(input));

describe('page loaders: the page’s data is asked as the page is opened', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
  });
  afterEach(() => {
    clearAllTokens();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('asks the checks page with the very query the page makes (same key), and the zones', () => {
    setTokens({ accessToken: tokenOf('MANAGER'), refreshToken: 'refresh' });
    const search = '?from=2026-11-20&to=2026-11-24&branchId=3';
    expect(checksLoader(args(`/company/checks${search}`))).toBeNull();

    const state = parseListState(new URLSearchParams(search), '2026-11-25');
    const key = checksKeys.list(checksPageQuery(state));
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');
    expect(
      requested().some((url) => url.includes('/checks?') && url.includes('withAttendance=true')),
    ).toBe(true);
    expect(requested().some((url) => url.includes('/branches?'))).toBe(true);
  });

  it('asks nothing of the checks list on the comments view', () => {
    setTokens({ accessToken: tokenOf('ADMIN'), refreshToken: 'refresh' });
    checksLoader(args('/company/checks?view=comments'));
    expect(requested().some((url) => url.includes('/checks?'))).toBe(false);
  });

  it('asks the T-13 of the address bar’s month with the page’s key', () => {
    setTokens({ accessToken: tokenOf('ADMIN'), refreshToken: 'refresh' });
    reportCardLoader(args('/company/reports/report-card?month=2026-10&departmentId=4'));
    const params = parseReportCardParams(
      new URLSearchParams('month=2026-10&departmentId=4'),
      '2026-11-25',
    );
    const key = reportsKeys.reportCard(reportCardQueryOf(params, undefined));
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');
  });

  it('asks the dashboard for an admin or a manager only', () => {
    setTokens({ accessToken: tokenOf('EMPLOYEE'), refreshToken: 'refresh' });
    dashboardLoader();
    checksLoader(args('/company/checks'));
    reportCardLoader(args('/company/reports/report-card'));
    expect(requested()).toEqual([]);

    setTokens({ accessToken: tokenOf('ADMIN'), refreshToken: 'refresh' });
    dashboardLoader();
    expect(queryClient.getQueryState(dashboardKeys.company())?.fetchStatus).toBe('fetching');
  });
});
