import type { OkResponse } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminGeoKeys } from './keys.ts';

/** Deletes an unused country (a used one answers 409 with what uses it). */
export function deleteCountry(id: number) {
  return apiClient.delete<OkResponse>(`/admin/countries/${id}`);
}

export function useDeleteCountry(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCountry,
    onSuccess: async () => {
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: adminGeoKeys.all });
    },
  });
}
