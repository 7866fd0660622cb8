import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, OFFICE_WEEK, previousMonth } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

/** The month before the current one in Moscow, `yyyy-MM`: every date of it is in the past. */
type Tokens = { accessToken: string; refreshToken: string };

type Seeded = {
  month: string;
  branchId: number;
  employeeId: number;
  lastName: string;
  lateDate: string;
  absentDate: string;
  admin: Tokens;
  manager: Tokens;
};

/**
 * A company with a branch, an employee of it on a 5/2 schedule who came on every working day of
 * last month but one (НН) and was 40 minutes late on another, and a manager whose scope is the
 * branch. The checks are made by the admin through the API.
 */
async function seedMonth(): Promise<Seeded> {
  const company = await seedCompany(E2E_PASSWORD);
  const token = company.tokens.accessToken;
  const month = previousMonth();
  const stamp = Date.now().toString(36);

  const branch = await api<{ id: number }>(
    'POST',
    '/api/v1/branches',
    { title: 'Склад на Заводской', latitude: 55.75, longitude: 37.61, radius: 200 },
    token,
  );
  expect(branch.status).toBe(201);
  const branchId = branch.data.id;

  const lastName = `Закрытов${stamp}`;
  const employee = await api<{ id: number }>(
    'POST',
    '/api/v1/employees',
    {
      lastName,
      firstName: 'Олег',
      email: `close-${stamp}@e2e.local`,
      phone: `+7916${String(Date.now()).slice(-7)}`,
      branchIds: [branchId],
      personnelNumber: '0077',
      hireDate: `${Number(month.slice(0, 4)) - 1}-01-01`,
    },
    token,
  );
  expect(employee.status).toBe(201);
  const employeeId = employee.data.id;

  const managerEmail = `close-manager-${stamp}@e2e.local`;
  const manager = await api<{ id: number }>(
    'POST',
    '/api/v1/employees',
    {
      lastName: `Начальникова${stamp}`,
      firstName: 'Вера',
      email: managerEmail,
      phone: `+7915${String(Date.now() + 1).slice(-7)}`,
      role: 'MANAGER',
      password: E2E_PASSWORD,
      branchIds: [branchId],
    },
    token,
  );
  expect(manager.status).toBe(201);
  const scope = await api(
    'PUT',
    `/api/v1/employees/${manager.data.id}/manager-scope`,
    { kind: 'UNITS', branchIds: [branchId] },
    token,
  );
  expect(scope.status).toBe(200);
  const login = await api<Tokens>('POST', '/api/v1/auth/login', {
    email: managerEmail,
    password: E2E_PASSWORD,
  });
  expect(login.status).toBe(200);

  const schedule = await api<{ id: number }>(
    'POST',
    '/api/v1/schedules',
    { title: 'Пятидневка', definition: OFFICE_WEEK },
    token,
  );
  expect(schedule.status).toBe(201);
  const assigned = await api(
    'POST',
    '/api/v1/schedule-assignments',
    { employeeIds: [employeeId], scheduleId: schedule.data.id, effectiveFrom: `${month}-01` },
    token,
  );
  expect(assigned.status).toBe(200);

  // The production calendar decides which dates are working ones.
  const card = await api<{ dates: { date: string; kind: string }[] }>(
    'GET',
    `/api/v1/reports/report-card?month=${month}&branchId=${branchId}`,
    undefined,
    token,
  );
  expect(card.status).toBe(200);
  const workdays = card.data.dates.filter((day) => day.kind === 'WORKDAY').map((day) => day.date);
  const lateDate = workdays[2]!;
  const absentDate = workdays[4]!;

  // A check for every working day but the missed one; 09:40 on the late one.
  const checks = await api<{ items: { result: string }[] }>(
    'POST',
    '/api/v1/checks/batch',
    {
      items: workdays
        .filter((date) => date !== absentDate)
        .map((date) => ({
          idempotencyKey: `${stamp}-${date}`,
          employeeId,
          branchId,
          checkInDateTime: `${date}T${date === lateDate ? '09:40' : '09:00'}:00+03:00`,
          checkOutDateTime: `${date}T18:00:00+03:00`,
        })),
    },
    token,
  );
  expect(checks.status).toBe(200);
  expect(checks.data.items.map((item) => item.result)).toEqual(
    workdays.filter((date) => date !== absentDate).map(() => 'created'),
  );

  return {
    month,
    branchId,
    employeeId,
    lastName,
    lateDate,
    absentDate,
    admin: company.tokens,
    manager: login.data,
  };
}

/** The employee's cell of `date` in the T-13 grid. */
function dayCell(page: Page, lastName: string, date: string) {
  return page.getByRole('gridcell', { name: new RegExp(`^${lastName} Олег, ${date}:`) });
}

describe('closing a month', () => {
  it('a manager works through the deviations inbox, submits the month, the admin approves and downloads the payroll export', async () => {
    const seeded = await seedMonth();
    const { month, branchId, employeeId, lastName, lateDate, absentDate } = seeded;
    const [year, number] = month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, number, 0)).getUTCDate();
    const { page } = await pages.open();

    // The manager: the month's deviations, the late arrival excused with a reason.
    await signInWithTokens(page, seeded.manager);
    await page.goto(`/company/deviations?from=${month}-01&to=${month}-${lastDay}`);
    await page.getByRole('heading', { name: 'Отклонения' }).waitFor();
    const lateActions = page.getByRole('button', {
      name: `Действия: ${lastName} Олег, ${lateDate}, Опоздание`,
    });
    const absentActions = page.getByRole('button', {
      name: `Действия: ${lastName} Олег, ${absentDate}, Неявка без причины (НН)`,
    });
    const lateRow = page.getByRole('row').filter({ has: lateActions });
    const absentRow = page.getByRole('row').filter({ has: absentActions });
    await lateRow.getByText('Новое', { exact: true }).waitFor();
    await lateRow.getByText(/на \d+ мин/).waitFor();
    await absentRow.getByText('Новое', { exact: true }).waitFor();

    await lateActions.click();
    await page.getByRole('menuitem', { name: 'Причина уважительная' }).click();
    const dialog = page.getByRole('dialog', { name: 'Причина уважительная: 1 отклонение' });
    await dialog.getByLabel('Причина').fill('Задержка электрички, справка РЖД');
    await dialog.getByRole('button', { name: 'Причина уважительная', exact: true }).click();
    await dialog.getByText('Успешно: 1').waitFor();
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await lateRow.getByText('Решено', { exact: true }).waitFor();
    await lateRow.getByText('Задержка электрички, справка РЖД', { exact: false }).waitFor();
    // The missed day is left as it is: only the one row was acted on.
    await absentRow.getByText('Новое', { exact: true }).waitFor();

    // The manager hands the branch's month over for approval from the T-13.
    const reportCard = `/company/reports/report-card?month=${month}&branchId=${branchId}`;
    await page.goto(reportCard);
    const bar = page.getByRole('region', { name: 'Утверждение месяца' });
    await bar.getByText('Черновик', { exact: true }).waitFor();
    expect(await bar.getByRole('button', { name: 'Утвердить' }).count()).toBe(0);
    await bar.getByRole('button', { name: 'Передать на утверждение' }).click();
    await bar.getByText('Передан на утверждение', { exact: true }).waitFor();
    await bar.getByText(/^Передал: Начальникова/).waitFor();

    // The admin approves it; the dates of the month stop being editable.
    await signInWithTokens(page, seeded.admin);
    await page.goto(reportCard);
    await bar.getByText('Передан на утверждение', { exact: true }).waitFor();
    const cell = dayCell(page, lastName, lateDate);
    await cell.waitFor();
    expect(await cell.evaluate((element) => element.tagName)).toBe('BUTTON');
    await bar.getByRole('button', { name: 'Утвердить' }).click();
    await bar.getByText('Утверждён', { exact: true }).waitFor();
    await bar.getByText(/^Месяц закрыт: отметки, отсутствия/).waitFor();
    await bar.getByText(/^Утвердил: /).waitFor();
    expect(await bar.getByRole('button', { name: 'Передать на утверждение' }).count()).toBe(0);

    // No editor opens from a date of the approved month.
    await page.getByText(/\. Нажмите на день, чтобы изменить код/).waitFor({ state: 'detached' });
    expect(await cell.evaluate((element) => element.tagName)).toBe('DIV');
    await dayCell(page, lastName, absentDate).click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);

    // The server refuses writes into the month: a T-13 code and a check.
    const code = await api<{ code: string; message: string }>(
      'PUT',
      '/api/v1/reports/report-card/days',
      {
        employeeId,
        date: absentDate,
        entries: [{ code: 'Я', minutes: 480 }],
        reason: 'Пришёл, но не отметился',
      },
      seeded.admin.accessToken,
    );
    expect(code.status).toBe(409);
    expect(code.data.code).toBe('PERIOD_LOCKED');
    expect(code.data.message).toMatch(new RegExp(`^Месяц ${month} утверждён`));
    const check = await api<{ code: string }>(
      'POST',
      '/api/v1/checks/create',
      {
        employeeId,
        branchId,
        checkInDateTime: `${absentDate}T09:00:00+03:00`,
        checkOutDateTime: `${absentDate}T18:00:00+03:00`,
      },
      seeded.admin.accessToken,
    );
    expect(check.status).toBe(409);
    expect(check.data.code).toBe('PERIOD_LOCKED');

    // The payroll export for 1С says the month is approved and holds the employee.
    await page.getByRole('button', { name: 'Выгрузка для зарплаты' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('menuitem', { name: 'CSV для 1С' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`Для зарплаты ${month}.csv`);
    const bytes = await readFile(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    const head = new Map(
      lines.slice(0, lines.indexOf('')).map((line) => line.split(';') as [string, string]),
    );
    expect(head.get('Организация')).toMatch(/^ООО Тест /);
    expect(head.get('Период')).toBe(`${month}-01 — ${month}-${lastDay}`);
    expect(head.get('Статус периода')).toMatch(
      /^Утверждён, утвердил .* \(филиал «Склад на Заводской»\)$/,
    );
    const headers = lines[lines.indexOf('') + 1]!.split(';');
    expect(headers.slice(0, 2)).toEqual(['Табельный номер', 'ФИО']);
    const rows = lines.filter((line) => line.includes(lastName)).map((line) => line.split(';'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 2)).toEqual(['0077', `${lastName} Олег`]);
  });
});
