import { z } from 'zod';
import './zod-setup.ts';
import { PaginationQuerySchema, pageOf } from './common.ts';
import { CompanyRoleSchema } from './role-schemas.ts';

// ---------- Invitations of existing accounts (decision 009) ----------

export const InvitationStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED']);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

export const invitationStatusLabels: Record<InvitationStatus, string> = {
  PENDING: 'Ждёт ответа',
  ACCEPTED: 'Принято',
  DECLINED: 'Отклонено',
  CANCELLED: 'Отменено',
};

/**
 * An invitation as the inviting company sees it: only what its admin typed and the membership
 * it proposes — nothing of the invited account (no id, no name, no contacts of the account).
 */
export const CompanyInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  role: CompanyRoleSchema,
  departmentId: z.number().int().nullable(),
  departmentTitle: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionTitle: z.string().nullable(),
  branchIds: z.array(z.number().int()),
  personnelNumber: z.string().nullable(),
  hireDate: z.string().nullable(),
  status: InvitationStatusSchema,
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type CompanyInvitation = z.infer<typeof CompanyInvitationSchema>;
export const CompanyInvitationsPageSchema = pageOf(CompanyInvitationSchema);
export type CompanyInvitationsPage = z.infer<typeof CompanyInvitationsPageSchema>;

export const ListCompanyInvitationsQuerySchema = PaginationQuerySchema.extend({
  status: z.enum(['PENDING', 'ALL']).default('PENDING'),
});
export type ListCompanyInvitationsQuery = z.infer<typeof ListCompanyInvitationsQuerySchema>;

/**
 * `POST /employees` answers 202 with this when the email or phone already belongs to an account:
 * no membership was created; the person decides.
 */
export const EmployeeInvitedSchema = z.object({
  invitation: CompanyInvitationSchema,
  message: z.string(),
});
export type EmployeeInvited = z.infer<typeof EmployeeInvitedSchema>;

export const EMPLOYEE_INVITED_MESSAGE =
  'У этого человека уже есть учётная запись Smena. Мы отправили ему приглашение — он появится в списке сотрудников, когда примет его.';

/** An invitation as the invited person sees it in their profile. */
export const MyInvitationSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyTitle: z.string(),
  /** Who invited: «Иванов Иван», or null when that account is gone. */
  invitedBy: z.string().nullable(),
  role: CompanyRoleSchema,
  departmentTitle: z.string().nullable(),
  positionTitle: z.string().nullable(),
  branchTitles: z.array(z.string()),
  hireDate: z.string().nullable(),
  createdAt: z.string(),
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;
export const MyInvitationsSchema = z.object({ items: z.array(MyInvitationSchema) });
export type MyInvitations = z.infer<typeof MyInvitationsSchema>;

export const InvitationAcceptedSchema = z.object({
  companyId: z.number().int(),
  companyTitle: z.string(),
  employeeId: z.number().int(),
});
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;

/** A company the caller works in (GET /profile/companies), to switch between them. */
export const MyCompanySchema = z.object({
  companyId: z.number().int(),
  companyTitle: z.string(),
  role: CompanyRoleSchema,
  /** Whether the current session is in this company. */
  current: z.boolean(),
  /** A blocked company cannot be entered. */
  blocked: z.boolean(),
});
export type MyCompany = z.infer<typeof MyCompanySchema>;
export const MyCompaniesSchema = z.object({ items: z.array(MyCompanySchema) });
export type MyCompanies = z.infer<typeof MyCompaniesSchema>;
