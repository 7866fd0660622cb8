import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, OFFICE_WEEK, previousMonth } from './support/constants.ts';
import { api, loginThroughForm, seedCompany, type TestPage, usePages } from './support/browser.ts';

const pages = usePages();
let current: TestPage | undefined;

/** The month before the current one in Moscow, `yyyy-MM`. */
type Seeded = {
  month: string;
  lastName: string;
  managerEmail: string;
  workedDates: string[];
  vacationDates: string[];
};

/**
 * A company with a branch, an office schedule, an employee who worked three days of last month
 * (09:00–18:00 Moscow) and had two days of vacation, and a manager to look at it.
 */
async function seedMonth(): Promise<Seeded> {
  const company = await seedCompany(E2E_PASSWORD);
  const token = company.tokens.accessToken;
  const month = previousMonth();
  const stamp = Date.now().toString(36);

  const branch = await api(
    'POST',
    '/api/v1/branches',
    { title: 'Главный офис', address: 'Москва', latitude: 55.75, longitude: 37.61, radius: 200 },
    token,
  );
  expect(branch.status).toBe(201);

  const lastName = `Табелев${stamp}`;
  const employee = await api(
    'POST',
    '/api/v1/employees',
    {
      lastName,
      firstName: 'Пётр',
      email: `tabel-${stamp}@e2e.local`,
      phone: `+7916${String(Date.now()).slice(-7)}`,
      branchIds: [branch.data.id],
      personnelNumber: '0042',
      hireDate: `${month.slice(0, 4)}-01-01`,
    },
    token,
  );
  expect(employee.status).toBe(201);
  const managerEmail = `manager-${stamp}@e2e.local`;
  const manager = await api(
    'POST',
    '/api/v1/employees',
    {
      lastName: `Менеджеров${stamp}`,
      firstName: 'Иван',
      email: managerEmail,
      phone: `+7915${String(Date.now() + 1).slice(-7)}`,
      role: 'MANAGER',
      password: E2E_PASSWORD,
    },
    token,
  );
  expect(manager.status).toBe(201);

  const schedule = await api(
    'POST',
    '/api/v1/schedules',
    { title: 'Пятидневка', definition: OFFICE_WEEK },
    token,
  );
  expect(schedule.status).toBe(201);
  const assigned = await api(
    'POST',
    '/api/v1/schedule-assignments',
    { employeeIds: [employee.data.id], scheduleId: schedule.data.id, effectiveFrom: `${month}-01` },
    token,
  );
  expect(assigned.status).toBe(200);

  // The production calendar decides which dates are working ones.
  const before = await api('GET', `/api/v1/reports/report-card?month=${month}`, undefined, token);
  expect(before.status).toBe(200);
  const workdays = (before.data.dates as { date: string; kind: string }[])
    .filter((day) => day.kind === 'WORKDAY')
    .map((day) => day.date);
  const workedDates = workdays.slice(0, 3);
  const vacationDates = workdays.slice(5, 7);

  for (const date of workedDates) {
    const check = await api(
      'POST',
      '/api/v1/checks/create',
      {
        employeeId: employee.data.id,
        branchId: branch.data.id,
        checkInDateTime: `${date}T09:00:00+03:00`,
        checkOutDateTime: `${date}T18:00:00+03:00`,
      },
      token,
    );
    expect(check.status).toBe(201);
  }
  const vacation = await api(
    'POST',
    '/api/v1/weekends',
    {
      employeeId: employee.data.id,
      type: 'VACATION',
      from: vacationDates[0],
      to: vacationDates[1],
      comment: '',
    },
    token,
  );
  expect(vacation.status).toBe(201);

  return { month, lastName, managerEmail, workedDates, vacationDates };
}

/** Clicks a download button and answers the file's bytes and suggested name. */
async function download(page: Page, name: string): Promise<{ bytes: Buffer; fileName: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name }).click(),
  ]);
  const path = await file.path();
  return { bytes: await readFile(path), fileName: file.suggestedFilename() };
}

describe('reports', () => {
  let seeded: Seeded;
  beforeAll(async () => {
    seeded = await seedMonth();
  });

  it('a manager opens last month’s timesheet, sees the codes and downloads the T-13 xlsx', async () => {
    const { month, lastName, managerEmail, workedDates, vacationDates } = seeded;
    current = await pages.open();
    const { page } = current;
    await loginThroughForm(page, managerEmail, E2E_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto(`/company/reports/report-card?month=${month}`);
    await page.getByRole('heading', { name: 'Табель' }).waitFor();
    await page.getByText(/Норма: \d+ дн\., \d+:\d\d/).waitFor();

    const worked = page.getByRole('gridcell', {
      name: `${lastName} Пётр, ${workedDates[0]}: Я 8:00`,
    });
    await worked.waitFor();
    expect(await worked.textContent()).toBe('Я8:00');
    const vacation = page.getByRole('gridcell', {
      name: `${lastName} Пётр, ${vacationDates[0]}: ОТ`,
    });
    expect(await vacation.textContent()).toBe('ОТ');
    const legend = page.getByRole('list', { name: 'Обозначения' });
    await legend.getByText('Работа в дневное время').waitFor();
    await legend.getByText('Ежегодный оплачиваемый отпуск').waitFor();
    // Three days of eight hours in the month's totals.
    await page.getByRole('gridcell', { name: `${lastName} Пётр, месяц: 3 дн., 24:00` }).waitFor();

    const { bytes, fileName } = await download(page, 'Выгрузить в Excel (Т-13)');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(5 * 1024);
    expect(fileName).toMatch(/\.xlsx$/);
  });

  it('a manager sees the month in the attendance report, opens the employee’s days and downloads it', async () => {
    const { month, lastName, managerEmail, workedDates } = seeded;
    current = await pages.open();
    const { page } = current;
    await loginThroughForm(page, managerEmail, E2E_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const [year, number] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
    await page.goto(`/company/reports/report?from=${month}-01&to=${month}-${last}`);
    const name = page.getByRole('button', { name: `${lastName} Пётр` });
    await name.waitFor();
    await page.locator('.smena-report__totals').getByText('24:00').first().waitFor();

    await name.click();
    const drawer = page.getByRole('dialog');
    // The day's row (the drawer's header also names the period, which may start on that date).
    await drawer.locator('.smena-report-days__date', { hasText: workedDates[0]! }).waitFor();
    await drawer.getByText('09:00').first().waitFor();
    await drawer.getByText('18:00').first().waitFor();
    await page.keyboard.press('Escape');

    const { bytes } = await download(page, 'Выгрузить в Excel');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
