import type { PendingCorrectionsCount } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { correctionKeys } from './keys.ts';

/** How many requests wait for a decision: the side menu's count. */
export function pendingCorrectionsQueryOptions(enabled = true) {
  return queryOptions({
    enabled,
    queryKey: correctionKeys.pendingCount(),
    queryFn: ({ signal }) =>
      apiClient.get<PendingCorrectionsCount>('/correction-requests/pending-count', { signal }),
    refetchInterval: 60_000,
    // A count that failed to load is simply not shown: no error card in the menu.
    meta: { silentError: true },
  });
}

export function usePendingCorrectionsCount(enabled = true) {
  return useQuery(pendingCorrectionsQueryOptions(enabled)).data?.count ?? 0;
}
