import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { notify } from '../components/feedback/notifications/notify.ts';
import { trackMeta, type AnalyticsMeta } from './analytics.ts';
import { isApiError, isUnavailableError } from './api-error.ts';
import { isServerUnreachable, subscribeConnectionState } from './connection-state.ts';

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

/**
 * How many times a query repeats after «no reply» or «unavailable». Between the attempts it waits,
 * paused, until the server answers again (see `followServerConnection`), so an outage of any length
 * costs only one or two of them.
 */
export const UNAVAILABLE_RETRIES = 8;

function shouldNotify(error: unknown, silent: boolean | undefined): boolean {
  if (silent) return false;
  // A 401 that survived the refresh means the session is over: the redirect to /login says it.
  if (isApiError(error) && error.statusCode === 401) return false;
  return true;
}

/** Whether a failed query should be tried again (TanStack's `retry`). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (isUnavailableError(error)) return failureCount < UNAVAILABLE_RETRIES;
  // A server failure may pass on a second try.
  return failureCount < 2 && error.statusCode >= 500;
}

/**
 * TanStack Query counts as online only while the browser is online and the API server answers
 * (lib/connection-state.ts). Offline, queries wait instead of failing and firing notifications;
 * when the server is back, the waiting ones go on and stale ones refetch (`refetchOnReconnect`).
 */
export function followServerConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    let browserOnline = typeof navigator === 'undefined' || navigator.onLine !== false;
    const update = () => setOnline(browserOnline && !isServerUnreachable());
    const onOnline = () => {
      browserOnline = true;
      update();
    };
    const onOffline = () => {
      browserOnline = false;
      update();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const unsubscribe = subscribeConnectionState(update);
    update();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      unsubscribe();
    };
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
        // Offline the retries pause anyway; once the server is back, the next try goes soon.
        retryDelay: (failureCount, error) =>
          isUnavailableError(error) ? 500 : Math.min(1000 * 2 ** failureCount, 30_000),
      },
      // An action the person started fails at once with its message rather than waiting unseen
      // for the server; they decide whether to try again.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's QueryClient; code outside React (session, route loaders) uses it directly. */
export const queryClient = createQueryClient();
