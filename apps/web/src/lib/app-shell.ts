/**
 * Registers the service worker (`/sw.js`) for the app shell's cache (decision 032), so `/` and
 * `/kiosk` open without a network. The same worker shows web push (decision on notifications);
 * registering it again is harmless, the browser keeps one registration per scope. Not in
 * development: Vite serves modules, not the built assets the worker caches.
 */
export function registerAppShell(
  container: Pick<ServiceWorkerContainer, 'register'> | undefined = typeof navigator !==
    'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : undefined,
  development: boolean = import.meta.env.DEV,
): void {
  if (!container || development) return;
  void container.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
