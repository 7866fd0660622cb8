import type { Role } from '@smena/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginPathWithRedirect } from '../../config/paths.ts';
import { currentCompanyQueryOptions } from '../../features/auth/api/get-current-company.ts';
import { currentEmployeeQueryOptions } from '../../features/auth/api/get-current-employee.ts';
import { currentProfileQueryOptions } from '../../features/auth/api/get-current-profile.ts';
import { isApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { decodeAccessToken, getAccessToken } from '../../lib/token-storage.ts';
import {
  adminOrManagerGuard,
  authGuard,
  companyMemberGuard,
  companyRedirect,
  homeRedirect,
  noAuthGuard,
  structuresIndexPath,
  superAdminGuard,
} from './guards.ts';

/**
 * Route loaders that apply the guards (a loader that returns `redirect(...)` sends the person
 * elsewhere). React Router runs the loaders of nested routes in parallel, so every role guard
 * checks the login itself first.
 */

function returnPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function go(target: string | null): Response | null {
  return target ? redirect(target) : null;
}

/** Not logged in → /login?redirect=…, else null. */
function loginRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  return go(authGuard(Boolean(getAccessToken()), { pathname: url.pathname, search: url.search }));
}

/**
 * Applies a role guard: the role comes from /profile/employee (cached). A session that can no
 * longer be renewed (401 after the refresh) goes to /login; other failures reach the error page.
 */
async function withRole(
  request: Request,
  decide: (role: Role) => string | null,
): Promise<Response | null> {
  const toLogin = loginRedirect(request);
  if (toLogin) return toLogin;
  let role: Role;
  try {
    role = (await queryClient.ensureQueryData(currentEmployeeQueryOptions())).role;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401)
      return redirect(loginPathWithRedirect(returnPath(request)));
    throw error;
  }
  return go(decide(role));
}

/**
 * What every signed-in page needs at start, asked together as soon as the URL is known: the
 * membership (role), the profile (the header) and the company (menu, timezone). Without this the
 * role loader asked the membership, the layout then the profile and company, and the page only
 * after the profile: three round trips one after another. The queries are shared with
 * `useSession`, so nothing is asked twice; the company only when the token names one (a super
 * admin outside companies gets 404 there).
 */
export function prefetchSession(): void {
  const claims = decodeAccessToken(getAccessToken());
  if (!claims) return;
  void queryClient.prefetchQuery(currentEmployeeQueryOptions());
  void queryClient.prefetchQuery(currentProfileQueryOptions());
  if (claims.cid && claims.role !== 'SUPERADMIN')
    void queryClient.prefetchQuery(currentCompanyQueryOptions());
}

export function authLoader({ request }: LoaderFunctionArgs) {
  const toLogin = loginRedirect(request);
  if (!toLogin) prefetchSession();
  return toLogin;
}

export function noAuthLoader() {
  return go(noAuthGuard(Boolean(getAccessToken())));
}

export function superAdminLoader({ request }: LoaderFunctionArgs) {
  return withRole(request, superAdminGuard);
}

export function adminOrManagerLoader({ request }: LoaderFunctionArgs) {
  return withRole(request, adminOrManagerGuard);
}

export function companyMemberLoader({ request }: LoaderFunctionArgs) {
  return withRole(request, companyMemberGuard);
}

export function homeLoader({ request }: LoaderFunctionArgs) {
  return withRole(request, homeRedirect);
}

export function companyRedirectLoader({ request }: LoaderFunctionArgs) {
  if (!getAccessToken()) return redirect(companyRedirect(null));
  return withRole(request, companyRedirect);
}

export async function structuresIndexLoader() {
  const company = await queryClient
    .ensureQueryData(currentCompanyQueryOptions())
    .catch(() => undefined);
  return redirect(structuresIndexPath(company));
}

export function redirectLoader(to: string) {
  return () => redirect(to);
}
