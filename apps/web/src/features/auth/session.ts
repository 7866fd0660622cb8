import { ErrorCode, type TokenPair } from '@smena/contract';
import { notify } from '../../components/feedback/notifications/notify.ts';
import { loginPathWithRedirect, paths } from '../../config/paths.ts';
import { isApiError, type ApiError } from '../../lib/api-error.ts';
import { withLoader } from '../../lib/app-state.ts';
import { currentPath, navigateTo } from '../../lib/navigation.ts';
import { queryClient, userDataQueryKey } from '../../lib/query-client.ts';
import {
  clearAllTokens,
  clearSuperAdminTokens,
  getAccessToken,
  getRefreshToken,
  getSuperAdminTokens,
  setSuperAdminTokens,
  setTokens,
} from '../../lib/token-storage.ts';
import { authWithAdmin } from './api/auth-with-admin.ts';
import { currentCompanyQueryOptions } from './api/get-current-company.ts';
import { clearAllSessionsRequest } from './api/clear-session.ts';
import { logoutRequest } from './api/logout.ts';

/**
 * The session, outside React: tokens live in localStorage (token-storage.ts),
 * profile, employee and company in TanStack Query under `userDataQueryKey`.
 */

/** Same person, new tokens (after a refresh): fetch profile, employee and company again. */
export function reloadUserData(): void {
  void queryClient.invalidateQueries({ queryKey: userDataQueryKey }, { cancelRefetch: false });
}

/** Another person (login, entering or leaving a company): drop the old data and load the new. */
async function replaceUserData(): Promise<void> {
  // The company belongs to the previous person: reset with the rest, it would be refetched with
  // the new tokens before the new role is known (a super admin back from a company gets 403).
  queryClient.removeQueries({ queryKey: currentCompanyQueryOptions().queryKey });
  await queryClient.resetQueries({ queryKey: userDataQueryKey });
}

/** Stores the tokens of a fresh login or registration and loads the user's data. */
export async function startSession(pair: TokenPair): Promise<void> {
  setTokens(pair);
  await replaceUserData();
}

/** Forgets the session locally: tokens, the saved super-admin session and every cached answer. */
export function endSession(): void {
  clearAllTokens();
  queryClient.clear();
}

/**
 * The server refused the session (the HTTP client already cleared the tokens): a blocked person or
 * company is told so in the server's words, anything else as an ended session.
 */
export function handleSessionExpired(reason?: ApiError): void {
  const returnTo = currentPath();
  clearAllTokens();
  queryClient.clear();
  if (!returnTo.startsWith(paths.login)) {
    const isBlocked =
      reason?.code === ErrorCode.USER_BLOCKED || reason?.code === ErrorCode.COMPANY_BLOCKED;
    notify.warning(
      isBlocked && reason ? reason.message : 'Сеанс завершён. Войдите снова, чтобы продолжить.',
    );
  }
  void navigateTo(loginPathWithRedirect(returnTo), { replace: true });
}

/** «Выйти»: ends this session on the server (and the saved super-admin one), then /login. */
export async function signOut(): Promise<void> {
  await withLoader(async () => {
    const saved = getSuperAdminTokens();
    await Promise.allSettled([
      getAccessToken() ? logoutRequest() : Promise.resolve(),
      saved ? logoutRequest(saved.accessToken) : Promise.resolve(),
    ]);
    endSession();
    await navigateTo(paths.login, { replace: true });
  });
}

/** «Выйти на всех устройствах»: ends every session of the user, then /login. */
export async function signOutEverywhere(): Promise<void> {
  await withLoader(async () => {
    await clearAllSessionsRequest();
    const saved = getSuperAdminTokens();
    if (saved) await logoutRequest(saved.accessToken).catch(() => undefined);
    endSession();
    await navigateTo(paths.login, { replace: true });
  });
}

/**
 * Super admin enters company `companyId` as its ADMIN: the super admin's tokens are kept
 * under `super`, the new ones stored, user data reloaded, then /company/dashboard.
 * Resolves to false (after telling the person why) when the server refused.
 */
export async function enterCompanyAsAdmin(companyId: number): Promise<boolean> {
  return withLoader(async () => {
    let pair: TokenPair;
    try {
      pair = await authWithAdmin(companyId);
    } catch (error) {
      if (!isApiError(error) || error.statusCode !== 401)
        notify.apiError(error, 'Не удалось войти в компанию');
      return false;
    }
    const accessToken = getAccessToken();
    const refreshToken = getRefreshToken();
    if (getSuperAdminTokens()) {
      // Already inside another company: end that visit, keep the super admin's own session.
      await logoutRequest().catch(() => undefined);
    } else if (accessToken && refreshToken) {
      setSuperAdminTokens({ accessToken, refreshToken });
    }
    setTokens(pair);
    await replaceUserData();
    await navigateTo(paths.company.dashboard);
    return true;
  });
}

/** «Вернуться»: ends the company visit and restores the super admin's session, then /companies. */
export async function leaveCompany(): Promise<void> {
  const saved = getSuperAdminTokens();
  if (!saved) return;
  await withLoader(async () => {
    await logoutRequest(getAccessToken() ?? undefined).catch(() => undefined);
    setTokens(saved);
    clearSuperAdminTokens();
    await replaceUserData();
    await navigateTo(paths.admin.companies);
  });
}
