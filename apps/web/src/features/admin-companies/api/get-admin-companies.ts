import type { AdminCompany, ListAdminCompaniesQuery, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminCompaniesKeys } from './keys.ts';

/** A page of companies, searched, filtered and sorted on the server. */
export function fetchAdminCompanies(query: ListAdminCompaniesQuery, signal?: AbortSignal) {
  return apiClient.get<Page<AdminCompany>>('/admin/companies', { query, signal });
}

export function adminCompaniesQueryOptions(query: ListAdminCompaniesQuery) {
  return queryOptions({
    queryKey: adminCompaniesKeys.list(query),
    queryFn: ({ signal }) => fetchAdminCompanies(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCompanies(query: ListAdminCompaniesQuery) {
  return useQuery(adminCompaniesQueryOptions(query));
}
