import type { AdminCountry, ListAdminCountriesQuery, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminGeoKeys } from './keys.ts';

/** A page of countries with how many cities, companies and users refer to each. */
export function fetchAdminCountries(query: ListAdminCountriesQuery, signal?: AbortSignal) {
  return apiClient.get<Page<AdminCountry>>('/admin/countries', { query, signal });
}

export function adminCountriesQueryOptions(query: ListAdminCountriesQuery) {
  return queryOptions({
    queryKey: adminGeoKeys.countries(query),
    queryFn: ({ signal }) => fetchAdminCountries(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCountries(query: ListAdminCountriesQuery) {
  return useQuery(adminCountriesQueryOptions(query));
}
