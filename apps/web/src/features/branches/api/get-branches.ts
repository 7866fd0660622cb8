import type { Branch, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Root of every branches query: create, update and delete invalidate it. */
export const branchesQueryKey = ['branches'] as const;

/** The list's filter: `active` true — working branches, false — the archive, undefined — all. */
export type BranchesFilter = { active?: boolean };

/** Structure lists are small (the API allows up to 1000), so the page loads them whole. */
export const BRANCHES_FETCH_LIMIT = 1000;

export function fetchBranches(filter: BranchesFilter = {}): Promise<Page<Branch>> {
  return apiClient.get<Page<Branch>>('/branches', {
    query: {
      page: 1,
      limit: BRANCHES_FETCH_LIMIT,
      sort: 'title',
      order: 'asc',
      active: filter.active,
    },
  });
}

export function branchesQueryOptions(filter: BranchesFilter = {}) {
  return queryOptions({
    queryKey: [...branchesQueryKey, 'list', filter],
    queryFn: () => fetchBranches(filter),
    placeholderData: keepPreviousData,
  });
}

export function useBranches(filter: BranchesFilter = {}) {
  return useQuery(branchesQueryOptions(filter));
}
