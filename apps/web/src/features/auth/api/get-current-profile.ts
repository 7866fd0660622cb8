import type { Profile } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userDataQueryKey } from '../../../lib/query-client.ts';
import { fetchSessionPart } from './get-session.ts';

/** The signed-in person (part of the session's one answer). */
export function fetchCurrentProfile(): Promise<Profile> {
  return fetchSessionPart('profile');
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
