import type { Page, RegistrationLink } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { registrationLinksKeys } from './keys.ts';

const LINKS_LIMIT = 100;

/** The company's invitation links, newest first (ACTIVE: only those that still work). */
export function fetchRegistrationLinks(state: 'ACTIVE' | 'ALL', signal?: AbortSignal) {
  return apiClient.get<Page<RegistrationLink>>('/registration-links', {
    query: { state, limit: LINKS_LIMIT },
    signal,
  });
}

export function registrationLinksQueryOptions(state: 'ACTIVE' | 'ALL' = 'ACTIVE') {
  return queryOptions({
    queryKey: registrationLinksKeys.list(state),
    queryFn: ({ signal }) => fetchRegistrationLinks(state, signal),
  });
}

export function useRegistrationLinks(state: 'ACTIVE' | 'ALL' = 'ACTIVE', enabled = true) {
  return useQuery({ ...registrationLinksQueryOptions(state), enabled });
}
