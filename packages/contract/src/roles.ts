import { z } from 'zod';
import './zod-setup.ts';

export const Role = {
  SUPERADMIN: 'SUPERADMIN',
  ADMIN: 'ADMIN',
  MANAGER: 'MANAGER',
  EMPLOYEE: 'EMPLOYEE',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Roles a person can hold inside a company (SUPERADMIN is a property of the user). */
export const CompanyRoleSchema = z.enum([Role.ADMIN, Role.MANAGER, Role.EMPLOYEE]);
export type CompanyRole = z.infer<typeof CompanyRoleSchema>;
export const RoleSchema = z.enum([Role.SUPERADMIN, Role.ADMIN, Role.MANAGER, Role.EMPLOYEE]);

export const roleLabels: Record<Role, string> = {
  SUPERADMIN: 'Супер админ',
  ADMIN: 'Админ',
  MANAGER: 'Менеджер',
  EMPLOYEE: 'Сотрудник',
};

export function isAdminOrManager(role: Role | null | undefined): boolean {
  return role === Role.ADMIN || role === Role.MANAGER;
}
