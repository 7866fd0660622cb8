import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, E2E_SUPERADMIN } from './support/constants.ts';
import {
  loginThroughForm,
  seedCompany,
  signInWithTokens,
  type TestPage,
  usePages,
} from './support/browser.ts';
import { expiredCopyOf } from './support/tokens.ts';

const pages = usePages();
let current: TestPage | undefined;

async function open() {
  current = await pages.open();
  return current.page;
}

describe('signing in', () => {
  it('takes the super admin to /dashboard', async () => {
    const page = await open();
    await loginThroughForm(page, E2E_SUPERADMIN.email, E2E_SUPERADMIN.password);
    await page.waitForURL('**/dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(
      await page.evaluate(() =>
        Boolean(localStorage.getItem('access') && localStorage.getItem('refresh')),
      ),
    ).toBe(true);
  });

  it('shows a Russian error for a wrong password', async () => {
    const page = await open();
    await loginThroughForm(page, E2E_SUPERADMIN.email, 'wrong-password');
    await expect(
      page.getByText('Неверный email или пароль').first().waitFor(),
    ).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends a logged-in user away from /login', async () => {
    const page = await open();
    await loginThroughForm(page, E2E_SUPERADMIN.email, E2E_SUPERADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});

describe('session', () => {
  it('refreshes an expired access token once, transparently', async () => {
    const page = await open();
    await loginThroughForm(page, E2E_SUPERADMIN.email, E2E_SUPERADMIN.password);
    await page.waitForURL('**/dashboard');
    const access = await page.evaluate(() => localStorage.getItem('access'));
    const expired = await expiredCopyOf(access!);
    await page.evaluate((token) => localStorage.setItem('access', token), expired);

    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh')) refreshes.push(request.method());
    });
    await page.goto('/settings/profile');
    await page.getByLabel('Имя').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/profile');
    expect(refreshes).toEqual(['POST']);
    const renewed = await page.evaluate(() => localStorage.getItem('access'));
    expect(renewed).not.toBe(expired);
  });

  it('ends on /login with the tokens removed when the refresh token is broken', async () => {
    const page = await open();
    await loginThroughForm(page, E2E_SUPERADMIN.email, E2E_SUPERADMIN.password);
    await page.waitForURL('**/dashboard');
    const access = await page.evaluate(() => localStorage.getItem('access'));
    const expired = await expiredCopyOf(access!);
    await page.evaluate((token) => {
      localStorage.setItem('access', token);
      localStorage.setItem('refresh', 'broken-refresh-token');
    }, expired);
    await page.goto('/settings/profile');
    await page.waitForURL('**/login**');
    const stored = await page.evaluate(() => [
      localStorage.getItem('access'),
      localStorage.getItem('refresh'),
    ]);
    expect(stored).toEqual([null, null]);
  });
});

describe('unknown pages', () => {
  it('shows «Страница не найдена»', async () => {
    const page = await open();
    await page.goto('/no/such/page');
    await page.getByText('Страница не найдена').first().waitFor();
  });

  it('keeps a signed-in person’s menu around «Страница не найдена»', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const page = await open();
    await signInWithTokens(page, company.tokens);
    await page.goto('/company/no-such-page');
    await page.getByText('Страница не найдена').first().waitFor();
    const menu = page.getByRole('navigation', { name: 'Главное меню' });
    await menu.getByRole('link', { name: 'Сотрудники' }).waitFor();
  });
});
