/* global self, caches */
/**
 * Smena's service worker: shows the web push messages the server sends (PushPayload of the
 * contract: title, body, url, tag, notificationId) and opens the app at `url` when one is clicked;
 * and keeps the app shell (decision 032), so `/` and `/kiosk` open without a network:
 * - a page (a navigation) comes from the network first, and the last one received is kept as
 *   the shell: without a network the kept shell answers (the app routes itself);
 * - `/assets/*`, whose names carry their content's hash, come from the cache first, and are kept
 *   as they are fetched (the lazy chunks of the pages visited, too);
 * - nothing else is touched: `/api/*`, `/version.json`, `/sw.js` always go to the network.
 * Plain JavaScript, served as /sw.js with `Cache-Control: no-cache`, so a new version is picked
 * up on the next visit; the version check of the app still sees a new build, since the shell
 * is asked from the network first.
 */

const ICON = '/icon-192.png';
const BADGE = '/badge-96.png';
const DEFAULT_TITLE = 'Смена';

/** Bump to drop every kept shell and asset (a change of what is kept, not of the app). */
const CACHE_VERSION = 'v1';
const SHELL_CACHE = `smena-shell-${CACHE_VERSION}`;
const ASSETS_CACHE = `smena-assets-${CACHE_VERSION}`;
const SHELL_KEY = '/';
/** Hashed assets of old builds go once there are more than this many. */
const MAX_ASSETS = 300;

/** The shell and the assets it names, kept on install so the first offline open works. */
async function keepShell() {
  const response = await fetch(SHELL_KEY, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) return;
  const html = await response.clone().text();
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(SHELL_KEY, response);
  const assets = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(match[1]);
  if (assets.size > 0) {
    const cache = await caches.open(ASSETS_CACHE);
    await Promise.all([...assets].map((url) => cache.add(url).catch(() => undefined)));
  }
}

self.addEventListener('install', (event) => {
  // A new version takes over at once: what it keeps is only a copy of what the network serves.
  self.skipWaiting();
  event.waitUntil(keepShell().catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const kept = new Set([SHELL_CACHE, ASSETS_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith('smena-') && !kept.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function trimAssets(cache) {
  const keys = await cache.keys();
  // Keys come in the order they were put: the oldest go first.
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) {
    await cache.delete(request);
  }
}

async function fromNetworkFirst(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') || '';
    if (response.ok && type.includes('text/html')) {
      const copy = response.clone();
      const shell = await caches.open(SHELL_CACHE);
      await shell.put(SHELL_KEY, copy);
    }
    return response;
  } catch (error) {
    const shell = await caches.open(SHELL_CACHE);
    const kept = await shell.match(SHELL_KEY);
    if (kept) return kept;
    throw error;
  }
}

async function fromCacheFirst(request) {
  const cache = await caches.open(ASSETS_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fromNetworkFirst(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheFirst(request));
  }
});

/** The payload as the server sent it, or something showable when it is not JSON. */
function readPayload(data) {
  if (!data) return {};
  try {
    const value = data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    return { body: data.text() };
  }
}

/** Only pages of this app are opened: anything else becomes the home page. */
function appUrl(url) {
  try {
    const target = new URL(typeof url === 'string' && url ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target : new URL('/', self.location.origin);
  } catch {
    return new URL('/', self.location.origin);
  }
}

async function windowsOfApp() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.filter((client) => new URL(client.url).origin === self.location.origin);
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const target = appUrl(payload.url);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : DEFAULT_TITLE;
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: ICON,
    badge: BADGE,
    lang: 'ru',
    data: {
      url: target.pathname + target.search + target.hash,
      notificationId: typeof payload.notificationId === 'number' ? payload.notificationId : null,
    },
  };
  if (typeof payload.tag === 'string' && payload.tag) {
    options.tag = payload.tag;
    // A newer message under the same tag should still be noticed.
    options.renotify = true;
  }
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, options);
      // Open pages update their bell at once instead of waiting for the next poll.
      for (const client of await windowsOfApp()) client.postMessage({ type: 'smena:push' });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = appUrl(data.url);
  const path = target.pathname + target.search + target.hash;
  event.waitUntil(
    (async () => {
      const windows = await windowsOfApp();
      // The window the person used last comes first.
      const client = windows.find((candidate) => candidate.focused) || windows[0];
      if (client) {
        const focused = await client.focus().catch(() => client);
        // The app navigates itself (no reload) and marks the notification read.
        focused.postMessage({
          type: 'smena:navigate',
          url: path,
          notificationId: typeof data.notificationId === 'number' ? data.notificationId : null,
        });
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});
