import type { AdminAnalytics } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** A period (`yyyy-MM-dd`, both days included) and, optionally, one company. */
export type AdminAnalyticsFilter = { from: string; to: string; companyId?: number };

export const adminAnalyticsKeys = {
  all: ['admin-analytics'] as const,
  period: (query: AdminAnalyticsFilter) => [...adminAnalyticsKeys.all, query] as const,
};

/** DAU/WAU, active companies, top features and pages, the sign-up funnel of a period. */
export function fetchAdminAnalytics(query: AdminAnalyticsFilter, signal?: AbortSignal) {
  return apiClient.get<AdminAnalytics>('/admin/analytics', { query, signal });
}

export function adminAnalyticsQueryOptions(query: AdminAnalyticsFilter) {
  return queryOptions({
    queryKey: adminAnalyticsKeys.period(query),
    queryFn: ({ signal }) => fetchAdminAnalytics(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    // The section shows its own error with «Повторить».
    meta: { silentError: true },
  });
}

export function useAdminAnalytics(query: AdminAnalyticsFilter) {
  return useQuery(adminAnalyticsQueryOptions(query));
}
