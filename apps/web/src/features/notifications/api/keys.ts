/** `GET /notifications` as the web app sends it. */
export type NotificationsQuery = {
  page?: number;
  limit?: number;
  unread?: 'true';
};

/** Query keys of the notification centre: every change invalidates `notificationsKeys.all`. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  list: (query: NotificationsQuery) => [...notificationsKeys.all, 'list', query] as const,
  unreadCount: () => [...notificationsKeys.all, 'unread-count'] as const,
  publicKey: () => ['push', 'public-key'] as const,
};
