import type { CountryCalendarList } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { productionCalendarKeys } from './keys.ts';

/** The years stored for every country (a year not listed is a plain five-day week). */
export function fetchCountryCalendars(signal?: AbortSignal) {
  return apiClient.get<CountryCalendarList>('/admin/calendars', { signal });
}

export function countryCalendarsQueryOptions() {
  return queryOptions({
    queryKey: productionCalendarKeys.list(),
    queryFn: ({ signal }) => fetchCountryCalendars(signal),
    // Only marks the years in the year list: the page works without it.
    meta: { silentError: true },
  });
}

export function useCountryCalendars() {
  return useQuery(countryCalendarsQueryOptions());
}
