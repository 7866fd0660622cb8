import { apiClient } from '../../../lib/api-client.ts';

/** Ends the session of `accessToken` (the stored one by default) on the server. */
export async function logoutRequest(accessToken?: string): Promise<void> {
  await apiClient.delete<unknown>('/auth/logout', accessToken ? { accessToken } : undefined);
}
