import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

/** A member of the company with `role` and a password, and their tokens. */
async function member(adminToken: string, role: 'MANAGER' | 'EMPLOYEE') {
  const stamp = `${Date.now().toString(36)}${role.toLowerCase()}`;
  const email = `${stamp}@e2e.local`;
  const created = await api(
    'POST',
    '/api/v1/employees',
    {
      lastName: role === 'MANAGER' ? 'Менеджерова' : 'Сотрудникова',
      firstName: 'Анна',
      email,
      phone: `+79${role === 'MANAGER' ? '13' : '14'}${String(Date.now()).slice(-7)}`,
      role,
      password: E2E_PASSWORD,
    },
    adminToken,
  );
  expect(created.status).toBe(201);
  const login = await api<{ accessToken: string; refreshToken: string }>(
    'POST',
    '/api/v1/auth/login',
    { email, password: E2E_PASSWORD },
  );
  expect(login.status).toBe(200);
  return login.data;
}

describe('pages by role', () => {
  it('a manager has no API keys, organization or billing in the menu, and their address says why', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const { page } = await pages.open();
    await signInWithTokens(page, await member(company.tokens.accessToken, 'MANAGER'));

    // «Настройки» opens on its own page: its entries are in the menu then.
    await page.goto('/company/profile/user');
    const menu = page.getByRole('navigation', { name: 'Главное меню' });
    await menu.getByRole('link', { name: 'Уведомления' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Тариф и оплата' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'API-ключи' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Организация' }).count()).toBe(0);

    await page.goto('/company/profile/apikey');
    await page.getByText('Эта страница доступна только администратору компании').waitFor();
    // In place: the menu stays.
    expect(await menu.getByRole('link', { name: 'Отметки' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Создать ключ' }).count()).toBe(0);
  });

  it('an employee typing the plan address lands on their home page', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const { page } = await pages.open();
    await signInWithTokens(page, await member(company.tokens.accessToken, 'EMPLOYEE'));

    await page.goto('/company/plan');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Личные данные').waitFor();
    expect(await page.getByRole('heading', { name: 'Тариф и оплата' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Главное меню' }).count()).toBe(0);
  });
});
