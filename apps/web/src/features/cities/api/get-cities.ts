import type { City } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type CitiesQuery = { country?: string | null; search?: string };

/** Cities of a country whose name contains `search` (the API answers at most 500, by name). */
export function fetchCities(query: CitiesQuery): Promise<City[]> {
  return apiClient.get<City[]>('/cities', {
    query: { country: query.country ?? undefined, search: query.search?.trim() || undefined },
  });
}

export function citiesQueryOptions(query: CitiesQuery) {
  return queryOptions({
    queryKey: ['cities', { country: query.country ?? null, search: query.search?.trim() ?? '' }],
    queryFn: () => fetchCities(query),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useCities(query: CitiesQuery, enabled = true) {
  return useQuery({ ...citiesQueryOptions(query), enabled });
}
