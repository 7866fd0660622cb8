import type { NotificationsPage } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { notificationsKeys, type NotificationsQuery } from './keys.ts';

/** How often the bell asks for new notifications. */
export const UNREAD_POLL_MS = 60_000;

/** The caller's notifications, newest first, with the unread count. */
export function fetchNotifications(
  query: NotificationsQuery,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  return apiClient.get<NotificationsPage>('/notifications', { query, signal });
}

export function notificationsQueryOptions(query: NotificationsQuery) {
  return queryOptions({
    queryKey: notificationsKeys.list(query),
    queryFn: ({ signal }) => fetchNotifications(query, signal),
    staleTime: 0,
  });
}

/** The list of the bell's panel, read again while it is open. */
export function useNotifications(query: NotificationsQuery, enabled: boolean) {
  return useQuery({
    ...notificationsQueryOptions(query),
    enabled,
    placeholderData: (previous) => previous,
    refetchInterval: enabled ? UNREAD_POLL_MS : false,
    meta: { silentError: true },
  });
}

/** The unread count of the bell: the smallest page, every minute and when the window is focused. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.unreadCount(),
    queryFn: ({ signal }) => fetchNotifications({ limit: 1 }, signal).then((page) => page.unread),
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    // A failed poll is not worth a card every minute: the bell simply keeps its last number.
    meta: { silentError: true },
  });
}

export function useUnreadNotificationsCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
