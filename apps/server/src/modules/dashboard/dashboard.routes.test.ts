import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardSchema, type Dashboard } from '@smena/contract';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, loginSuperAdmin, type TestCompany } from '../../../test/factories.ts';
import {
  createBranch,
  linkBranch,
  memberWithToken,
  minutesAgo,
} from '../checks/checks.test-helpers.ts';
import { COMPANY_SCOPE } from '../../db/employee-scope.ts';
import { createDashboardService } from './dashboard.service.ts';

/**
 * A hand-built company on a fixed clock: Wednesday 2026-03-18, 12:00 in Moscow, everybody on
 * 09:00–18:00 every day, the default 5 minutes of tolerance.
 */
const TODAY = '2026-03-18';
const YESTERDAY = '2026-03-17';
const NOW_MS = Date.parse(`${TODAY}T12:00:00+03:00`);
const at = (date: string, time: string) => `${date}T${time}:00+03:00`;

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let main: { id: number; title: string };
let annex: { id: number; title: string };
const staff: Record<'present' | 'late' | 'notArrived' | 'vacation' | 'absentYesterday', number> = {
  present: 0,
  late: 0,
  notArrived: 0,
  vacation: 0,
  absentYesterday: 0,
};
const checkIds: Record<string, number> = {};

async function post(url: string, payload: object, token = adminToken) {
  const response = await call(t.app, { method: 'POST', url, token, payload });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
  return response.data;
}

async function addCheck(
  name: string,
  employeeId: number,
  branchId: number,
  from: string,
  to?: string,
) {
  const check = await post('/api/v1/checks/create', {
    employeeId,
    branchId,
    checkInDateTime: from,
    ...(to ? { checkOutDateTime: to } : {}),
  });
  checkIds[name] = check.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  main = await createBranch(t, adminToken, { title: 'Центральный', timezone: 'Europe/Moscow' });
  annex = await createBranch(t, adminToken, { title: 'Склад', timezone: 'Europe/Moscow' });

  const schedule = await post('/api/v1/schedules', {
    title: 'Каждый день 09–18',
    definition: {
      type: 'FIXED',
      days: Array.from({ length: 7 }, () => ({
        working: true,
        start: '09:00',
        end: '18:00',
        breakMinutes: 60,
      })),
    },
  });
  for (const key of Object.keys(staff) as (keyof typeof staff)[]) {
    const member = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    staff[key] = member.employeeId;
    const branchId = key === 'notArrived' ? annex.id : main.id;
    await linkBranch(t, company.companyId, member.employeeId, branchId);
  }
  await post('/api/v1/schedule-assignments', {
    employeeIds: Object.values(staff),
    scheduleId: schedule.id,
    effectiveFrom: '2026-01-01',
  });
  await post('/api/v1/weekends', {
    employeeId: staff.vacation,
    type: 'VACATION',
    from: '2026-03-16',
    to: '2026-03-29',
  });

  // Yesterday: three came on time (one within the tolerance), the fifth did not come.
  await addCheck(
    'presentY',
    staff.present,
    main.id,
    at(YESTERDAY, '08:58'),
    at(YESTERDAY, '18:01'),
  );
  await addCheck('lateY', staff.late, main.id, at(YESTERDAY, '09:00'), at(YESTERDAY, '18:00'));
  await addCheck(
    'notArrivedY',
    staff.notArrived,
    annex.id,
    at(YESTERDAY, '09:04'),
    at(YESTERDAY, '18:00'),
  );
  // Today: one in since 08:55, one late at 09:20, one came early and has already left.
  await addCheck(
    'absentYesterday',
    staff.absentYesterday,
    main.id,
    at(TODAY, '08:50'),
    at(TODAY, '11:00'),
  );
  await addCheck('present', staff.present, main.id, at(TODAY, '08:55'));
  await addCheck('late', staff.late, main.id, at(TODAY, '09:20'));
});
afterAll(async () => {
  await t.close();
});

async function fixedDashboard(): Promise<Dashboard> {
  const service = createDashboardService({ db: t.database.db, now: () => NOW_MS });
  const result = await service.getDashboard({
    userId: company.adminUserId,
    sessionId: 'test',
    companyId: company.companyId,
    employeeId: 0,
    role: 'ADMIN',
    impersonatorId: null,
    scope: COMPANY_SCOPE,
  });
  return DashboardSchema.parse(result);
}

describe('GET /api/v1/dashboard', () => {
  it('answers 401 without a token and 403 to an employee', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
    const employee = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/dashboard',
      token: employee.token,
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 403 to the super admin outside a company', async () => {
    const { accessToken } = await loginSuperAdmin(t.app);
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/dashboard',
      token: accessToken,
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers an admin and a manager with the contract shape', async () => {
    const manager = await memberWithToken(t, company.companyId, 'MANAGER');
    for (const token of [adminToken, manager.token]) {
      const response = await call(t.app, { method: 'GET', url: '/api/v1/dashboard', token });
      expect(response.statusCode, response.body).toBe(200);
      const dashboard = DashboardSchema.parse(response.data);
      expect(dashboard.days).toHaveLength(14);
      expect(dashboard.days.at(-1)?.date).toBe(dashboard.date);
      expect(dashboard.timezone).toBe('Europe/Moscow');
    }
  });

  it('counts an employee with an open check as on site, on the real clock', async () => {
    const other = await createCompany(t.app);
    const token = other.admin.tokens.accessToken;
    const branch = await createBranch(t, token);
    const member = await memberWithToken(t, other.companyId, 'EMPLOYEE');
    await linkBranch(t, other.companyId, member.employeeId, branch.id);
    const check = await call(t.app, {
      method: 'POST',
      url: '/api/v1/checks/create',
      token,
      payload: {
        employeeId: member.employeeId,
        branchId: branch.id,
        checkInDateTime: minutesAgo(1),
      },
    });
    expect(check.statusCode, check.body).toBe(201);

    const response = await call(t.app, { method: 'GET', url: '/api/v1/dashboard', token });
    const dashboard = DashboardSchema.parse(response.data);
    expect(dashboard.today.present).toBe(1);
    expect(dashboard.branches).toEqual([
      expect.objectContaining({ branchId: branch.id, present: 1, planned: 0 }),
    ]);
    expect(dashboard.latestChecks.map((item) => item.id)).toEqual([check.data.id]);
    // Only its own company: none of the first company's branches or checks.
    expect(dashboard.branches.some((row) => row.branchId === main.id)).toBe(false);
  });
});

describe('the dashboard of a hand-built company on a fixed clock', () => {
  it('counts today: planned, on site, late, not arrived, absent, on vacation', async () => {
    const dashboard = await fixedDashboard();
    expect(dashboard.date).toBe(TODAY);
    expect(dashboard.generatedAt).toBe(new Date(NOW_MS).toISOString());
    // The vacation is not planned; the admin has no schedule.
    expect(dashboard.today).toEqual({
      planned: 4,
      present: 2,
      late: 1,
      notArrived: 1,
      absent: 0,
      onDayOff: 1,
    });
  });

  it('lists the last 14 dates with yesterday’s absence and today’s lateness', async () => {
    const { days } = await fixedDashboard();
    expect(days.map((day) => day.date)).toEqual(
      Array.from({ length: 14 }, (_, index) => `2026-03-${String(5 + index).padStart(2, '0')}`),
    );
    expect(days.at(-2)).toEqual({ date: YESTERDAY, planned: 4, present: 3, late: 0, absent: 1 });
    expect(days.at(-1)).toEqual({ date: TODAY, planned: 4, present: 3, late: 1, absent: 0 });
    // Before the first check everybody planned was absent (the vacation began on the 16th).
    expect(days[0]).toEqual({ date: '2026-03-05', planned: 5, present: 0, late: 0, absent: 5 });
  });

  it('breaks today down by branch: each branch counts its own employees', async () => {
    const { branches } = await fixedDashboard();
    expect(branches).toEqual([
      {
        branchId: annex.id,
        title: 'Склад',
        planned: 1,
        present: 0,
        late: 0,
        notArrived: 1,
        absent: 0,
        onDayOff: 0,
      },
      {
        branchId: main.id,
        title: 'Центральный',
        planned: 3,
        present: 2,
        late: 1,
        notArrived: 0,
        absent: 0,
        onDayOff: 1,
      },
    ]);
  });

  it('lists today’s checks by their latest event, with the late mark on the late arrival', async () => {
    const { latestChecks } = await fixedDashboard();
    expect(latestChecks.map((item) => [item.id, item.late])).toEqual([
      [checkIds.absentYesterday, false],
      [checkIds.late, true],
      [checkIds.present, false],
    ]);
    const late = latestChecks[1]!;
    expect(late.branchTitle).toBe('Центральный');
    expect(late.employeeId).toBe(staff.late);
    expect(late.employeeName).toMatch(/^Петров/);
    // Instants carry the branch's offset: the wall time reads off the string.
    expect(late.checkInDateTime).toBe(at(TODAY, '09:20'));
    expect(late.checkOutDateTime).toBeNull();
    expect(latestChecks[0]!.checkOutDateTime).toBe(at(TODAY, '11:00'));
  });

  it('turns the not arrived into absent once the shift is over', async () => {
    const evening = Date.parse(`${TODAY}T19:00:00+03:00`);
    const service = createDashboardService({ db: t.database.db, now: () => evening });
    const dashboard = await service.getDashboard({
      userId: company.adminUserId,
      sessionId: 'test',
      companyId: company.companyId,
      employeeId: 0,
      role: 'ADMIN',
      impersonatorId: null,
      scope: COMPANY_SCOPE,
    });
    expect(dashboard.today).toMatchObject({ notArrived: 0, absent: 1, late: 1, present: 2 });
  });
});
