import type { AdminCompany } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminCompaniesKeys } from './keys.ts';

export function fetchAdminCompany(id: number, signal?: AbortSignal) {
  return apiClient.get<AdminCompany>(`/admin/companies/${id}`, { signal });
}

export function adminCompanyQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminCompaniesKeys.detail(id),
    queryFn: ({ signal }) => fetchAdminCompany(id, signal),
  });
}

/** One company, fresh (the list row is shown until it arrives). */
export function useAdminCompany(id: number | null, placeholder?: AdminCompany) {
  return useQuery({
    ...adminCompanyQueryOptions(id ?? 0),
    enabled: id !== null,
    ...(placeholder ? { placeholderData: placeholder } : {}),
  });
}
