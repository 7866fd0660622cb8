import { z } from 'zod';
import './zod-setup.ts';
import {
  BodyIdSchema,
  HistoryDateStringSchema,
  IdSchema,
  InstantSchema,
  MAX_INT4,
  idField,
  PaginationQuerySchema,
  pageOf,
} from './common.ts';
import {
  CompanyTitleSchema,
  CountryCodeSchema,
  EmailSchema,
  PasswordSchema,
  PersonNameSchema,
  PhoneSchema,
} from './fields.ts';
import { CompanyRoleSchema } from './role-schemas.ts';
import { EmployeeStatusSchema } from './profile.ts';
import { SortOrderSchema, TimezoneSchema } from './structure.ts';
import {
  CrossMidnightHoursSchema,
  HolidayShiftCodeSchema,
  OpenShiftClaimsModeSchema,
  OvertimeApprovalSchema,
} from './work-time.ts';
import { PlanRuleEnforcementSchema } from './plan-violations.ts';
import { KioskPhotoRetentionDaysSchema } from './kiosk-photo-settings.ts';

export const EmployeeBranchSchema = z.object({ id: z.number().int(), title: z.string() });

export const EmployeeSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The name as this company shows it: its own spelling where it set one, else the account's. */
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  /**
   * «Фамилия Имя Отчество» of the account when the company shows the name its own way (empty if
   * the account has no name); null when the company shows the account's name.
   */
  accountName: z.string().nullable(),
  /** Null when the company hides contacts and the caller is not an ADMIN. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  role: CompanyRoleSchema,
  status: EmployeeStatusSchema,
  departmentId: z.number().int().nullable(),
  departmentTitle: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionTitle: z.string().nullable(),
  branches: z.array(EmployeeBranchSchema),
  personnelNumber: z.string().nullable(),
  hireDate: z.string().nullable(),
  dismissedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Whether this company may change the account's name, email and phone: only an account the
   * company created itself that has never logged in. Otherwise the person changes them in their
   * profile (decision 009).
   */
  canEditIdentity: z.boolean(),
});
export type Employee = z.infer<typeof EmployeeSchema>;

const PersonnelNumberSchema = z
  .string()
  .trim()
  .max(50, 'Не длиннее 50 символов')
  .transform((value) => (value === '' ? null : value))
  .nullable();

const employeeFields = {
  firstName: PersonNameSchema.min(1, 'Введите имя'),
  lastName: PersonNameSchema.min(1, 'Введите фамилию'),
  middleName: PersonNameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  role: CompanyRoleSchema,
  departmentId: BodyIdSchema.nullable(),
  positionId: BodyIdSchema.nullable(),
  branchIds: z.array(BodyIdSchema).max(500),
  personnelNumber: PersonnelNumberSchema,
  hireDate: HistoryDateStringSchema.nullable(),
};

/**
 * A new person (201 with the employee). When the email or phone already belongs to an account,
 * nothing is created: that person gets an invitation to accept or decline (202 with
 * `EmployeeInvitedSchema`). Without a password the new employee sets one through «Забыли пароль?»
 * with their phone.
 */
export const CreateEmployeeInputSchema = z
  .object({
    ...employeeFields,
    middleName: employeeFields.middleName.default(''),
    role: employeeFields.role.default('EMPLOYEE'),
    departmentId: employeeFields.departmentId.default(null),
    positionId: employeeFields.positionId.default(null),
    branchIds: employeeFields.branchIds.default([]),
    personnelNumber: employeeFields.personnelNumber.default(null),
    hireDate: employeeFields.hireDate.default(null),
    password: PasswordSchema.optional(),
  })
  .strict();
export type CreateEmployeeInput = z.input<typeof CreateEmployeeInputSchema>;

/**
 * The company's data of a membership. `email` and `phone` belong to the account: accepted only
 * while `canEditIdentity` is true (422 otherwise). `firstName`, `lastName`, `middleName` change
 * the account while `canEditIdentity` is true, otherwise only the name as this company shows it
 * (a value equal to the account's returns to the account's name).
 */
export const UpdateEmployeeInputSchema = z.object(employeeFields).partial().strict();
export type UpdateEmployeeInput = z.infer<typeof UpdateEmployeeInputSchema>;

export const DismissEmployeeInputSchema = z
  .object({
    dismissedAt: HistoryDateStringSchema,
    reason: z.string().trim().max(500, 'Не длиннее 500 символов').optional(),
  })
  .strict();
export type DismissEmployeeInput = z.infer<typeof DismissEmployeeInputSchema>;

export const EmployeeListStatusSchema = z.enum(['ACTIVE', 'DISMISSED', 'ALL']).default('ACTIVE');

export const ListEmployeesQuerySchema = PaginationQuerySchema.extend({
  branchId: IdSchema.optional(),
  departmentId: IdSchema.optional(),
  positionId: IdSchema.optional(),
  role: CompanyRoleSchema.optional(),
  status: EmployeeListStatusSchema,
  sort: z.enum(['name', 'personnelNumber', 'hireDate', 'createdAt', 'role']).default('name'),
  order: SortOrderSchema,
});
export type ListEmployeesQuery = z.infer<typeof ListEmployeesQuerySchema>;
const EXPORT_IDS_MESSAGE = 'Укажите сотрудников: идентификаторы через запятую';

/**
 * Export takes the same filters, without paging; `ids` (`1,2,3`, at most 1000) narrows it to the
 * employees picked in the list.
 */
export const ExportEmployeesQuerySchema = ListEmployeesQuerySchema.omit({
  page: true,
  limit: true,
}).extend({
  ids: z
    .string({ error: EXPORT_IDS_MESSAGE })
    .max(1000 * 11, EXPORT_IDS_MESSAGE)
    .regex(/^\d{1,10}(,\d{1,10})*$/, EXPORT_IDS_MESSAGE)
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(z.array(idField()).max(1000, 'Не больше 1000 сотрудников за раз'))
    .optional(),
});
export const EmployeesPageSchema = pageOf(EmployeeSchema);

// ---------- Invitation (registration) links ----------

export const RegistrationLinkKindSchema = z.enum(['EMPLOYEE', 'COMPANY']);

export const RegistrationLinkSchema = z.object({
  id: z.uuid(),
  kind: RegistrationLinkKindSchema,
  companyId: z.number().int().nullable(),
  departmentId: z.number().int().nullable(),
  departmentTitle: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionTitle: z.string().nullable(),
  /** Company links: the user limit of the company to be created. */
  userCount: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  revokedAt: z.string().nullable(),
  /** ACTIVE, or why the link no longer works. */
  state: z.enum(['ACTIVE', 'EXPIRED', 'REVOKED', 'USED_UP']),
  createdAt: z.string(),
});
export type RegistrationLink = z.infer<typeof RegistrationLinkSchema>;
export const RegistrationLinksPageSchema = pageOf(RegistrationLinkSchema);

const MaxUsesSchema = z
  .number()
  .int('Целое число')
  .min(1, 'Не меньше 1')
  .max(10_000, 'Не больше 10 000')
  .nullable();
const ExpiresAtSchema = InstantSchema.nullable().refine(
  (value) => value === null || Date.parse(value) > Date.now(),
  'Срок уже прошёл',
);

export const CreateEmployeeLinkInputSchema = z
  .object({
    departmentId: BodyIdSchema.nullable().default(null),
    positionId: BodyIdSchema.nullable().default(null),
    expiresAt: ExpiresAtSchema.default(null),
    maxUses: MaxUsesSchema.default(null),
  })
  .strict();
export type CreateEmployeeLinkInput = z.input<typeof CreateEmployeeLinkInputSchema>;

export const CreateCompanyLinkInputSchema = z
  .object({
    userCount: z
      .number({ error: 'Укажите число пользователей' })
      .int('Целое число')
      .min(1, 'Не меньше 1')
      .max(10_000, 'Не больше 10 000'),
    expiresAt: ExpiresAtSchema.default(null),
    maxUses: MaxUsesSchema.default(1),
  })
  .strict();
export type CreateCompanyLinkInput = z.input<typeof CreateCompanyLinkInputSchema>;

export const ListRegistrationLinksQuerySchema = PaginationQuerySchema.extend({
  state: z.enum(['ACTIVE', 'ALL']).default('ACTIVE'),
});

/** What a visitor of `/register-with-link?uuid=…` learns before registering. */
export const PublicRegistrationLinkSchema = z.object({
  id: z.uuid(),
  kind: RegistrationLinkKindSchema,
  companyTitle: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentTitle: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionTitle: z.string().nullable(),
  userCount: z.number().int().nullable(),
});
export type PublicRegistrationLink = z.infer<typeof PublicRegistrationLinkSchema>;

/** Employee registration fields by a company link. */
export const RegisterWithLinkInputSchema = z.object({
  firstName: PersonNameSchema.min(1, 'Введите имя'),
  lastName: PersonNameSchema.min(1, 'Введите фамилию'),
  middleName: PersonNameSchema.default(''),
  email: EmailSchema,
  phone: PhoneSchema,
  country: CountryCodeSchema,
  password: PasswordSchema,
  linkUUID: z.uuid({ error: 'Неверная ссылка-приглашение' }),
  /** The link's department and position win when it names them. */
  departmentId: BodyIdSchema.nullable().optional(),
  positionId: BodyIdSchema.nullable().optional(),
});
export type RegisterWithLinkInput = z.input<typeof RegisterWithLinkInputSchema>;

/** Company registration fields by a link; the link's userCount wins. */
export const RegisterWithCompanyLinkInputSchema = z.object({
  title: CompanyTitleSchema,
  /** The admin's name (optional on the API, asked by the web form), as on /register. */
  lastName: PersonNameSchema.default(''),
  firstName: PersonNameSchema.default(''),
  email: EmailSchema,
  phone: PhoneSchema,
  country: CountryCodeSchema,
  password: PasswordSchema,
  linkUUID: z.uuid({ error: 'Неверная ссылка-приглашение' }),
  userCount: z.number().int().positive().max(MAX_INT4).optional(),
});
export type RegisterWithCompanyLinkInput = z.input<typeof RegisterWithCompanyLinkInputSchema>;

// ---------- Organization settings ----------

export const UpdateOrganizationInputSchema = z
  .object({
    title: CompanyTitleSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    country: CountryCodeSchema,
    timezone: TimezoneSchema,
    lateToleranceMinutes: z
      .number({ error: 'Укажите число минут' })
      .int('Целое число минут')
      .min(0, 'Не меньше 0 минут')
      .max(240, 'Не больше 240 минут'),
    autoCloseMarginMinutes: z
      .number({ error: 'Укажите число минут' })
      .int('Целое число минут')
      .min(0, 'Не меньше 0 минут')
      .max(720, 'Не больше 720 минут (12 часов)'),
    crossMidnightHours: CrossMidnightHoursSchema,
    holidayShiftCode: HolidayShiftCodeSchema,
    overtimeApproval: OvertimeApprovalSchema,
    planRuleEnforcement: PlanRuleEnforcementSchema,
    openShiftClaims: OpenShiftClaimsModeSchema,
    schedulePublication: z.boolean({ error: 'Укажите, публикуется ли график' }),
    kioskPhoto: z.boolean({ error: 'Укажите, делать ли фото при отметке по PIN' }),
    kioskPhotoRetentionDays: KioskPhotoRetentionDaysSchema,
  })
  .partial()
  .strict();
export type UpdateOrganizationInput = z.infer<typeof UpdateOrganizationInputSchema>;

/**
 * Whom a MANAGER manages (decision 016): the whole company, chosen explicitly, or the employees
 * of some branches and departments (a department with its sub-departments).
 */
export const ManagerScopeKindSchema = z.enum(['COMPANY', 'UNITS'], {
  error: 'Выберите, кем управляет менеджер',
});
export type ManagerScopeKind = z.infer<typeof ManagerScopeKindSchema>;

export const managerScopeKindLabels: Record<ManagerScopeKind, string> = {
  COMPANY: 'Вся компания',
  UNITS: 'Выбранные филиалы и отделы',
};

const ManagerScopeUnitSchema = z.object({ id: z.number().int(), title: z.string() });

export const ManagerScopeSchema = z.object({
  employeeId: z.number().int(),
  kind: ManagerScopeKindSchema,
  /** Empty when `kind` is COMPANY. */
  branches: z.array(ManagerScopeUnitSchema),
  departments: z.array(ManagerScopeUnitSchema),
});
export type ManagerScope = z.infer<typeof ManagerScopeSchema>;

/**
 * Sets a manager's scope (ADMIN only). UNITS needs at least one branch or department, all of the
 * company (422 otherwise); COMPANY takes none.
 */
export const ManagerScopeInputSchema = z
  .object({
    kind: ManagerScopeKindSchema,
    branchIds: z.array(BodyIdSchema).max(500, 'Не больше 500 филиалов').default([]),
    departmentIds: z.array(BodyIdSchema).max(500, 'Не больше 500 отделов').default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (
      value.kind === 'UNITS' &&
      value.branchIds.length === 0 &&
      value.departmentIds.length === 0
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['branchIds'],
        message: 'Выберите хотя бы один филиал или отдел',
      });
    }
    if (
      value.kind === 'COMPANY' &&
      (value.branchIds.length > 0 || value.departmentIds.length > 0)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['kind'],
        message: 'Для всей компании филиалы и отделы не выбираются',
      });
    }
  });
export type ManagerScopeInput = z.input<typeof ManagerScopeInputSchema>;
