import type { Deviations } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { deviationsKeys, type DeviationsQuery } from './keys.ts';

/** The deviations of a period with the filters, and the new ones by type. */
export function fetchDeviations(query: DeviationsQuery, signal?: AbortSignal) {
  return apiClient.get<Deviations>('/deviations', { query, signal });
}

export function deviationsQueryOptions(query: DeviationsQuery) {
  return queryOptions({
    queryKey: deviationsKeys.list(query),
    queryFn: ({ signal }) => fetchDeviations(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeviations(query: DeviationsQuery) {
  return useQuery(deviationsQueryOptions(query));
}
