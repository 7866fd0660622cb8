import type { Branch, Page } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type KeyBranchOption = { value: number; label: string };

/** Working branches a key may be bound to. */
export function fetchKeyBranchOptions(signal?: AbortSignal): Promise<KeyBranchOption[]> {
  return apiClient
    .get<Page<Branch>>('/branches', {
      query: { limit: 1000, active: true, sort: 'title', order: 'asc' },
      signal,
    })
    .then((page) => page.items.map((branch) => ({ value: branch.id, label: branch.title })));
}

// The key starts with 'branches' so that the branches page's changes refresh it.
export function keyBranchOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['branches', 'api-key-options'],
    queryFn: ({ signal }) => fetchKeyBranchOptions(signal),
    staleTime: 60_000,
  });
}

export function useKeyBranchOptions(enabled = true) {
  return useQuery({ ...keyBranchOptionsQueryOptions(), enabled });
}
