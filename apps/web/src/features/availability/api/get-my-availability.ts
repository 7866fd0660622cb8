import type { AvailabilityList } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { availabilityKeys } from './keys.ts';

/** The caller's own marks of `from`–`to` and the last date they may mark. */
export function fetchMyAvailability(from: string, to: string, signal?: AbortSignal) {
  return apiClient.get<AvailabilityList>('/availability', { query: { from, to }, signal });
}

export function myAvailabilityQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: availabilityKeys.mine(from, to),
    queryFn: ({ signal }) => fetchMyAvailability(from, to, signal),
  });
}

export function useMyAvailability(from: string, to: string) {
  return useQuery(myAvailabilityQueryOptions(from, to));
}
