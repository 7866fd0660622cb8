import { Role, isAdminOrManager, type Company } from '@smena/contract';
import { loginPathWithRedirect, paths } from '../../config/paths.ts';

/**
 * Guard decisions (which area each role may open) as pure functions: each returns where to send the person,
 * or null to let them in. The route loaders (guard-loaders.ts) apply them.
 */

type Location = { pathname: string; search?: string };

/** auth: not logged in → /login?redirect=<where they wanted to go>. */
export function authGuard(hasAccessToken: boolean, location: Location): string | null {
  if (hasAccessToken) return null;
  return loginPathWithRedirect(`${location.pathname}${location.search ?? ''}`);
}

/** no-auth (login, register): logged in → home. */
export function noAuthGuard(hasAccessToken: boolean): string | null {
  return hasAccessToken ? paths.home : null;
}

/** is-super-admin: anyone else → home. */
export function superAdminGuard(role: Role | null | undefined): string | null {
  return role === Role.SUPERADMIN ? null : paths.home;
}

/** is-admin-or-manager: anyone else → home. */
export function adminOrManagerGuard(role: Role | null | undefined): string | null {
  return isAdminOrManager(role) ? null : paths.home;
}

/** Company pages open to every member (/company/plan): the super admin outside companies → home. */
export function companyMemberGuard(role: Role | null | undefined): string | null {
  return role && role !== Role.SUPERADMIN ? null : paths.home;
}

/** `/`: the super admin and company admins have their own start pages; an employee stays on `/`. */
export function homeRedirect(role: Role | null | undefined): string | null {
  if (role === Role.SUPERADMIN) return paths.admin.dashboard;
  if (isAdminOrManager(role)) return paths.company.dashboard;
  return null;
}

/** `/company` (no guard): admins and managers → the company dashboard, everybody else → home. */
export function companyRedirect(role: Role | null | undefined): string {
  return isAdminOrManager(role) ? paths.company.dashboard : paths.home;
}

/** `/company/structures`: the first section the company shows. */
export function structuresIndexPath(
  company: Pick<Company, 'hideBranches' | 'hideDepartments'> | undefined,
): string {
  if (!company?.hideBranches) return paths.company.structures.branches;
  if (!company.hideDepartments) return paths.company.structures.departments;
  return paths.company.structures.positions;
}

/**
 * Where to go after logging in: the `redirect` parameter when it is a path of this app,
 * never another site (`//evil.example`, `https://…`) and never back to the login page.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\'))
    return paths.home;
  if (
    raw === paths.login ||
    raw.startsWith(`${paths.login}?`) ||
    raw.startsWith(`${paths.login}/`)
  ) {
    return paths.home;
  }
  return raw;
}
