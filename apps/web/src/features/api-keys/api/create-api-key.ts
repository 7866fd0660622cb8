import type { CreateApiKeyInput, CreatedApiKey } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { apiKeysKeys } from './keys.ts';

/** A new key; its secret is in this answer only. */
export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return apiClient.post<CreatedApiKey>('/api-keys', input);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
