import type { PublicRegistrationLink } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { registrationLinksKeys } from './keys.ts';

/**
 * What a visitor learns about an invitation before registering (no token needed).
 * 404: unknown link; 410 LINK_EXPIRED / LINK_REVOKED / LINK_USED_UP with a Russian message.
 */
export function fetchPublicRegistrationLink(uuid: string, signal?: AbortSignal) {
  return apiClient.get<PublicRegistrationLink>(
    `/registration-links/${encodeURIComponent(uuid)}/public`,
    { auth: false, signal },
  );
}

export function publicRegistrationLinkQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: registrationLinksKeys.public(uuid),
    queryFn: ({ signal }) => fetchPublicRegistrationLink(uuid, signal),
    // The page explains a dead link itself.
    meta: { silentError: true },
    staleTime: 0,
  });
}

export function usePublicRegistrationLink(uuid: string, enabled = true) {
  return useQuery({ ...publicRegistrationLinkQueryOptions(uuid), enabled });
}
