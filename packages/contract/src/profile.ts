import { z } from 'zod';
import './zod-setup.ts';
import { CompanyRoleSchema, RoleSchema } from './role-schemas.ts';
import {
  CrossMidnightHoursSchema,
  HolidayShiftCodeSchema,
  OpenShiftClaimsModeSchema,
  OvertimeApprovalSchema,
} from './work-time.ts';
import { PlanRuleEnforcementSchema } from './plan-violations.ts';
import {
  CountryCodeSchema,
  EmailSchema,
  PasswordSchema,
  PersonNameSchema,
  PhoneSchema,
} from './fields.ts';
import { PaginationQuerySchema, pageOf } from './common.ts';

export const ProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string().nullable(),
  avatar: z.string().nullable(),
  isSuperAdmin: z.boolean(),
  /** Set while a super admin acts inside a company: the super admin's user id. */
  impersonatorId: z.number().int().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const AVATAR_MAX_LENGTH = 300_000;
export const UpdateProfileInputSchema = z
  .object({
    firstName: PersonNameSchema.min(1, 'Введите имя'),
    lastName: PersonNameSchema.min(1, 'Введите фамилию'),
    middleName: PersonNameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    country: CountryCodeSchema.nullable(),
    /** A small image as a data URL (`data:image/png;base64,…`) or an https URL. */
    avatar: z
      .string()
      .max(AVATAR_MAX_LENGTH, 'Изображение слишком большое (до 200 КБ)')
      .regex(
        /^(data:image\/(png|jpeg|webp);base64,|https:\/\/)/,
        'Неподдерживаемый формат изображения',
      )
      .nullable(),
    /** Required when `email` or `phone` changes; the other sessions then end. */
    currentPassword: z.string().min(1, 'Введите текущий пароль').max(1024),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const NewPasswordInputSchema = z.object({
  old: z.string({ error: 'Введите текущий пароль' }).min(1, 'Введите текущий пароль').max(1024),
  new: PasswordSchema,
});
export type NewPasswordInput = z.infer<typeof NewPasswordInputSchema>;

export const EmployeeStatusSchema = z.enum(['ACTIVE', 'DISMISSED', 'DEACTIVATED']);
export type EmployeeStatus = z.infer<typeof EmployeeStatusSchema>;

/** The caller's membership in the company of the token; a super admin outside companies has none. */
export const ProfileEmployeeSchema = z.object({
  id: z.number().int().nullable(),
  role: RoleSchema,
  companyId: z.number().int().nullable(),
  status: EmployeeStatusSchema.nullable(),
  personnelNumber: z.string().nullable(),
});
export type ProfileEmployee = z.infer<typeof ProfileEmployeeSchema>;

export const CompanyStatusSchema = z.enum(['ACTIVE', 'BLOCKED']);

export const CompanySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string().nullable(),
  timezone: z.string(),
  status: CompanyStatusSchema,
  userLimit: z.number().int(),
  paidUntil: z.string().nullable(),
  isTrial: z.boolean(),
  hideContacts: z.boolean(),
  hideBranches: z.boolean(),
  hideDepartments: z.boolean(),
  notification: z.boolean(),
  startNotificationBerofeMinutes: z.number().int(),
  endNotificationBerofeMinutes: z.number().int(),
  disableCommentNotifications: z.boolean(),
  lateToleranceMinutes: z.number().int(),
  /** Minutes after a shift's end before a forgotten check-out is closed at that end. */
  autoCloseMarginMinutes: z.number().int(),
  crossMidnightHours: CrossMidnightHoursSchema,
  holidayShiftCode: HolidayShiftCodeSchema,
  overtimeApproval: OvertimeApprovalSchema,
  planRuleEnforcement: PlanRuleEnforcementSchema,
  openShiftClaims: OpenShiftClaimsModeSchema,
  /** «Публикация графика» (decision 028). */
  schedulePublication: z.boolean(),
  /** «Фото при отметке по PIN» at kiosks, for those who consented (decision 034). */
  kioskPhoto: z.boolean(),
  /** Days a kiosk photo is kept. */
  kioskPhotoRetentionDays: z.number().int(),
});
export type Company = z.infer<typeof CompanySchema>;

/**
 * What every signed-in page needs at start, in one answer: the person, their membership and its
 * company (null for a super admin outside companies). Each part is the shape of its own route.
 */
export const SessionSchema = z.object({
  profile: ProfileSchema,
  employee: ProfileEmployeeSchema,
  company: CompanySchema.nullable(),
});
export type Session = z.infer<typeof SessionSchema>;

/** Reminder offsets: from 0 to 24 hours before the shift starts or ends. */
const ReminderMinutesSchema = z
  .number({ error: 'Укажите число минут' })
  .int('Целое число минут')
  .min(0, 'Не меньше 0 минут')
  .max(1440, 'Не больше 1440 минут (сутки)');

export const CompanyNotificationSettingsInputSchema = z
  .object({
    notification: z.boolean({ error: 'Укажите, включены ли уведомления' }),
    startNotificationBerofeMinutes: ReminderMinutesSchema,
    endNotificationBerofeMinutes: ReminderMinutesSchema,
  })
  .strict();
export type CompanyNotificationSettingsInput = z.infer<
  typeof CompanyNotificationSettingsInputSchema
>;

export const HideContactsInputSchema = z.object({ hideContacts: z.boolean() }).strict();
export const HideBranchesInputSchema = z.object({ hideBranches: z.boolean() }).strict();
export const HideDepartmentsInputSchema = z.object({ hideDepartments: z.boolean() }).strict();
export const CommentNotificationInputSchema = z
  .object({ disableCommentNotifications: z.boolean() })
  .strict();

export const NotificationTokenInputSchema = z
  .object({
    notificationToken: z
      .string({ error: 'Нет токена уведомлений' })
      .min(1, 'Нет токена уведомлений')
      .max(4000),
    key: z.literal('web', { error: 'Поддерживается только key = web' }),
  })
  .strict();
export type NotificationTokenInput = z.infer<typeof NotificationTokenInputSchema>;

export const ListProfileUsersQuerySchema = PaginationQuerySchema.extend({
  role: CompanyRoleSchema.optional(),
});
export type ListProfileUsersQuery = z.infer<typeof ListProfileUsersQuerySchema>;

export const ProfileUserSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  /** Null when the company hides contacts from employees. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  role: CompanyRoleSchema,
  status: EmployeeStatusSchema,
});
export type ProfileUser = z.infer<typeof ProfileUserSchema>;
export const ProfileUsersPageSchema = pageOf(ProfileUserSchema);

export const CountrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  phoneCode: z.string(),
});
export type Country = z.infer<typeof CountrySchema>;
