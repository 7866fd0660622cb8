import type { AnalyticsPreference } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/query-client.ts';

/** Under the user's data: dropped with it on sign-out and reloaded for the next person. */
export const analyticsPreferenceQueryKey = [...userDataQueryKey, 'analytics-preference'] as const;

/** Whether the signed-in person lets the service record their product events. */
export function fetchAnalyticsPreference(signal?: AbortSignal): Promise<AnalyticsPreference> {
  return apiClient.get<AnalyticsPreference>('/profile/analytics', { signal });
}

export function analyticsPreferenceQueryOptions() {
  return queryOptions({
    queryKey: analyticsPreferenceQueryKey,
    queryFn: ({ signal }) => fetchAnalyticsPreference(signal),
    staleTime: 5 * 60_000,
    // Without an answer nothing is recorded; the person need not hear about it.
    meta: { silentError: true },
  });
}

export function useAnalyticsPreference(enabled = true) {
  return useQuery({ ...analyticsPreferenceQueryOptions(), enabled });
}
