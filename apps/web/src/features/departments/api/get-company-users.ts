import type { Page, ProfileUser } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** How many people the head picker offers at a time. */
export const HEAD_CANDIDATES_LIMIT = 20;

/** People of the company whose name, email or phone contains `search`. */
export function fetchCompanyUsers(search: string): Promise<Page<ProfileUser>> {
  return apiClient.get<Page<ProfileUser>>('/profile/users', {
    query: { search: search.trim() || undefined, limit: HEAD_CANDIDATES_LIMIT },
  });
}

export function companyUsersQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['profile', 'users', { search: search.trim(), limit: HEAD_CANDIDATES_LIMIT }],
    queryFn: () => fetchCompanyUsers(search),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyUsers(search: string, enabled = true) {
  return useQuery({ ...companyUsersQueryOptions(search), enabled });
}
