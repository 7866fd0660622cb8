import type { ConfigEntry, CreateConfigEntryInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateConfig } from './invalidate-config.ts';

/** «Добавить параметр»: 409 when the key exists. */
export function createConfigEntry(input: CreateConfigEntryInput): Promise<ConfigEntry> {
  return apiClient.post<ConfigEntry>('/admin/config', input);
}

/** Silent: the form puts the server's field errors under its fields. */
export function useCreateConfigEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConfigEntry,
    meta: { silentError: true },
    onSuccess: () => invalidateConfig(queryClient),
  });
}
