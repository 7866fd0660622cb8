import type { OkResponse } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminGeoKeys } from './keys.ts';

/** Deletes a city no branch names (otherwise 409 says so). */
export function deleteCity(id: number) {
  return apiClient.delete<OkResponse>(`/admin/cities/${id}`);
}

export function useDeleteCity(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCity,
    onSuccess: async () => {
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: adminGeoKeys.all });
    },
  });
}
