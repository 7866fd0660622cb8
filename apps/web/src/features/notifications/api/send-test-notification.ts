import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { notificationsKeys } from './keys.ts';

/** How many push subscriptions of the caller the test was queued for (0: in-app only). */
export type TestNotificationResult = { subscriptions: number };

/** A test notification to the caller: in the bell's list and, when enabled, as a push. */
export function sendTestNotification(): Promise<TestNotificationResult> {
  return apiClient.post<TestNotificationResult>('/notifications/test');
}

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNotification,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
