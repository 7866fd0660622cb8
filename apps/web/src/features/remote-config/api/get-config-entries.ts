import type { ConfigEntry } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { configEntriesKeys } from './keys.ts';

/** Every key of the remote configuration with its type, value, description and overrides. */
export function fetchConfigEntries(signal?: AbortSignal): Promise<{ items: ConfigEntry[] }> {
  return apiClient.get<{ items: ConfigEntry[] }>('/admin/config', { signal });
}

export function configEntriesQueryOptions() {
  return queryOptions({
    queryKey: configEntriesKeys.list(),
    queryFn: ({ signal }) => fetchConfigEntries(signal),
  });
}

export function useConfigEntries() {
  return useQuery(configEntriesQueryOptions());
}
