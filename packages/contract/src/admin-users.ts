import { z } from 'zod';
import './zod-setup.ts';
import { PaginationQuerySchema, pageOf } from './common.ts';
import { CompanyStatusSchema, EmployeeStatusSchema } from './profile.ts';
import { EmailSchema, PersonNameSchema, PhoneSchema } from './fields.ts';
import { CompanyRoleSchema } from './role-schemas.ts';

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

/**
 * The super admin corrects an account's login identity (a person who lost access to their email
 * or phone); every session of the account ends when email or phone changes.
 */
export const UpdateAdminUserInputSchema = z
  .object({
    firstName: PersonNameSchema.min(1, 'Введите имя'),
    lastName: PersonNameSchema.min(1, 'Введите фамилию'),
    middleName: PersonNameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
  })
  .partial()
  .strict();
export type UpdateAdminUserInput = z.infer<typeof UpdateAdminUserInputSchema>;
