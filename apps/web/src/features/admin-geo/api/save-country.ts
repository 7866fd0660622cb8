import type { AdminCountry, CreateCountryInput, UpdateCountryInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminGeoKeys } from './keys.ts';

export function createCountry(input: CreateCountryInput) {
  return apiClient.post<AdminCountry>('/admin/countries', input);
}

export function updateCountry({ id, input }: { id: number; input: UpdateCountryInput }) {
  return apiClient.patch<AdminCountry>(`/admin/countries/${id}`, input);
}

/** Adds (no id) or edits a country; the form shows the errors itself. */
export function useSaveCountry(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: number | null; input: CreateCountryInput }) =>
      variables.id === null
        ? createCountry(variables.input)
        : updateCountry({ id: variables.id, input: variables.input }),
    meta: { silentError: true },
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: adminGeoKeys.all });
    },
  });
}
