import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

let memberCount = 0;

/** A member of the company with `role` and a password, and their tokens. */
async function member(
  adminToken: string,
  role: 'MANAGER' | 'EMPLOYEE',
  details: { lastName?: string; branchIds?: number[] } = {},
) {
  memberCount += 1;
  const stamp = `${Date.now().toString(36)}${memberCount}${role.toLowerCase()}`;
  const email = `${stamp}@e2e.local`;
  const created = await api<{ id: number }>(
    'POST',
    '/api/v1/employees',
    {
      lastName: details.lastName ?? (role === 'MANAGER' ? 'Менеджерова' : 'Сотрудникова'),
      firstName: 'Анна',
      email,
      phone: `+79${role === 'MANAGER' ? '13' : '14'}${String(Date.now() + memberCount).slice(-7)}`,
      role,
      password: E2E_PASSWORD,
      branchIds: details.branchIds ?? [],
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
  return { id: created.data.id, tokens: login.data };
}

async function branch(adminToken: string, title: string): Promise<number> {
  const created = await api<{ id: number }>(
    'POST',
    '/api/v1/branches',
    { title, latitude: 55.75, longitude: 37.62, radius: 100 },
    adminToken,
  );
  expect(created.status).toBe(201);
  return created.data.id;
}

describe('pages by role', () => {
  it('a manager has no API keys, organization or billing in the menu, and their address says why', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const { page } = await pages.open();
    await signInWithTokens(page, (await member(company.tokens.accessToken, 'MANAGER')).tokens);

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
    await signInWithTokens(page, (await member(company.tokens.accessToken, 'EMPLOYEE')).tokens);

    await page.goto('/company/plan');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Личные данные').waitFor();
    expect(await page.getByRole('heading', { name: 'Тариф и оплата' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Главное меню' }).count()).toBe(0);
  });

  it('a store manager sees only their store’s people in the calendar and the T-13', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const admin = company.tokens.accessToken;
    const north = await branch(admin, 'Магазин на Северной');
    const south = await branch(admin, 'Магазин на Южной');
    await member(admin, 'EMPLOYEE', { lastName: 'Севернова', branchIds: [north] });
    await member(admin, 'EMPLOYEE', { lastName: 'Южакова', branchIds: [south] });
    const manager = await member(admin, 'MANAGER', { lastName: 'Управляева', branchIds: [north] });
    const scope = await api(
      'PUT',
      `/api/v1/employees/${manager.id}/manager-scope`,
      { kind: 'UNITS', branchIds: [north] },
      admin,
    );
    expect(scope.status).toBe(200);

    const { page } = await pages.open();
    await signInWithTokens(page, manager.tokens);
    await page.goto('/company/calendar');
    const grid = page.getByRole('grid');
    await grid.getByText('Севернова', { exact: false }).first().waitFor();
    expect(await grid.getByText('Управляева', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Южакова', { exact: false }).count()).toBe(0);

    await page.goto('/company/reports/report-card');
    await page.getByText('Севернова', { exact: false }).first().waitFor();
    expect(await page.getByText('Южакова', { exact: false }).count()).toBe(0);

    // The admin, on the same pages, sees both stores.
    await signInWithTokens(page, company.tokens);
    await page.goto('/company/reports/report-card');
    await page.getByText('Южакова', { exact: false }).first().waitFor();
    expect(await page.getByText('Севернова', { exact: false }).count()).toBeGreaterThan(0);
  });
});
