import { REMOTE_CONFIG_TTL_SECONDS, readRemoteConfig, type RemoteConfig } from '@smena/contract';
import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import {
  decodeAccessToken,
  getTokenSnapshot,
  subscribeTokens,
} from '../../../lib/token-storage.ts';
import { readCachedConfig, writeCachedConfig } from '../config-cache.ts';

/**
 * Whose values: everyone's before sign-in (and for the super admin), a company's with its
 * overrides applied once someone of that company signs in.
 */
export function configScope(accessToken: string | null): string {
  const companyId = decodeAccessToken(accessToken)?.cid;
  return companyId ? `company:${companyId}` : 'global';
}

export const remoteConfigKeys = {
  all: ['remote-config'] as const,
  scope: (scope: string) => [...remoteConfigKeys.all, scope] as const,
};

/** GET /config: every key with its value; the answer is remembered for the next start. */
export async function fetchRemoteConfig(
  scope: string,
  signal?: AbortSignal,
): Promise<RemoteConfig> {
  // The server lets browsers keep /config for minutes; a reload must see a change at once.
  const body = await apiClient.get<unknown>('/config', { signal, cache: 'no-cache' });
  const config = readRemoteConfig(body);
  writeCachedConfig(scope, config.values);
  return config;
}

const ttlMs = (query: Query<RemoteConfig, Error, RemoteConfig, readonly unknown[]>) =>
  Math.max(60, query.state.data?.ttlSeconds ?? REMOTE_CONFIG_TTL_SECONDS) * 1000;

export function remoteConfigQueryOptions(scope: string) {
  return queryOptions({
    queryKey: remoteConfigKeys.scope(scope),
    queryFn: ({ signal }) => fetchRemoteConfig(scope, signal),
    // The last values at once, and a fresh load right away: a reload shows what the super admin
    // changed since, and until the answer the page is not left with the defaults.
    initialData: () => {
      const cached = readCachedConfig(scope);
      return cached ? { values: cached, ttlSeconds: REMOTE_CONFIG_TTL_SECONDS } : undefined;
    },
    initialDataUpdatedAt: 0,
    staleTime: ttlMs,
    refetchInterval: ttlMs,
    // Without the server's values the defaults (or the last ones) apply: nothing to tell.
    meta: { silentError: true },
  });
}

/** The remote configuration of the current scope (follows sign-in and sign-out). */
export function useRemoteConfigQuery() {
  const { accessToken } = useSyncExternalStore(subscribeTokens, getTokenSnapshot);
  return useQuery(remoteConfigQueryOptions(configScope(accessToken)));
}
