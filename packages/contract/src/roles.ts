// Plain values, no zod: the app shell (guards, menus) reads them on every page, and a module that
// builds schemas at load would bring zod into each page's first load. The schemas of these
// values are in role-schemas.ts.

export const Role = {
  SUPERADMIN: 'SUPERADMIN',
  ADMIN: 'ADMIN',
  MANAGER: 'MANAGER',
  EMPLOYEE: 'EMPLOYEE',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Roles a person can hold inside a company (SUPERADMIN is a property of the user). */
export type CompanyRole = Exclude<Role, 'SUPERADMIN'>;

export const roleLabels: Record<Role, string> = {
  SUPERADMIN: 'Супер админ',
  ADMIN: 'Админ',
  MANAGER: 'Менеджер',
  EMPLOYEE: 'Сотрудник',
};

export function isAdminOrManager(role: Role | null | undefined): boolean {
  return role === Role.ADMIN || role === Role.MANAGER;
}
