import type { ApiKey } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { apiKeysKeys } from './keys.ts';

/** The company's keys, revoked ones too (ADMIN). */
export function fetchApiKeys(signal?: AbortSignal) {
  return apiClient.get<{ items: ApiKey[] }>('/api-keys', { signal }).then((list) => list.items);
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysKeys.list(),
    queryFn: ({ signal }) => fetchApiKeys(signal),
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
