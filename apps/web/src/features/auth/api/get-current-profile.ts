import type { Profile } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/query-client.ts';

export function fetchCurrentProfile(): Promise<Profile> {
  return apiClient.get<Profile>('/profile');
}

export function currentProfileQueryOptions() {
  return queryOptions({
    queryKey: [...userDataQueryKey, 'profile'],
    queryFn: fetchCurrentProfile,
    staleTime: 5 * 60_000,
  });
}

export function useCurrentProfile(enabled = true) {
  return useQuery({ ...currentProfileQueryOptions(), enabled });
}
