import type { CorrectionRequest, ListCorrectionRequestsQuery, Page } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { correctionKeys } from './keys.ts';

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
