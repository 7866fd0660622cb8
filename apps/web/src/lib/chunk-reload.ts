import { targetPath } from './navigation.ts';

/** A deploy replaced the hashed chunks this page knows: reload once to get the new build. */
export const CHUNK_RELOAD_KEY = 'smena:chunk-reload';

/** Seconds within which a second chunk failure is not answered with another reload. */
const RELOAD_GUARD_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /Failed to fetch dynamically imported module/i.test(error.message) ||
    /Importing a module script failed/i.test(error.message) ||
    /error loading dynamically imported module/i.test(error.message) ||
    /Unable to preload CSS/i.test(error.message) ||
    error.name === 'ChunkLoadError'
  );
}

/** A full page load of the page that was being opened (the current one when none was). */
function reloadAtTarget(): void {
  const target = targetPath();
  if (target === `${window.location.pathname}${window.location.search}`) window.location.reload();
  else window.location.assign(target);
}

/**
 * Reloads the page unless it was already reloaded for this reason a moment ago
 * (then the error is shown instead, no reload loop). Returns whether a reload started.
 */
export function reloadOnceForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  reload: () => void = reloadAtTarget,
  now: number = Date.now(),
): boolean {
  let last: number;
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  } catch {
    return false;
  }
  if (now - last < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * Wraps a route's `lazy` import: a failed chunk download reloads the page once;
 * the route's error element shows anything else.
 */
export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnceForChunkError()) {
        // Keep the current screen until the browser reloads.
        return new Promise<T>(() => {});
      }
      throw error;
    }
  };
}
