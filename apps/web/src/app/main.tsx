import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { env } from '../config/env.ts';
import { startAnalytics } from '../features/analytics/analytics.ts';
import { handleSessionExpired, reloadUserData } from '../features/auth/session.ts';
import {
  configScope,
  remoteConfigQueryOptions,
} from '../features/remote-config/api/get-remote-config.ts';
import { listenToServiceWorker } from '../features/notifications/service-worker-messages.ts';
import { apiClient, configureApiClient } from '../lib/api-client.ts';
import { isUnavailableError } from '../lib/api-error.ts';
import { registerAppShell } from '../lib/app-shell.ts';
import { reloadOnceForChunkError } from '../lib/chunk-reload.ts';
import { onServerBack, probeServerReady, watchServerRecovery } from '../lib/connection-state.ts';
import { setNavigator, setPendingPathGetter } from '../lib/navigation.ts';
import { queryClient, refetchWhenServerIsBack } from '../lib/query-client.ts';
import { getAccessToken } from '../lib/token-storage.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import './styles.css';

// The remote configuration is asked now, with the route's loaders, not once React has rendered.
void queryClient.prefetchQuery(remoteConfigQueryOptions(configScope(getAccessToken())));

const router = createAppRouter();
// The app shell is cached by the service worker: the home page opens without a network.
registerAppShell();

setNavigator((to, options) => router.navigate(to, options));
setPendingPathGetter(() => {
  const location = router.state.navigation.location;
  return location ? `${location.pathname}${location.search}` : null;
});
configureApiClient({
  onTokensRefreshed: () => {
    reloadUserData();
    // Push code (and its contract schemas) is not needed before the first refresh.
    void import('./register-push-after-refresh.ts').then((module) =>
      module.registerPushAfterRefresh(),
    );
  },
  onSessionExpired: handleSessionExpired,
});
// While the server does not answer: the indicator shows, GETs wait, /api/ready is asked with
// backoff (the token refresh, when one is retrying, is asking already). When it answers again,
// what gave up meanwhile is fetched again: failed queries, and a page whose loader failed.
watchServerRecovery({
  probe: () => probeServerReady(env.apiReadyUrl),
  isBusy: apiClient.isRefreshing,
});
refetchWhenServerIsBack(queryClient);
onServerBack(() => {
  const errors = Object.values(router.state.errors ?? {});
  if (errors.some(isUnavailableError)) void router.revalidate();
});
// Pushes update the bell at once; a click on one opens its page in this window.
listenToServiceWorker();
// Page views and key actions; nothing is sent until the remote flag and the person allow it.
startAnalytics(router);

// Vite reports a module preload that failed (usually a deploy replaced the chunks): reload once.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('No #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
