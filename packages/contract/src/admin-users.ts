import { z } from 'zod';
import { PaginationQuerySchema, pageOf } from './common.ts';
import { CompanyStatusSchema, EmployeeStatusSchema } from './profile.ts';
import { CompanyRoleSchema } from './roles.ts';

// ---------- The super admin's users ----------

export const AdminUserStatusSchema = z.enum(['ACTIVE', 'BLOCKED']);
export type AdminUserStatus = z.infer<typeof AdminUserStatusSchema>;

/** One membership of a user: the company, the role there and both statuses. */
export const AdminUserMembershipSchema = z.object({
  companyId: z.number().int(),
  companyTitle: z.string(),
  companyStatus: CompanyStatusSchema,
  role: CompanyRoleSchema,
  status: EmployeeStatusSchema,
});
export type AdminUserMembership = z.infer<typeof AdminUserMembershipSchema>;

export const AdminUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string().nullable(),
  isSuperAdmin: z.boolean(),
  status: AdminUserStatusSchema,
  createdAt: z.string(),
  memberships: z.array(AdminUserMembershipSchema),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersPageSchema = pageOf(AdminUserSchema);

export const ListAdminUsersQuerySchema = PaginationQuerySchema.extend({
  status: AdminUserStatusSchema.optional(),
  sort: z.enum(['name', 'email', 'createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListAdminUsersQuery = z.infer<typeof ListAdminUsersQuerySchema>;
