import { Role, type Company } from '@smena/contract';
import { areaOf, mayOpen, rolesOf, usesArea, type GuardedPage } from '../../config/access.ts';
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

/** A page the role may not open, while it may open others of that area: why, to show in place. */
export type Denied = { denied: string };

function deniedMessage(roles: readonly Role[]): string {
  return roles.length === 1 && roles[0] === Role.ADMIN
    ? 'Эта страница доступна только администратору компании'
    : 'Эта страница недоступна для вашей роли';
}

/**
 * A signed-in page of the table in config/access.ts (the same table builds the menus): the role
 * may open it → null; the area is not the role's at all (an employee on a company page, the super
 * admin outside companies, a company member on the super admin's pages) → home, which sends each
 * role to its start page; the area is the role's but not this page (a manager on «API-ключи») →
 * `denied`, shown in place with the reason.
 */
export function pageGuard(
  role: Role | null | undefined,
  page: GuardedPage,
): string | Denied | null {
  if (mayOpen(role, page)) return null;
  if (usesArea(role, areaOf(page))) return { denied: deniedMessage(rolesOf(page)) };
  return paths.home;
}

/** `/`: the super admin and company admins have their own start pages; an employee stays on `/`. */
export function homeRedirect(role: Role | null | undefined): string | null {
  if (role === Role.SUPERADMIN) return paths.admin.dashboard;
  if (mayOpen(role, paths.company.dashboard)) return paths.company.dashboard;
  return null;
}

/** `/company` (no guard): admins and managers → the company dashboard, everybody else → home. */
export function companyRedirect(role: Role | null | undefined): string {
  return mayOpen(role, paths.company.dashboard) ? paths.company.dashboard : paths.home;
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
