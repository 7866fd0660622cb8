import type { Dashboard } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The dashboard refreshes itself this often (a wall screen shows it all day). */
export const DASHBOARD_REFRESH_MS = 60_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  company: () => [...dashboardKeys.all, 'company'] as const,
};

/** Today, the last 14 days, the branches and the latest checks of the caller's company. */
export function fetchDashboard(signal?: AbortSignal) {
  return apiClient.get<Dashboard>('/dashboard', { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.company(),
    queryFn: ({ signal }) => fetchDashboard(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: DASHBOARD_REFRESH_MS / 2,
    // A wall screen must not stack a notification a minute while the network is down: the page
    // says itself that the figures are not fresh.
    meta: { silentError: true },
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
