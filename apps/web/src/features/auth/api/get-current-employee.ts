import type { ProfileEmployee } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userDataQueryKey } from '../../../lib/query-client.ts';
import { fetchSessionPart } from './get-session.ts';

/** The caller's membership: role (SUPERADMIN outside companies), company, status. */
export function fetchCurrentEmployee(): Promise<ProfileEmployee> {
  return fetchSessionPart('employee');
}

export function currentEmployeeQueryOptions() {
  return queryOptions({
    queryKey: [...userDataQueryKey, 'employee'],
    queryFn: fetchCurrentEmployee,
    staleTime: 5 * 60_000,
  });
}

export function useCurrentEmployee(enabled = true) {
  return useQuery({ ...currentEmployeeQueryOptions(), enabled });
}
