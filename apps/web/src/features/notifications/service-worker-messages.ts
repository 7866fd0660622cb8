import { navigateTo } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notificationsKeys } from './api/keys.ts';
import { markNotificationsRead } from './api/mark-notifications-read.ts';
import { appPath } from './notification-format.ts';

type WorkerMessage =
  { type: 'smena:push' } | { type: 'smena:navigate'; url: string; notificationId: number | null };

function parse(data: unknown): WorkerMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if (data.type === 'smena:push') return { type: 'smena:push' };
  if (data.type === 'smena:navigate' && 'url' in data && typeof data.url === 'string') {
    const id = 'notificationId' in data ? data.notificationId : null;
    return {
      type: 'smena:navigate',
      url: data.url,
      notificationId: typeof id === 'number' ? id : null,
    };
  }
  return null;
}

/**
 * Messages of /sw.js: a push arrived (the bell reads its count at once), or a notification was
 * clicked while the app is open (the notification is marked read, the app opens its page).
 */
export function listenToServiceWorker(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  const onMessage = (event: MessageEvent) => {
    const message = parse(event.data);
    if (!message) return;
    if (message.type === 'smena:navigate') {
      const path = appPath(message.url);
      if (message.notificationId !== null) {
        markNotificationsRead({ ids: [message.notificationId] })
          .catch(() => undefined)
          .finally(() => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all }));
      }
      if (path) void navigateTo(path);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
  };
  container.addEventListener('message', onMessage);
  // Messages posted before this listener existed are delivered now.
  container.startMessages();
  return () => container.removeEventListener('message', onMessage);
}
