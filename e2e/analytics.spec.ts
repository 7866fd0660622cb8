import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, E2E_SUPERADMIN } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

async function open(): Promise<Page> {
  const page = await pages.open();
  return page.page;
}

async function superAdminTokens() {
  const response = await api<{ accessToken: string; refreshToken: string }>(
    'POST',
    '/api/v1/auth/login',
    E2E_SUPERADMIN,
  );
  expect(response.status).toBe(200);
  return response.data;
}

async function companyIdOf(accessToken: string): Promise<number> {
  const response = await api<{ companyId: number }>(
    'GET',
    '/api/v1/profile/employee',
    undefined,
    accessToken,
  );
  expect(response.data.companyId).toBeGreaterThan(0);
  return response.data.companyId;
}

/** `yyyy-MM-dd` of a UTC day `offset` days from today (the server counts days in UTC). */
function utcDate(offset = 0): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Makes the page believe it was hidden (tab switched, phone locked): the tracker's beacon path. */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    value = await read();
  }
  return value;
}

describe('product analytics', () => {
  it('browsing three pages stores three page views with the route patterns, for the company', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const companyId = await companyIdOf(company.tokens.accessToken);

    const page = await open();
    await signInWithTokens(page, company.tokens);
    // The person has not switched analytics off: the SPA asks before it sends anything.
    const preference = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/profile/analytics') && response.ok(),
    );
    await page.goto('/company/employees');
    await page.getByRole('heading', { name: 'Сотрудники', level: 1 }).waitFor();
    await preference;

    const menu = page.getByRole('navigation', { name: 'Главное меню' });
    await menu.getByRole('link', { name: 'Отметки' }).click();
    await page.getByRole('heading', { name: 'Отметки', level: 1 }).waitFor();
    await menu.getByRole('link', { name: 'Календарь' }).click();
    await page.waitForURL('**/company/calendar');

    // The tab goes to the background: what is queued leaves with navigator.sendBeacon.
    const beacon = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/v1/analytics/events') && request.method() === 'POST',
    );
    await hidePage(page);
    // A beacon cannot carry headers: the company below is known only from the token in its body.
    expect((await beacon).resourceType()).toBe('ping');
    const superToken = (await superAdminTokens()).accessToken;
    const query = `from=${utcDate(-1)}&to=${utcDate(1)}&companyId=${companyId}`;
    const stored = await pollUntil(
      () =>
        api<{ topPages: { route: string; views: number }[] }>(
          'GET',
          `/api/v1/admin/analytics?${query}`,
          undefined,
          superToken,
        ),
      (response) => response.data.topPages.reduce((sum, page) => sum + page.views, 0) >= 3,
    );
    expect(stored.status).toBe(200);
    expect([...stored.data.topPages].sort((a, b) => a.route.localeCompare(b.route))).toEqual([
      { route: '/company/calendar', views: 1 },
      { route: '/company/checks', views: 1 },
      { route: '/company/employees', views: 1 },
    ]);
  });

  it('the super admin sets the maintenance banner on «Настройки приложения»; after a reload everyone sees it', async () => {
    const superTokens = await superAdminTokens();
    const text = `Технические работы ${Date.now().toString(36)}: сервис может быть недоступен`;
    try {
      const page = await open();
      await signInWithTokens(page, superTokens);
      await page.goto('/settings/app-config');
      await page.getByRole('heading', { name: 'Настройки приложения' }).waitFor();
      await page.getByRole('textbox', { name: 'Значение app.maintenanceBanner' }).fill(text);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Параметр app.maintenanceBanner сохранён', { exact: true }).waitFor();

      const stored = await api<{ values: Record<string, unknown> }>('GET', '/api/v1/config');
      expect(stored.data.values['app.maintenanceBanner']).toBe(text);

      await page.reload();
      await page.getByRole('status').filter({ hasText: text }).waitFor();

      // A company's admin in another browser sees it too, from the first load.
      const company = await seedCompany(E2E_PASSWORD);
      const adminPage = await open();
      await signInWithTokens(adminPage, company.tokens);
      await adminPage.goto('/company/employees');
      await adminPage.getByRole('status').filter({ hasText: text }).waitFor();
    } finally {
      // The banner would show on every other spec's pages.
      await api(
        'PATCH',
        '/api/v1/admin/config/app.maintenanceBanner',
        { value: '' },
        superTokens.accessToken,
      );
    }
  });

  it('a company without comments (override of features.comments) has no «Комментарии» after a reload', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const companyId = await companyIdOf(company.tokens.accessToken);
    const page = await open();
    await signInWithTokens(page, company.tokens);
    await page.goto('/company/checks');
    const comments = page.getByRole('radio', { name: /Комментарии/ });
    await comments.waitFor({ state: 'attached' });

    const override = await api(
      'PUT',
      `/api/v1/admin/config/features.comments/overrides/${companyId}`,
      { value: false },
      (await superAdminTokens()).accessToken,
    );
    expect(override.status).toBe(200);

    // The reload starts with the values kept from the last visit, then the server's arrive.
    await page.reload();
    await page.getByRole('radio', { name: 'Все отметки' }).waitFor({ state: 'attached' });
    await comments.waitFor({ state: 'detached' });
    expect(await page.getByRole('radio', { name: /Сейчас на месте/ }).count()).toBe(1);
  });
});
