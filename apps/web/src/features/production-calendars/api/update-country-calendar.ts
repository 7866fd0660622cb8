import type { CountryCalendar, UpdateCountryCalendarInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { productionCalendarKeys } from './keys.ts';

export type UpdateCountryCalendarVariables = {
  country: string;
  year: number;
  input: UpdateCountryCalendarInput;
};

/** Replaces the country's year; the answer carries the norms recounted from the new data. */
export function updateCountryCalendar({ country, year, input }: UpdateCountryCalendarVariables) {
  return apiClient.put<CountryCalendar>(
    `/admin/calendars/${encodeURIComponent(country)}/${year}`,
    input,
  );
}

/** The editor shows the errors itself (dates, the source field). */
export function useUpdateCountryCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountryCalendar,
    meta: { silentError: true },
    onSuccess: (calendar, { country, year }) => {
      queryClient.setQueryData(productionCalendarKeys.year(country, year), calendar);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: productionCalendarKeys.list() }),
        // Companies of the country start from these data (a super admin inside a company sees
        // the company calendar of features/calendar, cached under this key).
        queryClient.invalidateQueries({ queryKey: ['calendar'] }),
      ]);
    },
  });
}
