import { currentEmployeeQueryOptions } from '../features/auth/api/get-current-employee.ts';
import { currentProfileQueryOptions } from '../features/auth/api/get-current-profile.ts';
import { autoRegisterPush } from '../features/notifications/push.ts';
import { queryClient } from '../lib/query-client.ts';
import { getSuperAdminTokens } from '../lib/token-storage.ts';

/**
 * After the tokens are refreshed on a 401, the push token of an ADMIN or MANAGER is
 * registered again (only when the browser already allows notifications; nothing is asked).
 */
export async function registerPushAfterRefresh(): Promise<void> {
  // A super admin acting inside a company receives nothing of that company.
  if (getSuperAdminTokens()) return;
  try {
    const [employee, profile] = await Promise.all([
      queryClient.fetchQuery(currentEmployeeQueryOptions()),
      queryClient.fetchQuery(currentProfileQueryOptions()),
    ]);
    await autoRegisterPush({ role: employee.role, userId: profile.id, force: true });
  } catch (error) {
    console.warn('push: no re-registration after the token refresh', error);
  }
}
