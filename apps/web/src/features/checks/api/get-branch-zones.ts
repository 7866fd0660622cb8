import type { Branch, Page } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** What the checks screens need of a branch: its name, time zone and whether it still works. */
export type CheckBranch = Pick<Branch, 'id' | 'title' | 'timezone' | 'active'>;

/** Every branch, archived ones too: old checks keep their branch's time zone. */
export async function fetchCheckBranches(signal?: AbortSignal): Promise<CheckBranch[]> {
  const page = await apiClient.get<Page<Branch>>('/branches', {
    query: { limit: 1000, sort: 'title', order: 'asc' },
    signal,
  });
  return page.items.map(({ id, title, timezone, active }) => ({ id, title, timezone, active }));
}

// The key starts with 'branches' so that the branches page's changes refresh it.
export function checkBranchesQueryOptions() {
  return queryOptions({
    queryKey: ['branches', 'check-branches'],
    queryFn: ({ signal }) => fetchCheckBranches(signal),
    staleTime: 5 * 60_000,
    // Without branch zones the times fall back to the company's zone: no error card.
    meta: { silentError: true },
  });
}

export function useCheckBranches() {
  return useQuery(checkBranchesQueryOptions());
}
