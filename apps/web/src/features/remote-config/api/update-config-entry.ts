import type { ConfigEntry, UpdateConfigEntryInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateConfig } from './invalidate-config.ts';

/** A new value (of the key's type), description or «для компании» switch; audited. */
export function updateConfigEntry({
  key,
  input,
}: {
  key: string;
  input: UpdateConfigEntryInput;
}): Promise<ConfigEntry> {
  return apiClient.patch<ConfigEntry>(`/admin/config/${encodeURIComponent(key)}`, input);
}

/** Silent: the table and the form show the server's message next to the value. */
export function useUpdateConfigEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConfigEntry,
    meta: { silentError: true },
    onSuccess: () => invalidateConfig(queryClient),
  });
}
