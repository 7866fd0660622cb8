import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, PaginationQuerySchema, pageOf } from './common.ts';
import {
  CompanyTitleSchema,
  CountryCodeSchema,
  EmailSchema,
  PasswordSchema,
  PersonNameSchema,
  PhoneSchema,
} from './fields.ts';
import { CompanyStatusSchema } from './profile.ts';
import { TRIAL_USER_LIMIT } from './product.ts';
import { TimezoneSchema } from './structure.ts';

// ---------- The super admin's companies ----------

/** Where a company's plan stands today: a running trial, a paid period, or nothing left. */
export const CompanyPlanStateSchema = z.enum(['TRIAL', 'PAID', 'EXPIRED']);
export type CompanyPlanState = z.infer<typeof CompanyPlanStateSchema>;

export const COMPANY_USER_LIMIT_MAX = 100_000;

const UserLimitSchema = z
  .number({ error: 'Укажите лимит пользователей' })
  .int('Целое число')
  .min(1, 'Не меньше 1')
  .max(COMPANY_USER_LIMIT_MAX, 'Не больше 100 000');

export const AdminCompanyAdminSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type AdminCompanyAdmin = z.infer<typeof AdminCompanyAdminSchema>;

export const AdminCompanySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  /** ISO code of the country. */
  country: z.string().nullable(),
  countryName: z.string().nullable(),
  timezone: z.string(),
  status: CompanyStatusSchema,
  userLimit: z.number().int(),
  /** The instant the paid (or trial) period ends. */
  paidUntil: z.string().nullable(),
  /** The last day of the period in the company's timezone, `yyyy-MM-dd`. */
  paidUntilDate: z.string().nullable(),
  isTrial: z.boolean(),
  planState: CompanyPlanStateSchema,
  activeEmployeeCount: z.number().int(),
  createdAt: z.string(),
  /** The company's first active ADMIN (the one a super admin enters as). */
  admin: AdminCompanyAdminSchema.nullable(),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompaniesPageSchema = pageOf(AdminCompanySchema);

export const ListAdminCompaniesQuerySchema = PaginationQuerySchema.extend({
  status: CompanyStatusSchema.optional(),
  plan: CompanyPlanStateSchema.optional(),
  sort: z
    .enum(['title', 'createdAt', 'paidUntil', 'activeEmployeeCount', 'userLimit'])
    .default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListAdminCompaniesQuery = z.infer<typeof ListAdminCompaniesQuerySchema>;

/** A company created by the super admin: like self-registration, plus the plan's terms. */
export const CreateAdminCompanyInputSchema = z
  .object({
    title: CompanyTitleSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    country: CountryCodeSchema,
    timezone: TimezoneSchema.default('Europe/Moscow'),
    password: PasswordSchema,
    firstName: PersonNameSchema.default(''),
    lastName: PersonNameSchema.default(''),
    middleName: PersonNameSchema.default(''),
    userLimit: UserLimitSchema.default(TRIAL_USER_LIMIT),
    isTrial: z.boolean().default(true),
    /** The last paid day; by default the trial's length from today, as registration gives. */
    paidUntil: DateStringSchema.nullable().optional(),
  })
  .strict();
export type CreateAdminCompanyInput = z.input<typeof CreateAdminCompanyInputSchema>;

export const UpdateAdminCompanyInputSchema = z
  .object({
    title: CompanyTitleSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    country: CountryCodeSchema,
    timezone: TimezoneSchema,
    userLimit: UserLimitSchema,
    /** The last paid day (`yyyy-MM-dd`, the company's timezone); null — no paid period. */
    paidUntil: DateStringSchema.nullable(),
    isTrial: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateAdminCompanyInput = z.input<typeof UpdateAdminCompanyInputSchema>;

// ---------- A company's audit log ----------

export const AuditPersonSchema = z.object({
  id: z.number().int(),
  /** Null when the user no longer exists. */
  fullName: z.string().nullable(),
  email: z.string().nullable(),
});
export type AuditPerson = z.infer<typeof AuditPersonSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** Who acted (under impersonation: the company admin whose session it was). */
  user: AuditPersonSchema.nullable(),
  /** The super admin who really acted, when impersonating. */
  impersonator: AuditPersonSchema.nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditEntriesPageSchema = pageOf(AuditEntrySchema);

export const ListAuditQuerySchema = PaginationQuerySchema.omit({ search: true });
export type ListAuditQuery = z.infer<typeof ListAuditQuerySchema>;
