/* global self */
/**
 * Smena's service worker: shows the web push messages the server sends (PushPayload of the
 * contract: title, body, url, tag, notificationId) and opens the app at `url` when one is clicked.
 * Plain JavaScript, served as /sw.js with `Cache-Control: no-cache`, so a new version is picked
 * up on the next visit. It caches nothing: the app itself works as before without it.
 */

const ICON = '/icon-192.png';
const BADGE = '/badge-96.png';
const DEFAULT_TITLE = 'Смена';

self.addEventListener('install', () => {
  // A new version takes over at once: it only shows notifications, nothing to migrate.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
