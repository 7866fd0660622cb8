import { env } from '../../config/env.ts';
import { setAnalyticsSink } from '../../lib/analytics.ts';
import { getAccessToken } from '../../lib/token-storage.ts';
import { analyticsBeaconUrl, sendAnalyticsEvents } from './api/send-analytics-events.ts';
import { getDeviceId } from './device-id.ts';
import { routePattern } from './route-pattern.ts';
import { createTracker, type Tracker } from './tracker.ts';

/** The part of the data router this reads: where it is and what it matched. */
type RouterStateLike = {
  initialized: boolean;
  navigation: { state: string };
  location: { pathname: string };
  matches: readonly { route: { path?: string } }[];
};
type RouterLike = {
  state: RouterStateLike;
  subscribe: (listener: (state: RouterStateLike) => void) => () => void;
};

let tracker: Tracker | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Starts the tab's tracker (main.tsx, once): `track()` calls reach it, every finished navigation
 * records a page view of the route's pattern, and a hidden or closing page sends what is queued
 * with `navigator.sendBeacon`. Nothing leaves before `setAnalyticsEnabled(true)`.
 */
export function startAnalytics(router: RouterLike): () => void {
  const current = createTracker({
    deviceId: getDeviceId(storage()),
    appVersion: env.buildId,
    getAccessToken,
    postBatch: sendAnalyticsEvents,
    sendBeacon:
      typeof navigator.sendBeacon === 'function'
        ? (url, data) => navigator.sendBeacon(url, data)
        : undefined,
    beaconUrl: analyticsBeaconUrl,
  });
  tracker = current;
  setAnalyticsSink((name, props) => current.track(name, props));

  // A page view per page: a finished navigation to another path (not a new search string).
  let lastPath: string | null = null;
  const onRouterState = (state: RouterStateLike) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    current.pageView(routePattern(state.matches));
  };
  onRouterState(router.state);
  const unsubscribe = router.subscribe(onRouterState);

  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') current.flushWithBeacon();
  };
  const onPageHide = () => current.flushWithBeacon();
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', onPageHide);

  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', onPageHide);
    setAnalyticsSink(null);
    tracker = null;
  };
}

/** See `Tracker.setEnabled`: the remote flag and the person's choice decide (AnalyticsSwitch). */
export function setAnalyticsEnabled(enabled: boolean | undefined): void {
  tracker?.setEnabled(enabled);
}
