import type { Country } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The public list of countries (name, ISO code, calling code) for forms. */
export function fetchCountries(): Promise<Country[]> {
  return apiClient.get<Country[]>('/countries', { auth: false });
}

export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['countries'],
    queryFn: fetchCountries,
    staleTime: 60 * 60_000,
  });
}

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
