import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '../components/feedback/notifications/notify.ts';
import { trackMeta, type AnalyticsMeta } from './analytics.ts';
import { isApiError, isUnavailableError } from './api-error.ts';
import { onServerBack } from './connection-state.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The screen shows this error itself: no notification card. */ silentError?: boolean;
    };
    mutationMeta: {
      /** The form shows this error itself: no notification card. */ silentError?: boolean;
      /** The product event recorded when the mutation succeeds (lib/analytics.ts). */
      analytics?: AnalyticsMeta;
    };
  }
}

/** Root of the current user's queries (profile, employee, company): reloaded or dropped together. */
export const userDataQueryKey = ['me'] as const;

function shouldNotify(error: unknown, silent: boolean | undefined): boolean {
  if (silent) return false;
  // A 401 that survived the refresh means the session is over: the redirect to /login says it.
  if (isApiError(error) && error.statusCode === 401) return false;
  return true;
}

/**
 * Whether a failed query should be tried again (TanStack's `retry`). «No reply» and 502/503/504
 * are not: the HTTP client has already waited minutes for the server (OUTAGE_ATTEMPTS), and
 * `refetchWhenServerIsBack` repeats such queries once it answers again.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!isApiError(error) || isUnavailableError(error)) return false;
  // A server failure may pass on a second try.
  return failureCount < 2 && error.statusCode >= 500;
}

/**
 * When the server answers again after an outage, the queries on screen that gave up during it
 * fetch again: the page recovers without a reload. Returns a function that stops it.
 */
export function refetchWhenServerIsBack(client: QueryClient): () => void {
  return onServerBack(() => {
    void client.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error' && isUnavailableError(query.state.error),
    });
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // «No reply» has its own quiet indicator; a card per failed query would be a flood.
        if (isUnavailableError(error)) return;
        if (shouldNotify(error, query.meta?.silentError)) notify.apiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => trackMeta(mutation.meta?.analytics),
      onError: (error, _variables, _context, mutation) => {
        if (shouldNotify(error, mutation.meta?.silentError)) notify.apiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's QueryClient; code outside React (session, route loaders) uses it directly. */
export const queryClient = createQueryClient();
