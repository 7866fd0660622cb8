import { Role } from '@smena/contract';
import { paths } from './paths.ts';

/**
 * Who may open each signed-in page: the one table the menus (routes/layouts/nav-items.tsx) and
 * the route guards (app/guards) read. It follows the server's role checks of the API each page
 * needs (apps/server/src/plugins/access.ts and each module's routes): a page is offered only to
 * the roles the server lets use it.
 *
 * - API keys (`/api-keys`) and the organization and its visibility (`PATCH /profile/company`,
 *   `/profile/company-hide-*`) answer only the company's ADMIN.
 * - «Тариф и оплата»: payments, invoices and receipts (`/payments`) answer only the ADMIN; a
 *   manager neither pays nor sees the company's billing. `GET /plan` stays open to members for the
 *   plan's state (the banner when the paid period ends). An employee has no company pages at all:
 *   their things live on `/`.
 * - «Уведомления» stays for managers: they get the company's alerts and set this browser's push
 *   (`/profile/notification-token`); the company's settings there are read-only for them.
 *
 * A super admin who enters a company does so as its ADMIN (the token's role is ADMIN).
 */
const SUPER_ADMIN = [Role.SUPERADMIN] as const;
const COMPANY_ADMIN = [Role.ADMIN] as const;
const ADMIN_OR_MANAGER = [Role.ADMIN, Role.MANAGER] as const;

export const pageAccess = {
  [paths.admin.dashboard]: SUPER_ADMIN,
  [paths.admin.companies]: SUPER_ADMIN,
  [paths.admin.users]: SUPER_ADMIN,
  [paths.admin.plan]: SUPER_ADMIN,
  [paths.admin.settings.profile]: SUPER_ADMIN,
  [paths.admin.settings.countries]: SUPER_ADMIN,
  [paths.admin.settings.cities]: SUPER_ADMIN,
  [paths.admin.settings.calendars]: SUPER_ADMIN,
  [paths.admin.settings.appConfig]: SUPER_ADMIN,

  [paths.company.dashboard]: ADMIN_OR_MANAGER,
  [paths.company.employees]: ADMIN_OR_MANAGER,
  [paths.company.employeePattern]: ADMIN_OR_MANAGER,
  [paths.company.structures.branches]: ADMIN_OR_MANAGER,
  [paths.company.structures.departments]: ADMIN_OR_MANAGER,
  [paths.company.structures.positions]: ADMIN_OR_MANAGER,
  [paths.company.workStructures.schedules]: ADMIN_OR_MANAGER,
  [paths.company.workStructures.weekends]: ADMIN_OR_MANAGER,
  [paths.company.calendar]: ADMIN_OR_MANAGER,
  [paths.company.checks]: ADMIN_OR_MANAGER,
  [paths.company.deviations]: ADMIN_OR_MANAGER,
  [paths.company.correctionRequests]: ADMIN_OR_MANAGER,
  [paths.company.shiftExchange]: ADMIN_OR_MANAGER,
  [paths.company.reports.report]: ADMIN_OR_MANAGER,
  [paths.company.reports.reportCard]: ADMIN_OR_MANAGER,
  [paths.company.profile.user]: ADMIN_OR_MANAGER,
  [paths.company.profile.organization]: COMPANY_ADMIN,
  [paths.company.profile.notification]: ADMIN_OR_MANAGER,
  [paths.company.profile.apikey]: COMPANY_ADMIN,
  [paths.company.profile.kiosks]: COMPANY_ADMIN,
  [paths.company.plan]: COMPANY_ADMIN,
} as const satisfies Record<string, readonly Role[]>;

/** A page of the table: a route pattern (`/company/employees/:id`) or a plain path. */
export type GuardedPage = keyof typeof pageAccess;

export function isGuardedPage(path: string): path is GuardedPage {
  return Object.hasOwn(pageAccess, path);
}

/** Roles that may open `page`. */
export function rolesOf(page: GuardedPage): readonly Role[] {
  return pageAccess[page];
}

/** Whether `role` may open `page`; a path missing from the table is open to nobody. */
export function mayOpen(role: Role | null | undefined, page: string): boolean {
  if (!role || !isGuardedPage(page)) return false;
  return rolesOf(page).includes(role);
}

/** The area a page belongs to: the super admin's or a company's. */
export function areaOf(page: GuardedPage): 'admin' | 'company' {
  return page.startsWith(`${paths.company.root}/`) ? 'company' : 'admin';
}

/** Whether `role` may open any page of `area` (its menu has that area). */
export function usesArea(role: Role | null | undefined, area: 'admin' | 'company'): boolean {
  return (Object.keys(pageAccess) as GuardedPage[]).some(
    (page) => areaOf(page) === area && mayOpen(role, page),
  );
}
