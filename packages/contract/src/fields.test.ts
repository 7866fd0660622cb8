import { describe, expect, it } from 'vitest';
import { ChangeNewPasswordInputSchema, RegisterCompanyInputSchema } from './auth.ts';
import { EmailSchema, PasswordSchema, PhoneSchema, normalizePhone } from './fields.ts';
import { CompanyNotificationSettingsInputSchema } from './profile.ts';
import { roleLabels } from './roles.ts';
import { dayOffTypeLabels } from './day-off-types.ts';

describe('phone numbers', () => {
  it.each([
    ['+7 (916) 555-12-34', '+79165551234'],
    ['8 916 555 12 34', '+79165551234'],
    ['+998 90 123 45 67', '+998901234567'],
    ['+375291234567', '+375291234567'],
  ])('normalizes %s to %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
    expect(PhoneSchema.parse(input)).toBe(expected);
  });

  it('refuses too short numbers with a Russian message', () => {
    const result = PhoneSchema.safeParse('12345');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Некорректный номер телефона');
  });
});

describe('passwords and emails', () => {
  it('accepts 8 to 128 characters', () => {
    expect(PasswordSchema.safeParse('1234567').success).toBe(false);
    expect(PasswordSchema.safeParse('12345678').success).toBe(true);
    expect(PasswordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(PasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('lower-cases and trims emails', () => {
    expect(EmailSchema.parse('  Admin@Example.RU ')).toBe('admin@example.ru');
    expect(EmailSchema.safeParse('admin@').success).toBe(false);
  });
});

describe('request schemas', () => {
  it('validate a company registration', () => {
    const parsed = RegisterCompanyInputSchema.parse({
      title: ' ООО «Ромашка» ',
      email: 'a@b.ru',
      phone: '+7 999 000-11-22',
      country: 'ru',
      password: 'long-enough',
    });
    expect(parsed).toMatchObject({ title: 'ООО «Ромашка»', country: 'RU', phone: '+79990001122' });
  });

  it('need a 6-digit code to restore a password', () => {
    const base = { phone: '+79990001122', password: 'long-enough' };
    expect(ChangeNewPasswordInputSchema.safeParse({ ...base, otp: '12345' }).success).toBe(false);
    expect(ChangeNewPasswordInputSchema.safeParse({ ...base, otp: '123456' }).success).toBe(true);
  });

  it('refuse negative reminder minutes and unknown fields', () => {
    const valid = {
      notification: true,
      startNotificationBerofeMinutes: 15,
      endNotificationBerofeMinutes: 0,
    };
    expect(CompanyNotificationSettingsInputSchema.safeParse(valid).success).toBe(true);
    expect(
      CompanyNotificationSettingsInputSchema.safeParse({
        ...valid,
        startNotificationBerofeMinutes: -1,
      }).success,
    ).toBe(false);
    expect(CompanyNotificationSettingsInputSchema.safeParse({ ...valid, extra: 1 }).success).toBe(
      false,
    );
  });
});

describe('labels', () => {
  it('are Russian, as the spec names them', () => {
    expect(roleLabels).toEqual({
      SUPERADMIN: 'Супер админ',
      ADMIN: 'Админ',
      MANAGER: 'Менеджер',
      EMPLOYEE: 'Сотрудник',
    });
    expect(dayOffTypeLabels.DISMISSED).toBe('Отгул');
  });
});

describe('dates', () => {
  it('accept real yyyy-MM-dd dates only', async () => {
    const { DateStringSchema } = await import('./common.ts');
    expect(DateStringSchema.safeParse('2026-02-28').success).toBe(true);
    expect(DateStringSchema.safeParse('2028-02-29').success).toBe(true);
    expect(DateStringSchema.safeParse('2026-02-30').success).toBe(false);
    expect(DateStringSchema.safeParse('2026-2-3').success).toBe(false);
  });
});
