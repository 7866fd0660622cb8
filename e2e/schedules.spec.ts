import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from './support/constants.ts';
import {
  api,
  chooseOption,
  seedCompany,
  signInWithTokens,
  type TestPage,
  usePages,
} from './support/browser.ts';

const pages = usePages();
let current: TestPage | undefined;

/** Today in the company's timezone (Europe/Moscow), as the calendar shows it. */
function todayInMoscow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
}

describe('schedules and the calendar', () => {
  it('a manager creates a 2/2 schedule, assigns it, sees it in the calendar, places a vacation and sees it there', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const lastName = `Орлова${Date.now().toString(36)}`;
    const employee = await api(
      'POST',
      '/api/v1/employees',
      {
        lastName,
        firstName: 'Вера',
        email: `orlova-${Date.now().toString(36)}@e2e.local`,
        phone: `+7918${String(Date.now()).slice(-7)}`,
      },
      company.tokens.accessToken,
    );
    expect(employee.status).toBe(201);

    current = await pages.open();
    const { page } = current;
    await signInWithTokens(page, company.tokens);

    // A 2/2 shift schedule.
    const today = todayInMoscow();
    await page.goto('/company/work-structures/schedules');
    await page.getByRole('button', { name: 'Добавить график' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Название', { exact: true }).fill('Сменный 2/2');
    await form.getByText('Сменный', { exact: true }).click();
    const anchor = form.getByLabel('Дата начала цикла');
    await anchor.click();
    await anchor.fill(`${today.slice(0, 8)}01`);
    await anchor.press('Enter');
    await form.getByRole('button', { name: '2/2', exact: true }).click();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Сменный 2/2').first().waitFor();

    // Assigned to the employee from today.
    await page.getByRole('button', { name: 'Назначить график' }).first().click();
    const modal = page.getByRole('dialog');
    await chooseOption(page, modal, 'График', 'Сменный 2/2');
    await modal.getByLabel('Сотрудники', { exact: true }).fill(lastName.slice(0, 8));
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(lastName, { exact: false })
      .first()
      .click();
    await modal.getByRole('button', { name: 'Назначить' }).click();
    await page
      .getByText(/График назначен/)
      .first()
      .waitFor();

    // The calendar shows shifts and rest days for her this month.
    await page.goto('/company/calendar');
    const cells = page.getByRole('gridcell', { name: new RegExp(lastName) });
    await cells.first().waitFor();
    const labels = await cells.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('aria-label') ?? ''),
    );
    const fromToday = labels.filter(
      (label) => (label.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? '') >= today,
    );
    expect(fromToday.some((label) => label.includes('Смена'))).toBe(true);
    expect(fromToday.some((label) => label.includes('Выходной по графику'))).toBe(true);

    // A vacation placed from the calendar shows there.
    await page.getByRole('gridcell', { name: new RegExp(`${lastName}.*${today}`) }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('tab', { name: 'Отсутствие' }).click();
    await chooseOption(page, editor, 'Тип', 'Отпуск');
    await editor.getByRole('button', { name: 'Отметить отсутствие' }).click();
    await page
      .getByRole('gridcell', { name: new RegExp(`${lastName}.*${today}: Отпуск`) })
      .waitFor();

    const dayOffs = await api(
      'GET',
      `/api/v1/weekends?employeeId=${employee.data.id}`,
      undefined,
      company.tokens.accessToken,
    );
    expect(dayOffs.data.items[0]).toMatchObject({
      type: 'VACATION',
      from: today,
      to: today,
      status: 'APPROVED',
    });
  });
});
