import { z } from 'zod';
import './zod-setup.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PasswordSchema = z
  .string({ error: 'Введите пароль' })
  .min(PASSWORD_MIN_LENGTH, `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`)
  .max(PASSWORD_MAX_LENGTH, `Пароль должен быть не длиннее ${PASSWORD_MAX_LENGTH} символов`);

export const EmailSchema = z
  .string({ error: 'Введите email' })
  .trim()
  .toLowerCase()
  .max(254, 'Слишком длинный email')
  .pipe(z.email({ error: 'Некорректный email' }));

/**
 * Phone numbers are stored in E.164 (`+79991234567`). People type them through a mask,
 * so spaces, brackets and dashes are dropped first; a Russian `8XXXXXXXXXX` becomes `+7…`.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8') && !input.trim().startsWith('+')) {
    return `+7${digits.slice(1)}`;
  }
  return `+${digits}`;
}

export const PhoneSchema = z
  .string({ error: 'Введите телефон' })
  .trim()
  .min(1, 'Введите телефон')
  .transform(normalizePhone)
  .pipe(z.string().regex(/^\+\d{10,15}$/, 'Некорректный номер телефона'));

export const PersonNameSchema = z.string().trim().max(100, 'Не длиннее 100 символов');

export const CountryCodeSchema = z
  .string({ error: 'Выберите страну' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Выберите страну');

export const CompanyTitleSchema = z
  .string({ error: 'Введите название компании' })
  .trim()
  .min(2, 'Название не короче 2 символов')
  .max(200, 'Название не длиннее 200 символов');
