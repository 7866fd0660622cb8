import type { NotificationTokenInput } from '@smena/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** Stores this browser's push subscription (serialized PushSubscription.toJSON()) for the caller. */
export async function saveNotificationToken(notificationToken: string): Promise<void> {
  const input: NotificationTokenInput = { notificationToken, key: 'web' };
  await apiClient.post('/profile/notification-token', input);
}

/** Forgets a push subscription of the caller's. */
export async function removeNotificationToken(notificationToken: string): Promise<void> {
  await apiClient.delete('/profile/notification-token', { body: { notificationToken } });
}
