import type { AdminCity, ListAdminCitiesQuery, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminGeoKeys } from './keys.ts';

/** A page of cities with their country and how many branches name each. */
export function fetchAdminCities(query: ListAdminCitiesQuery, signal?: AbortSignal) {
  return apiClient.get<Page<AdminCity>>('/admin/cities', { query, signal });
}

export function adminCitiesQueryOptions(query: ListAdminCitiesQuery) {
  return queryOptions({
    queryKey: adminGeoKeys.cities(query),
    queryFn: ({ signal }) => fetchAdminCities(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCities(query: ListAdminCitiesQuery) {
  return useQuery(adminCitiesQueryOptions(query));
}
