import type {
  CorrectionRequest,
  ListCorrectionRequestsQuery,
  Page,
  PendingCorrectionsCount,
} from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { correctionKeys } from './keys.ts';

/** The managers' list: requests of their employees, newest first. */
export function fetchCorrectionRequests(
  query: Partial<ListCorrectionRequestsQuery>,
  signal?: AbortSignal,
) {
  return apiClient.get<Page<CorrectionRequest>>('/correction-requests', { query, signal });
}

export function correctionRequestsQueryOptions(query: Partial<ListCorrectionRequestsQuery>) {
  return queryOptions({
    queryKey: correctionKeys.list(query),
    queryFn: ({ signal }) => fetchCorrectionRequests(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCorrectionRequests(query: Partial<ListCorrectionRequestsQuery>) {
  return useQuery(correctionRequestsQueryOptions(query));
}

/** The caller's own requests («Мои запросы на исправление»). */
export function fetchMyCorrectionRequests(
  query: Partial<ListCorrectionRequestsQuery>,
  signal?: AbortSignal,
) {
  return apiClient.get<Page<CorrectionRequest>>('/correction-requests/mine', { query, signal });
}

export function myCorrectionRequestsQueryOptions(query: Partial<ListCorrectionRequestsQuery>) {
  return queryOptions({
    queryKey: correctionKeys.mine(query),
    queryFn: ({ signal }) => fetchMyCorrectionRequests(query, signal),
  });
}

export function useMyCorrectionRequests(query: Partial<ListCorrectionRequestsQuery>) {
  return useQuery(myCorrectionRequestsQueryOptions(query));
}

/** How many requests wait for a decision: the side menu's count. */
export function pendingCorrectionsQueryOptions() {
  return queryOptions({
    queryKey: correctionKeys.pendingCount(),
    queryFn: ({ signal }) =>
      apiClient.get<PendingCorrectionsCount>('/correction-requests/pending-count', { signal }),
    refetchInterval: 60_000,
    // A count that failed to load is simply not shown: no error card in the menu.
    meta: { silentError: true },
  });
}

export function usePendingCorrectionsCount() {
  return useQuery(pendingCorrectionsQueryOptions()).data?.count ?? 0;
}
