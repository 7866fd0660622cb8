import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateConfig } from './invalidate-config.ts';

/** Removes a key the super admin added (the built-in ones stay). */
export function deleteConfigEntry(key: string): Promise<void> {
  return apiClient.delete<void>(`/admin/config/${encodeURIComponent(key)}`);
}

export function useDeleteConfigEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConfigEntry,
    onSuccess: () => invalidateConfig(queryClient),
  });
}
