import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminDashboardSchema, type AdminDashboard } from '@smena/contract';
import { weekdayIndex } from '@smena/time';
import { payments } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, loginSuperAdmin } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken } from '../checks/checks.test-helpers.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  superToken = (await loginSuperAdmin(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function getDashboard(): Promise<AdminDashboard> {
  const response = await call(t.app, {
    method: 'GET',
    url: '/api/v1/admin/dashboard',
    token: superToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return AdminDashboardSchema.parse(response.data);
}

async function addPayment(
  companyId: number,
  status: 'PAID' | 'PENDING',
  amount: number,
  paidAt: Date | null,
) {
  await t.database.db.insert(payments).values({
    companyId,
    planTitle: 'Стандарт',
    provider: 'manual',
    status,
    users: 10,
    months: 1,
    pricePerUserKopecks: amount / 10,
    discountPercent: 0,
    subtotalKopecks: amount,
    discountKopecks: 0,
    amountKopecks: amount,
    paidAt,
  });
}

describe('GET /api/v1/admin/dashboard', () => {
  it('answers 401 without a token and 403 to a company admin', async () => {
    const unauthenticated = await call(t.app, { method: 'GET', url: '/api/v1/admin/dashboard' });
    expect(unauthenticated.statusCode).toBe(401);
    const company = await createCompany(t.app);
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/dashboard',
      token: company.admin.tokens.accessToken,
    });
    expect(response.statusCode).toBe(403);
  });

  it('lists 12 weeks from Monday, oldest first, the current one last', async () => {
    const { newCompaniesPerWeek } = await getDashboard();
    expect(newCompaniesPerWeek).toHaveLength(12);
    for (const week of newCompaniesPerWeek) expect(weekdayIndex(week.weekStart)).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const last = newCompaniesPerWeek.at(-1)!.weekStart;
    expect(last <= today).toBe(true);
    expect(Date.parse(today) - Date.parse(last)).toBeLessThan(7 * 86_400_000);
  });

  it('counts companies, users, employees, today’s checks, this month’s payments and sign-ups', async () => {
    const before = await getDashboard();

    const trial = await createCompany(t.app);
    const blocked = await createCompany(t.app);
    const blocking = await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/companies/${blocked.companyId}/block`,
      token: superToken,
    });
    expect(blocking.statusCode, blocking.body).toBe(200);
    const member = await memberWithToken(t, trial.companyId, 'EMPLOYEE');
    const branch = await createBranch(t, trial.admin.tokens.accessToken);
    await linkBranch(t, trial.companyId, member.employeeId, branch.id);
    const check = await call(t.app, {
      method: 'POST',
      url: '/api/v1/checks/create',
      token: trial.admin.tokens.accessToken,
      payload: {
        employeeId: member.employeeId,
        branchId: branch.id,
        checkInDateTime: new Date().toISOString(),
      },
    });
    expect(check.statusCode, check.body).toBe(201);
    await addPayment(trial.companyId, 'PAID', 150_000, new Date());
    await addPayment(trial.companyId, 'PENDING', 90_000, null);
    // Paid last year: not this month.
    await addPayment(trial.companyId, 'PAID', 70_000, new Date(Date.now() - 400 * 86_400_000));

    const after = await getDashboard();
    expect(after.companies).toEqual({
      total: before.companies.total + 2,
      active: before.companies.active + 1,
      trial: before.companies.trial + 1,
      blocked: before.companies.blocked + 1,
    });
    // Two admins and one employee.
    expect(after.users - before.users).toBe(3);
    expect(after.employees - before.employees).toBe(3);
    expect(after.checksToday - before.checksToday).toBe(1);
    expect(after.paymentsThisMonth).toEqual({
      count: before.paymentsThisMonth.count + 1,
      amountKopecks: before.paymentsThisMonth.amountKopecks + 150_000,
    });
    expect(after.newCompaniesPerWeek.at(-1)!.count - before.newCompaniesPerWeek.at(-1)!.count).toBe(
      2,
    );
  });

  it('takes the UTC day, month and weeks of its clock', async () => {
    // Sunday 2026-03-01 23:30 UTC: the week began on Monday 2026-02-23, the month on the 1st.
    const service = createAdminDashboardService({
      db: t.database.db,
      now: () => Date.parse('2026-03-01T23:30:00Z'),
    });
    const dashboard = AdminDashboardSchema.parse(await service.getDashboard());
    expect(dashboard.newCompaniesPerWeek.at(-1)!.weekStart).toBe('2026-02-23');
    expect(dashboard.newCompaniesPerWeek[0]!.weekStart).toBe('2025-12-08');
    // Every company here was created later (on the real clock): none before that Sunday.
    expect(dashboard.newCompaniesPerWeek.every((week) => week.count === 0)).toBe(true);
    expect(dashboard.checksToday).toBe(0);
    expect(dashboard.paymentsThisMonth).toEqual({ count: 0, amountKopecks: 0 });
  });
});
