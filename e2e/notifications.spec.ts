import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

/** Today in Moscow, the company's timezone (`yyyy-MM-dd`). */
function moscowToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
}

/** The bell's unread count as its accessible name says it (0 when it says nothing). */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Уведомления/ });
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(name.match(/(\d+)/)?.[1] ?? 0);
}

describe('the notification centre', () => {
  it('an employee’s comment on their day reaches the admin’s bell and list', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const adminToken = company.tokens.accessToken;
    const stamp = Date.now().toString(36);
    const email = `commenter-${stamp}@e2e.local`;
    const employee = await api(
      'POST',
      '/api/v1/employees',
      {
        lastName: 'Комментов',
        firstName: 'Семён',
        email,
        phone: `+7916${String(Date.now()).slice(-7)}`,
        password: E2E_PASSWORD,
      },
      adminToken,
    );
    expect(employee.status).toBe(201);
    const login = await api<{ accessToken: string }>('POST', '/api/v1/auth/login', {
      email,
      password: E2E_PASSWORD,
    });
    expect(login.status).toBe(200);

    const current = await pages.open();
    const { page } = current;
    await signInWithTokens(page, company.tokens);
    await page.goto('/company/dashboard');
    const bell = page.getByRole('button', { name: /^Уведомления/ });
    await bell.waitFor();
    expect(await bellCount(page)).toBe(0);

    const text = `Задержусь на 10 минут, пробки ${stamp}`;
    const comment = await api(
      'POST',
      '/api/v1/comments',
      { date: moscowToday(), text },
      login.data.accessToken,
    );
    expect(comment.status).toBe(201);

    // The bell polls every minute; a reload asks at once (and keeps the test quick under load).
    await expect
      .poll(
        async () => {
          await page.reload();
          await bell.waitFor();
          return bellCount(page);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(1);

    await bell.click();
    const list = page.getByRole('list', { name: 'Список уведомлений' });
    const item = list.getByRole('button', { name: /Новый комментарий: Комментов С\./ });
    await item.waitFor();
    expect(await item.textContent()).toContain(text);
    expect(await item.textContent()).toContain('Комментарий');

    await item.click();
    await page.waitForURL(`**/company/employees/${employee.data.id}?tab=comments`);
    await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(0);
  });
});
