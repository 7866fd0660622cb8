import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '../components/feedback/notifications/notify.ts';
import { trackMeta, type AnalyticsMeta } from './analytics.ts';
import { isApiError } from './api-error.ts';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
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
        // Repeat only what may pass on a second try: no reply, or a server failure.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          isApiError(error) &&
          (error.isNetworkError || error.statusCode >= 500),
      },
      mutations: { retry: false },
    },
  });
}

/** The app's QueryClient; code outside React (session, route loaders) uses it directly. */
export const queryClient = createQueryClient();
