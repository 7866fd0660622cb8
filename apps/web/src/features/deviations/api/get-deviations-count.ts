import type { DeviationsCount } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { deviationsKeys } from './keys.ts';

/** The menu's badge is not worth a request on every page: five minutes old is fine. */
const COUNT_STALE_MS = 5 * 60_000;

/** New deviations of the current month up to today, in the caller's scope. */
export function fetchDeviationsCount(signal?: AbortSignal) {
  return apiClient.get<DeviationsCount>('/deviations/count', { signal });
}

export function deviationsCountQueryOptions() {
  return queryOptions({
    queryKey: deviationsKeys.count(),
    queryFn: ({ signal }) => fetchDeviationsCount(signal),
    staleTime: COUNT_STALE_MS,
    meta: { silentError: true },
  });
}

/** Only for those who may open the inbox (`enabled`). */
export function useDeviationsCount(enabled: boolean) {
  return useQuery({ ...deviationsCountQueryOptions(), enabled });
}
