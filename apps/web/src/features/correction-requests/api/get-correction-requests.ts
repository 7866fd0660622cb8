import type { CorrectionRequest, ListCorrectionRequestsQuery, Page } from '@smena/contract';
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
