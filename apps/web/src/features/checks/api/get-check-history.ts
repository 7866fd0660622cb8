import type { CheckHistoryEntry } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys } from './keys.ts';

/** Every change of a check, oldest first (a deleted check's too). */
export function fetchCheckHistory(id: number, signal?: AbortSignal) {
  return apiClient.get<{ items: CheckHistoryEntry[] }>(`/checks/${id}/history`, { signal });
}

export function checkHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: checksKeys.history(id),
    queryFn: ({ signal }) => fetchCheckHistory(id, signal).then((result) => result.items),
  });
}

export function useCheckHistory(id: number | null) {
  return useQuery({ ...checkHistoryQueryOptions(id ?? 0), enabled: id !== null });
}
