import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAdminCompanies } from './get-admin-companies.ts';
import { adminCompaniesKeys } from './keys.ts';

export type CompanyOption = { value: number; label: string };

/** Up to 50 companies matching `search` (title, email, phone), for the company pickers. */
export function fetchCompanyOptions(search: string, signal?: AbortSignal) {
  return fetchAdminCompanies(
    { page: 1, limit: 50, search: search.trim() || undefined, sort: 'title', order: 'asc' },
    signal,
  ).then((page) =>
    page.items.map((company): CompanyOption => ({ value: company.id, label: company.title })),
  );
}

export function companyOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...adminCompaniesKeys.all, 'options', search.trim()],
    queryFn: ({ signal }) => fetchCompanyOptions(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useCompanyOptions(search: string, enabled = true) {
  return useQuery({ ...companyOptionsQueryOptions(search), enabled });
}
