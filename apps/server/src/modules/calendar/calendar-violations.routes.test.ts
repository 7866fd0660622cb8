import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PgSession } from 'drizzle-orm/pg-core';
import { CalendarViolationsResponseSchema } from '@smena/contract';
import { employeeBranches } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addManager,
  addMember,
  createCompany,
  login,
  type TestCompany,
} from '../../../test/factories.ts';

let t: TestApp;
let company: TestCompany;
let token: string;
let north: number;
let south: number;
/** Night shift then a day shift at once (art. 103), and over the month's norm. */
let nightThenDay: number;
/** Works Saturday: 40 hours of weekly rest (art. 110), and over the norm. */
let saturday: number;
/** The plain 5/2 month: nothing to say. */
let lawful: number;

const FIVE_TWO = {
  type: 'FIXED',
  days: Array.from({ length: 7 }, (_, i) => ({
    working: i < 5,
    start: '09:00',
    end: '18:00',
    breakMinutes: 60,
  })),
  followsProductionCalendar: true,
};

async function post(url: string, payload: Record<string, unknown>) {
  const response = await call(t.app, { method: 'POST', url, token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.data.id as number;
}

async function roster(employeeId: number, date: string, shifts: { start: string; end: string }[]) {
  const response = await call(t.app, {
    method: 'PUT',
    url: '/api/v1/roster',
    token,
    payload: { employeeId, date, shifts },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function violations(query: string, as = token) {
  return call(t.app, { method: 'GET', url: `/api/v1/calendar/violations?${query}`, token: as });
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  token = company.admin.tokens.accessToken;
  north = await post('/api/v1/branches', { title: 'Северный', latitude: 55.8, longitude: 37.6 });
  south = await post('/api/v1/branches', { title: 'Южный', latitude: 55.6, longitude: 37.6 });
  const schedule = await post('/api/v1/schedules', {
    title: 'Пятидневка',
    definition: FIVE_TWO,
    color: '#52c41a',
  });
  const people: number[] = [];
  for (const lastName of ['Андреев', 'Белов', 'Волков']) {
    const added = await addMember(t.database.db, company.companyId, 'EMPLOYEE', { lastName });
    people.push(added.employee.id);
  }
  [nightThenDay, saturday, lawful] = people as [number, number, number];
  await t.database.db.insert(employeeBranches).values([
    { companyId: company.companyId, employeeId: nightThenDay, branchId: north },
    { companyId: company.companyId, employeeId: saturday, branchId: south },
    { companyId: company.companyId, employeeId: lawful, branchId: north },
  ]);
  const assigned = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token,
    payload: { employeeIds: people, scheduleId: schedule, effectiveFrom: '2025-01-01' },
  });
  expect(assigned.statusCode, assigned.body).toBeLessThan(300);
  // Tuesday night 20:00–08:00 instead of the day, then Wednesday from 08:00.
  await roster(nightThenDay, '2026-03-10', [{ start: '20:00', end: '08:00' }]);
  await roster(nightThenDay, '2026-03-11', [{ start: '08:00', end: '16:00' }]);
  // Saturday 09:00–17:00: rest until Monday 09:00 is 40 hours.
  await roster(saturday, '2026-03-14', [{ start: '09:00', end: '17:00' }]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /calendar/violations', () => {
  it('lists each employee’s violations of the month with the article and dates', async () => {
    const response = await violations('month=2026-03');
    expect(response.statusCode, response.body).toBe(200);
    const body = CalendarViolationsResponseSchema.parse(response.data);
    const summary = body.employees.map((employee) => ({
      employeeId: employee.employeeId,
      found: employee.violations.map((v) => `${v.code} ст. ${v.article} ${v.from}..${v.to}`),
    }));
    expect(summary).toEqual([
      {
        employeeId: nightThenDay,
        found: [
          'OVER_MONTH_NORM ст. 91 2026-03-01..2026-03-31',
          'SHIFTS_IN_A_ROW ст. 103 2026-03-10..2026-03-11',
        ],
      },
      {
        employeeId: saturday,
        found: [
          'OVER_MONTH_NORM ст. 91 2026-03-01..2026-03-31',
          'WEEKLY_REST ст. 110 2026-03-09..2026-03-15',
        ],
      },
    ]);
    expect(body.total).toBe(4);
    expect(body.employees[0]!.name).toContain('Андреев');
    const rest = body.employees[1]!.violations[1]!;
    expect(rest.message).toBe(
      'Самый долгий непрерывный отдых за неделю — 40 ч, а по статье 110 ТК РФ он должен быть ' +
        'не меньше 42 ч.',
    );
    // 21 working days of 8 hours, one of them 12: 172 hours against 168.
    expect(body.employees[0]!.violations[0]!.message).toContain('Запланировано 172 ч');
  });

  it('filters by branch, and a month without roster changes has nothing', async () => {
    const northOnly = CalendarViolationsResponseSchema.parse(
      (await violations(`month=2026-03&branchId=${north}`)).data,
    );
    expect(northOnly.employees.map((employee) => employee.employeeId)).toEqual([nightThenDay]);
    const april = CalendarViolationsResponseSchema.parse((await violations('month=2026-04')).data);
    expect(april).toEqual({ month: '2026-04', total: 0, employees: [] });
  });

  it('shows a manager only their people', async () => {
    const northManager = await addManager(
      t.app,
      t.database.db,
      { companyId: company.companyId, adminToken: token },
      { kind: 'UNITS', branchIds: [north] },
    );
    const own = CalendarViolationsResponseSchema.parse(
      (await violations('month=2026-03', northManager.token)).data,
    );
    expect(own.employees.map((employee) => employee.employeeId)).toEqual([nightThenDay]);
    const other = await violations(`month=2026-03&branchId=${south}`, northManager.token);
    expect(other.statusCode).toBe(200);
    expect(other.data).toEqual({ month: '2026-03', total: 0, employees: [] });
  });

  it('answers 404 for another company’s branch or department and shows it nothing', async () => {
    const foreign = await createCompany(t.app);
    const foreignToken = foreign.admin.tokens.accessToken;
    const branch = await violations(`month=2026-03&branchId=${north}`, foreignToken);
    expect(branch.statusCode).toBe(404);
    const department = await call(t.app, {
      method: 'POST',
      url: '/api/v1/departments',
      token,
      payload: { title: 'Склад' },
    });
    const byDepartment = await violations(
      `month=2026-03&departmentId=${department.data.id}`,
      foreignToken,
    );
    expect(byDepartment.statusCode).toBe(404);
    const all = await violations('month=2026-03', foreignToken);
    expect(all.data).toEqual({ month: '2026-03', total: 0, employees: [] });
  });

  it('is for admins and managers, signed in', async () => {
    const employee = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const employeeToken = (await login(t.app, employee.user.email)).accessToken;
    expect((await violations('month=2026-03', employeeToken)).statusCode).toBe(403);
    const anonymous = await call(t.app, {
      method: 'GET',
      url: '/api/v1/calendar/violations?month=2026-03',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads a fixed number of queries whatever the number of employees', async () => {
    const session = (t.database.db as unknown as { session: PgSession }).session;
    const spy = vi.spyOn(session, 'prepareQuery');
    const queriesOfOneRead = async () => {
      spy.mockClear();
      expect((await violations('month=2026-03')).statusCode).toBe(200);
      return spy.mock.calls.length;
    };
    try {
      const before = await queriesOfOneRead();
      for (let i = 0; i < 5; i++) {
        const added = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
        await t.database.db.insert(employeeBranches).values({
          companyId: company.companyId,
          employeeId: added.employee.id,
          branchId: south,
        });
        await roster(added.employee.id, '2026-03-14', [{ start: '09:00', end: '17:00' }]);
      }
      const after = await queriesOfOneRead();
      expect(before).toBeGreaterThan(0);
      expect(after).toBe(before);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 422 with the field for a bad month or filter', async () => {
    for (const query of ['', 'month=2026-13', 'month=2026-3', 'month=2026-03&branchId=abc']) {
      const response = await violations(query);
      expect(response.statusCode, query).toBe(422);
    }
    const bad = await violations('month=2026-13');
    expect(bad.data.details).toEqual([expect.objectContaining({ field: 'month' })]);
  });
});
