import { z } from 'zod';
import './zod-setup.ts';
import { Role, type CompanyRole } from './roles.ts';

export const CompanyRoleSchema = z.enum([
  Role.ADMIN,
  Role.MANAGER,
  Role.EMPLOYEE,
] as const satisfies readonly CompanyRole[]);
export const RoleSchema = z.enum([Role.SUPERADMIN, Role.ADMIN, Role.MANAGER, Role.EMPLOYEE]);
