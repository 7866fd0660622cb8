import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { E2E_PASSWORD, E2E_SUPERADMIN } from './support/constants.ts';
import { api, PHONE, seedCompany, type TestPage, usePages } from './support/browser.ts';

const pages = usePages();
let current: TestPage | undefined;

/** The last restore code sent to a phone, from the server's SMS outbox. */
function lastSmsCode(phone: string): string | undefined {
  const file = inject('smsOutbox');
  if (!existsSync(file)) return undefined; // nothing sent yet
  const text = readFileSync(file, 'utf8');
  const messages = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { phone: string; text: string });
  const message = messages.reverse().find((entry) => entry.phone === phone);
  return message?.text.match(/Код для восстановления доступа: (\d{6})/)?.[1];
}

describe('company registration', () => {
  it('creates the company and opens its dashboard', async () => {
    current = await pages.open();
    const { page } = current;
    const id = Date.now().toString(36);
    await page.goto('/register');
    await page.getByLabel('Название компании').fill(`ООО «Восход ${id}»`);
    await page.getByLabel('Фамилия').fill('Кадрова');
    await page.getByLabel('Имя').fill('Нина');
    await page.getByLabel('Email').fill(`hr-${id}@e2e.local`);
    await page.getByLabel('Телефон').fill(`912${String(Date.now()).slice(-7)}`);
    await page.getByLabel('Пароль', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Повторите пароль').fill(E2E_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Зарегистрировать компанию' }).click();
    await page.waitForURL('**/company/dashboard');
    await page.getByText(`ООО «Восход ${id}»`).first().waitFor();
    // The header names the admin, not their email.
    await page.getByText('Кадрова Нина').first().waitFor();
  });

  it('shows the server’s message for a taken email', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    current = await pages.open();
    const { page } = current;
    await page.goto('/register');
    await page.getByLabel('Название компании').fill('ООО «Дубль»');
    await page.getByLabel('Фамилия').fill('Дублева');
    await page.getByLabel('Имя').fill('Анна');
    await page.getByLabel('Email').fill(company.email);
    await page.getByLabel('Телефон').fill(`913${String(Date.now()).slice(-7)}`);
    await page.getByLabel('Пароль', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Повторите пароль').fill(E2E_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Зарегистрировать компанию' }).click();
    await page.getByText('Этот email уже зарегистрирован').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});

describe('password restore', () => {
  it('sets a new password with the SMS code, on a phone', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    current = await pages.open(PHONE);
    const { page } = current;
    await page.goto('/restore');
    await page.getByLabel('Телефон').fill(company.phone.slice(2));
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Новый пароль').waitFor();

    let code: string | undefined;
    for (let i = 0; i < 20 && !code; i++) {
      code = lastSmsCode(company.phone);
      if (!code) await page.waitForTimeout(100);
    }
    expect(code).toMatch(/^\d{6}$/);
    await page.locator('.ant-otp input').first().click();
    await page.keyboard.type(code!);
    await page.getByLabel('Новый пароль').fill('restored-password-1');
    await page.getByLabel('Повторите пароль').fill('restored-password-1');
    await page.getByRole('button', { name: 'Сменить пароль' }).click();
    await page
      .getByText(/Пароль изменён/)
      .first()
      .waitFor();

    const login = await api('POST', '/api/v1/auth/login', {
      email: company.email,
      password: 'restored-password-1',
    });
    expect(login.status).toBe(200);
  });
});

describe('super admin inside a company', () => {
  it('shows the banner while impersonating, and «Вернуться» restores the super admin on /companies', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const superTokens = (await api('POST', '/api/v1/auth/login', E2E_SUPERADMIN)).data;
    const companyEmployee = (
      await api('GET', '/api/v1/profile/employee', undefined, company.tokens.accessToken)
    ).data;
    const asAdmin = await api(
      'POST',
      `/api/v1/auth/auth-with-admin/${companyEmployee.companyId}`,
      {},
      superTokens.accessToken,
    );
    expect(asAdmin.status).toBe(200);

    current = await pages.open();
    const { page } = current;
    await page.goto('/login');
    // The state the companies page leaves behind: super admin tokens saved under `super`.
    await page.evaluate(
      ({ saved, active }) => {
        localStorage.setItem('super', JSON.stringify(saved));
        localStorage.setItem('access', active.accessToken);
        localStorage.setItem('refresh', active.refreshToken);
      },
      { saved: superTokens, active: asAdmin.data },
    );
    await page.goto('/company/dashboard');
    await page.getByText(`Вы вошли в компанию «${company.title}» как администратор`).waitFor();

    await page.getByRole('button', { name: 'Вернуться' }).click();
    await page.waitForURL('**/companies');
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('access'),
      super: localStorage.getItem('super'),
    }));
    expect(stored).toEqual({ access: superTokens.accessToken, super: null });
    // The impersonation session is over.
    const after = await api('GET', '/api/v1/profile', undefined, asAdmin.data.accessToken);
    expect(after.status).toBe(401);
  });
});
