import type { PublicConfig } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client.ts';

/** The part of the public config the branch form reads. */
export type MapsConfig = Pick<PublicConfig, 'yandexMapsApiKey'>;

const NO_CONFIG: MapsConfig = { yandexMapsApiKey: null };

/** The server's public settings; a server without the endpoint (404) has no maps key. */
export async function fetchPublicConfig(): Promise<MapsConfig> {
  try {
    const config = await apiClient.get<Partial<PublicConfig> | undefined>('/config/public', {
      auth: false,
    });
    const key = config?.yandexMapsApiKey;
    return { yandexMapsApiKey: typeof key === 'string' && key.trim() ? key.trim() : null };
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return NO_CONFIG;
    throw error;
  }
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'public'],
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
    // Without the config the form still works (coordinates by hand): no error card.
    meta: { silentError: true },
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
