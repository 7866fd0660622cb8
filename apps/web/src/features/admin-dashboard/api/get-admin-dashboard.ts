import type { AdminDashboard } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The service's figures change slowly: a refresh every five minutes is plenty. */
export const ADMIN_DASHBOARD_REFRESH_MS = 5 * 60_000;

export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
};

/** Companies, users, employees, today's checks, this month's payments, new companies by week. */
export function fetchAdminDashboard(signal?: AbortSignal) {
  return apiClient.get<AdminDashboard>('/admin/dashboard', { signal });
}

export function adminDashboardQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.all,
    queryFn: ({ signal }) => fetchAdminDashboard(signal),
    refetchInterval: ADMIN_DASHBOARD_REFRESH_MS,
  });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
