import type { ApiKey } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { apiKeysKeys } from './keys.ts';

/** Revokes a key at once: requests with it answer 401 from then on. */
export function revokeApiKey(id: number): Promise<ApiKey> {
  return apiClient.post<ApiKey>(`/api-keys/${id}/revoke`);
}

/** Errors reach the person through the query client's notification. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
