import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, E2E_SUPERADMIN } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

async function superAdminTokens() {
  const response = await api<{ accessToken: string; refreshToken: string }>(
    'POST',
    '/api/v1/auth/login',
    E2E_SUPERADMIN,
  );
  expect(response.status).toBe(200);
  return response.data;
}

async function open(): Promise<Page> {
  const page = await pages.open();
  return page.page;
}

describe('super-admin area', () => {
  it('the super admin enters a company as its admin, sees the banner and returns to the companies', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const page = await open();
    await signInWithTokens(page, await superAdminTokens());

    await page.goto('/companies');
    await page.getByPlaceholder('Поиск по названию, email, телефону').fill(company.title);
    await page
      .getByRole('button', { name: `Действия: ${company.title}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Войти как администратор' }).click();

    await page.waitForURL('**/company/dashboard');
    const banner = page.getByText(`Вы вошли в компанию «${company.title}» как администратор`);
    await banner.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('super'))).not.toBeNull();

    await page.getByRole('button', { name: 'Вернуться' }).click();
    await page.waitForURL('**/companies');
    await page.getByRole('heading', { name: 'Компании' }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('super'))).toBeNull();
  });

  it('an admin asks for an invoice, the super admin marks it paid and the user limit grows', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const adminPage = await open();
    await signInWithTokens(adminPage, company.tokens);
    await adminPage.goto('/company/plan');
    const users = adminPage.getByLabel('Количество пользователей');
    await users.fill('25');
    await adminPage.getByRole('button', { name: /^Выставить счёт/ }).click();

    const invoices = () =>
      api<{ items: { number: string; status: string }[] }>(
        'GET',
        '/api/v1/payments',
        undefined,
        company.tokens.accessToken,
      );
    await expect.poll(async () => (await invoices()).data.items.length).toBe(1);
    const invoice = (await invoices()).data.items[0]!;
    expect(invoice.status).toBe('PENDING');
    await adminPage.getByText(invoice.number).first().waitFor();

    const superPage = await open();
    await signInWithTokens(superPage, await superAdminTokens());
    await superPage.goto('/plan?tab=payments');
    await superPage.getByText(invoice.number).first().waitFor();
    await superPage
      .getByRole('button', { name: `Действия: счёт ${invoice.number}` })
      .first()
      .click();
    await superPage.getByRole('menuitem', { name: 'Отметить оплаченным' }).click();
    await superPage.getByRole('button', { name: 'Оплачен' }).click();
    const limit = async () =>
      (
        await api<{ userLimit: number }>(
          'GET',
          '/api/v1/plan',
          undefined,
          company.tokens.accessToken,
        )
      ).data.userLimit;
    await expect.poll(limit, { timeout: 30_000 }).toBe(25);
    await adminPage.reload();
    await adminPage.getByText('25', { exact: true }).first().waitFor();
  });
});
