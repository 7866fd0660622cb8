import type { AdminCity, CreateCityInput, UpdateCityInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminGeoKeys } from './keys.ts';

export function createCity(input: CreateCityInput) {
  return apiClient.post<AdminCity>('/admin/cities', input);
}

export function updateCity({ id, input }: { id: number; input: UpdateCityInput }) {
  return apiClient.patch<AdminCity>(`/admin/cities/${id}`, input);
}

/** Adds (no id) or edits a city; the form shows the errors itself. */
export function useSaveCity(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: number | null; input: CreateCityInput }) =>
      variables.id === null
        ? createCity(variables.input)
        : updateCity({ id: variables.id, input: variables.input }),
    meta: { silentError: true },
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: adminGeoKeys.all });
    },
  });
}
