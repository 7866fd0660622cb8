import { z } from 'zod';
import './zod-setup.ts';
import {
  CompanyTitleSchema,
  CountryCodeSchema,
  EmailSchema,
  PasswordSchema,
  PersonNameSchema,
  PhoneSchema,
} from './fields.ts';

export const LoginInputSchema = z.object({
  email: EmailSchema,
  // Any length is accepted at login so that old passwords never lock anybody out.
  password: z.string({ error: 'Введите пароль' }).min(1, 'Введите пароль').max(1024),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const TokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const RefreshInputSchema = z.object({
  refresh: z.string({ error: 'Нет токена обновления' }).min(1).max(200),
});
export type RefreshInput = z.infer<typeof RefreshInputSchema>;

export const RegisterCompanyInputSchema = z.object({
  title: CompanyTitleSchema,
  /**
   * The admin's name, shown in the header and on their records. The web form asks for it; the
   * API keeps it optional for clients written before it existed.
   */
  lastName: PersonNameSchema.default(''),
  firstName: PersonNameSchema.default(''),
  email: EmailSchema,
  phone: PhoneSchema,
  country: CountryCodeSchema,
  password: PasswordSchema,
});
export type RegisterCompanyInput = z.infer<typeof RegisterCompanyInputSchema>;

export const RestoreAccountInputSchema = z.object({ phone: PhoneSchema });
export type RestoreAccountInput = z.infer<typeof RestoreAccountInputSchema>;

export const OTP_LENGTH = 6;
export const ChangeNewPasswordInputSchema = z.object({
  phone: PhoneSchema,
  otp: z
    .string({ error: 'Введите код из SMS' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Код состоит из ${OTP_LENGTH} цифр`),
  password: PasswordSchema,
});
export type ChangeNewPasswordInput = z.infer<typeof ChangeNewPasswordInputSchema>;

/** The spec passes an `execAs{product}` option; it is accepted and recorded in the audit log. */
export const ImpersonateInputSchema = z
  .object({ execAs: z.string().max(100).optional() })
  .optional();

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Claims of the access token the web app may read (it never trusts them for security). */
export type AccessTokenClaims = {
  sub: string;
  sid: string;
  cid: number | null;
  role: 'SUPERADMIN' | 'ADMIN' | 'MANAGER' | 'EMPLOYEE';
  imp?: number;
  exp: number;
};
