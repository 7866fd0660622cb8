import type { Session } from '@smena/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { queryClient, userDataQueryKey } from '../../../lib/query-client.ts';

/**
 * Profile, membership and company in one answer (`GET /profile/session`): a signed-in page
 * starts with one round trip and one connection for them instead of three.
 */
export function fetchSession(): Promise<Session> {
  return apiClient.get<Session>('/profile/session');
}

function sessionQueryOptions() {
  return queryOptions({ queryKey: [...userDataQueryKey, 'session'], queryFn: fetchSession });
}

/**
 * One part of the session, for the queries of profile, membership and company. Parts asked
 * together share one request (the query's fetch in flight); a part asked again later (after an
 * invalidation) asks the whole session again rather than reuse an older answer.
 */
export async function fetchSessionPart<Part extends keyof Session>(
  part: Part,
): Promise<Session[Part]> {
  const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  return session[part];
}
