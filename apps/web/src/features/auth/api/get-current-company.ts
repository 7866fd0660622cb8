import type { Company } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/query-client.ts';

/** The company of the token (404 for a super admin outside companies, so only asked inside one). */
export function fetchCurrentCompany(): Promise<Company> {
  return apiClient.get<Company>('/profile/company');
}

export function currentCompanyQueryOptions() {
  return queryOptions({
    queryKey: [...userDataQueryKey, 'company'],
    queryFn: fetchCurrentCompany,
    staleTime: 5 * 60_000,
  });
}

export function useCurrentCompany(enabled = true) {
  return useQuery({ ...currentCompanyQueryOptions(), enabled });
}
