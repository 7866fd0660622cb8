import type { CountryCalendar } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { productionCalendarKeys } from './keys.ts';

/** A country's production calendar of a year with its monthly norms (empty when not stored). */
export function fetchCountryCalendar(country: string, year: number, signal?: AbortSignal) {
  return apiClient.get<CountryCalendar>(`/admin/calendars/${encodeURIComponent(country)}/${year}`, {
    signal,
  });
}

export function countryCalendarQueryOptions(country: string, year: number) {
  return queryOptions({
    queryKey: productionCalendarKeys.year(country, year),
    queryFn: ({ signal }) => fetchCountryCalendar(country, year, signal),
    // The page shows the failure with a «Повторить» button.
    meta: { silentError: true },
  });
}

export function useCountryCalendar(country: string, year: number, enabled = true) {
  return useQuery({ ...countryCalendarQueryOptions(country, year), enabled });
}
