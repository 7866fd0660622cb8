import type { AdminUser, ListAdminUsersQuery, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminUsersKeys } from './keys.ts';

/** A page of users with their companies and roles. */
export function fetchAdminUsers(query: ListAdminUsersQuery, signal?: AbortSignal) {
  return apiClient.get<Page<AdminUser>>('/admin/users', { query, signal });
}

export function adminUsersQueryOptions(query: ListAdminUsersQuery) {
  return queryOptions({
    queryKey: adminUsersKeys.list(query),
    queryFn: ({ signal }) => fetchAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(query: ListAdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
