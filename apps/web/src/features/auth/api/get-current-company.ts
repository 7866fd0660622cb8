import type { Company } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/query-client.ts';
import { fetchSessionPart } from './get-session.ts';

/** The company of the token (404 for a super admin outside companies, so only asked inside one). */
export async function fetchCurrentCompany(): Promise<Company> {
  // Outside companies the session has none: the company's own route answers why.
  return (await fetchSessionPart('company')) ?? apiClient.get<Company>('/profile/company');
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
