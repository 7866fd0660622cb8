import type { Role } from '@smena/contract';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { GuardedPage } from '../../config/access.ts';
import { loginPathWithRedirect } from '../../config/paths.ts';
import { currentCompanyQueryOptions } from '../../features/auth/api/get-current-company.ts';
import { currentEmployeeQueryOptions } from '../../features/auth/api/get-current-employee.ts';
import { currentProfileQueryOptions } from '../../features/auth/api/get-current-profile.ts';
import { isApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { decodeAccessToken, getAccessToken } from '../../lib/token-storage.ts';
import {
  authGuard,
  companyRedirect,
  homeRedirect,
  noAuthGuard,
  pageGuard,
  structuresIndexPath,
  type Denied,
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

/**
 * A guard's decision as a loader's answer: a path → redirect; `denied` → a 403 that the route's
 * error boundary shows in place, with the menu kept (describe-error.ts words it).
 */
function go(target: string | Denied | null): Response | null {
  if (target === null) return null;
  if (typeof target === 'string') return redirect(target);
  throw data(target.denied, { status: 403 });
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
  decide: (role: Role) => string | Denied | null,
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

/**
 * The loader of a signed-in page: lets in only the roles config/access.ts gives the page (the
 * same table builds the menus). On the page's own route, so it runs on every navigation to it.
 * `also` is the page's own loader, started at once beside the check (it awaits nothing).
 */
export function pageLoader(page: GuardedPage, also?: (args: LoaderFunctionArgs) => unknown) {
  return (args: LoaderFunctionArgs) => {
    also?.(args);
    return withRole(args.request, (role) => pageGuard(role, page));
  };
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
