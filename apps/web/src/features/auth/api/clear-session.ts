import { apiClient } from '../../../lib/api-client.ts';

/** Ends every session of the current user, on every device. */
export async function clearAllSessionsRequest(): Promise<void> {
  await apiClient.delete<unknown>('/auth/clear-session');
}
