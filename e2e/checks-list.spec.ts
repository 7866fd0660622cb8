import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, E2E_SUPERADMIN } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

const EMPLOYEES = 49;

/** 5/2, 09:00–18:00 with an hour's break, following the production calendar. */
const OFFICE_WEEK = {
  type: 'FIXED',
  followsProductionCalendar: true,
  days: Array.from({ length: 7 }, (_, index) => ({
    working: index < 5,
    start: '09:00',
    end: '18:00',
    breakMinutes: 60,
  })),
};

/** Monday and Sunday of last week in Moscow, `yyyy-MM-dd`. */
function lastWeek(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
  const noon = Date.parse(`${today}T12:00:00Z`);
  const weekday = (new Date(noon).getUTCDay() + 6) % 7;
  const day = (offset: number) => new Date(noon + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-weekday - 7), to: day(-weekday - 1) };
}

describe('the managers’ list of checks', () => {
  it('shows a week of many employees with their lateness in the one request for the checks', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const token = company.tokens.accessToken;
    const stamp = Date.now().toString(36);
    // Room for the employees: the super admin raises the trial's user limit.
    const own = await api('GET', '/api/v1/profile/employee', undefined, token);
    const superAdmin = await api('POST', '/api/v1/auth/login', E2E_SUPERADMIN);
    const raised = await api(
      'PATCH',
      `/api/v1/admin/companies/${own.data.companyId}`,
      { userLimit: EMPLOYEES + 10 },
      superAdmin.data.accessToken,
    );
    expect(raised.status, JSON.stringify(raised.data)).toBe(200);
    const branch = await api(
      'POST',
      '/api/v1/branches',
      { title: 'Главный офис', address: 'Москва', latitude: 55.75, longitude: 37.61, radius: 200 },
      token,
    );
    expect(branch.status).toBe(201);
    const ids: number[] = [];
    for (let index = 0; index < EMPLOYEES; index++) {
      const employee = await api(
        'POST',
        '/api/v1/employees',
        {
          lastName: `Списков${stamp}${String.fromCharCode(1040 + (index % 32))}`,
          firstName: `Номер${index + 1}`,
          email: `list-${stamp}-${index}@e2e.local`,
          phone: `+7915${String(Date.now() + index).slice(-7)}`,
          branchIds: [branch.data.id],
        },
        token,
      );
      expect(employee.status, JSON.stringify(employee.data)).toBe(201);
      ids.push(employee.data.id);
    }
    const { from, to } = lastWeek();
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
      { employeeIds: ids, scheduleId: schedule.data.id, effectiveFrom: from },
      token,
    );
    expect(assigned.status).toBe(200);

    // Four working dates of the week (the production calendar may take some away).
    const plan = await api(
      'GET',
      `/api/v1/employees/${ids[0]}/plan?from=${from}&to=${to}`,
      undefined,
      token,
    );
    const dates = (plan.data as { date: string; kind: string }[])
      .filter((day) => day.kind === 'WORK')
      .map((day) => day.date)
      .slice(0, 4);
    expect(dates.length).toBeGreaterThan(0);
    // The first employee is 17 minutes late on the first date and leaves 25 minutes early.
    for (const [index, id] of ids.entries()) {
      for (const [dateIndex, date] of dates.entries()) {
        const late = index === 0 && dateIndex === 0;
        const check = await api(
          'POST',
          '/api/v1/checks/create',
          {
            employeeId: id,
            branchId: branch.data.id,
            checkInDateTime: `${date}T${late ? '09:17' : '08:55'}:00+03:00`,
            checkOutDateTime: `${date}T${late ? '17:35' : '18:05'}:00+03:00`,
          },
          token,
        );
        expect(check.status).toBe(201);
      }
    }

    const { page } = await pages.open();
    await signInWithTokens(page, company.tokens);
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}`);
    });
    await page.goto(`/company/checks?from=${from}&to=${to}&limit=200`);
    const table = page.getByRole('table').first();
    await table.getByText('17 мин', { exact: true }).waitFor();
    await table.getByText('25 мин', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const rows = await table.locator('tbody tr.ant-table-row').count();
    expect(rows).toBe(EMPLOYEES * dates.length);

    const plans = requests.filter((request) => /\/plan$/.test(request));
    const attendance = requests.filter((request) => request.endsWith('/api/v1/attendance'));
    const lists = requests.filter((request) => request === 'GET /api/v1/checks');
    console.info(
      `/company/checks, ${EMPLOYEES} employees × ${dates.length} dates: ${requests.length} API requests: ${requests.join(', ')}`,
    );
    // The page of checks carries the lateness the server computed: no request per employee, no
    // second request for the attendance. (The other GET /checks is the «На месте» counter.)
    expect(plans).toEqual([]);
    expect(attendance).toEqual([]);
    expect(lists).toHaveLength(2);
    // Only lateness and early leave of that one check are marked.
    await expect.poll(() => table.getByText('17 мин', { exact: true }).count()).toBe(1);
  });
});
