import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, type TestPage, usePages } from './support/browser.ts';

const pages = usePages();
let current: TestPage | undefined;

/** Tomorrow's `yyyy-MM-dd` in Moscow (the seeded company's zone): a date the calendar shows. */
function moscowDate(offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
    Date.now() + offsetDays * 24 * 60 * 60 * 1000,
  );
}

/**
 * The «Закрыть без сохранения?» confirmation once its opening animation is over: a click while
 * antd still zooms it in is lost on a slow machine.
 */
async function settledConfirm(page: Page): Promise<Locator> {
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Закрыть без сохранения?' });
  await confirm.waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.ant-modal-confirm[class*="zoom"], .ant-modal-confirm [class*="zoom"]',
      ),
  );
  return confirm;
}

describe('forms keep what the user typed', () => {
  it('Enter never submits the employee form, a typed date survives blur, and closing asks first', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    current = await pages.open();
    const { page } = current;
    await signInWithTokens(page, company.tokens);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/employees'))
        posts.push(request.url());
    });

    await page.goto('/company/employees');
    await page.getByRole('button', { name: 'Добавить сотрудника' }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Фамилия').fill('Соколова');
    await drawer.getByLabel('Фамилия').press('Enter');

    // Esc with something typed asks before throwing it away; «Продолжить» keeps every value.
    await page.keyboard.press('Escape');
    const confirm = await settledConfirm(page);
    await confirm.getByRole('button', { name: 'Продолжить' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await drawer.getByLabel('Фамилия').inputValue()).toBe('Соколова');

    // A date typed by hand: Enter keeps the form open, the value stays after the field loses focus.
    const hireDate = drawer.getByLabel('Дата приёма');
    await hireDate.click();
    await hireDate.fill('2026-12-01');
    await hireDate.press('Enter');
    await drawer.getByLabel('Имя', { exact: true }).click();
    expect(await hireDate.inputValue()).toBe('2026-12-01');
    expect(await drawer.isVisible()).toBe(true);
    expect(posts).toHaveLength(0);

    // «Отмена» asks too; «Закрыть» throws the draft away.
    await drawer.getByRole('button', { name: 'Отмена' }).click();
    await (await settledConfirm(page)).getByRole('button', { name: 'Закрыть' }).click();
    await drawer.getByLabel('Фамилия').waitFor({ state: 'hidden' });
    expect(posts).toHaveLength(0);
  });

  it('a shift’s end typed as 22:00 is saved as 22:00 without Tab, and Enter in «Начало» saves nothing', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    current = await pages.open();
    const { page } = current;
    await signInWithTokens(page, company.tokens);
    const date = moscowDate(1);
    const me = await api<{ id: number }>(
      'GET',
      '/api/v1/profile/employee',
      undefined,
      company.tokens.accessToken,
    );
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/v1/roster')
        puts.push(request.postData() ?? '');
    });

    await page.goto(`/company/calendar?month=${date.slice(0, 7)}`);
    await page
      .getByRole('gridcell', { name: new RegExp(`, ${date}: `) })
      .first()
      .click();
    const editor = page.getByRole('dialog');
    const start = editor.getByLabel('Начало');
    await start.click();
    await start.fill('10:00');
    await start.press('Enter');
    expect(puts).toHaveLength(0);
    expect(await editor.isVisible()).toBe(true);

    const end = editor.getByLabel('Конец');
    await end.click();
    await end.fill('22:00');
    await editor.getByRole('button', { name: 'Поставить смену' }).click();
    await editor.waitFor({ state: 'hidden' });

    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]!)).toMatchObject({
      employeeId: me.data.id,
      date,
      shifts: [{ start: '10:00', end: '22:00' }],
    });
  });
});
