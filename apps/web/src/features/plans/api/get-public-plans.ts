import type { PublicPlans } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function fetchPublicPlans(): Promise<PublicPlans> {
  return apiClient.get<PublicPlans>('/plans/public', { auth: false });
}

/** The plans on sale, for the public payment page (no token needed). */
export function publicPlansQueryOptions() {
  return queryOptions({
    queryKey: ['plans', 'public'],
    queryFn: fetchPublicPlans,
    staleTime: 5 * 60_000,
    // The page reads well without the figures: no error card for a visitor.
    meta: { silentError: true },
  });
}

export function usePublicPlans() {
  return useQuery(publicPlansQueryOptions());
}
