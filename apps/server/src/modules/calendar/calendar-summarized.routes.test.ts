import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarSummarizedResponseSchema,
  CalendarViolationsResponseSchema,
} from '@smena/contract';
import { dayOffs, employeeBranches } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addManager,
  addMember,
  createCompany,
  login,
  type TestCompany,
} from '../../../test/factories.ts';

/**
 * Summarized accounting in «Календарь» (decision 030). Сидоров is on 5/2 with a quarter as the
 * accounting period, a vacation 16.02–01.03 and a Saturday shift of 16 hours on 14 March:
 * Q1 2026 plans 46 days × 8 h + 16 h = 384 h against a norm of 440 − 72 = 368 h. Петров has the
 * same 5/2 with ordinary accounting.
 */
const H = 60;
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

let t: TestApp;
let company: TestCompany;
let token: string;
let sidorov: number;
let petrov: number;
let north: number;

async function post(url: string, payload: Record<string, unknown>) {
  const response = await call(t.app, { method: 'POST', url, token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.data.id as number;
}

function get(url: string, as: string | null = token) {
  return call(t.app, { method: 'GET', url, token: as ?? undefined });
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  token = company.admin.tokens.accessToken;
  const { companyId } = company;
  north = await post('/api/v1/branches', { title: 'Северный', latitude: 55.8, longitude: 37.6 });
  const quarter = await post('/api/v1/schedules', {
    title: 'Пятидневка, квартал',
    definition: FIVE_TWO,
    accountingPeriod: 'QUARTER',
  });
  const ordinary = await post('/api/v1/schedules', { title: 'Пятидневка', definition: FIVE_TWO });
  sidorov = (await addMember(t.database.db, companyId, 'EMPLOYEE', { lastName: 'Сидоров' }))
    .employee.id;
  petrov = (await addMember(t.database.db, companyId, 'EMPLOYEE', { lastName: 'Петров' })).employee
    .id;
  await t.database.db.insert(employeeBranches).values([
    { companyId, employeeId: sidorov, branchId: north },
    { companyId, employeeId: petrov, branchId: north },
  ]);
  for (const [employeeIds, scheduleId] of [
    [[sidorov], quarter],
    [[petrov], ordinary],
  ] as const) {
    const assigned = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedule-assignments',
      token,
      payload: { employeeIds, scheduleId, effectiveFrom: '2026-01-01' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  await t.database.db.insert(dayOffs).values({
    companyId,
    employeeId: sidorov,
    type: 'VACATION',
    dateFrom: '2026-02-16',
    dateTo: '2026-03-01',
    status: 'APPROVED',
  });
  for (const employeeId of [sidorov, petrov]) {
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token,
      payload: { employeeId, date: '2026-03-14', shifts: [{ start: '06:00', end: '22:00' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /calendar/summarized', () => {
  it('gives the quarter’s planned hours against its norm, only for summarized employees', async () => {
    for (const month of ['2026-01', '2026-03']) {
      const response = await get(`/api/v1/calendar/summarized?month=${month}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(CalendarSummarizedResponseSchema.parse(response.data)).toEqual({
        month,
        employees: [
          {
            employeeId: sidorov,
            name: expect.stringContaining('Сидоров'),
            period: 'QUARTER',
            from: '2026-01-01',
            to: '2026-03-31',
            plannedMinutes: 384 * H,
            normMinutes: 368 * H,
          },
        ],
      });
    }
    const april = await get('/api/v1/calendar/summarized?month=2026-04');
    // Q2: 61 working days, 493 h, all planned.
    expect(april.data.employees).toEqual([
      expect.objectContaining({
        from: '2026-04-01',
        plannedMinutes: 493 * H,
        normMinutes: 493 * H,
      }),
    ]);
  });

  it('answers a limited manager with their scope, and refuses others', async () => {
    const limited = await addManager(
      t.app,
      t.database.db,
      { companyId: company.companyId, adminToken: token },
      {
        kind: 'UNITS',
        branchIds: [
          await post('/api/v1/branches', { title: 'Южный', latitude: 55.6, longitude: 37.6 }),
        ],
      },
    );
    const scoped = await get('/api/v1/calendar/summarized?month=2026-03', limited.token);
    expect(scoped.statusCode).toBe(200);
    expect(scoped.data.employees).toEqual([]);
    const employee = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const employeeToken = (await login(t.app, employee.user.email)).accessToken;
    expect((await get('/api/v1/calendar/summarized?month=2026-03', employeeToken)).statusCode).toBe(
      403,
    );
    expect((await get('/api/v1/calendar/summarized?month=2026-03', null)).statusCode).toBe(401);
    const stranger = await createCompany(t.app);
    const foreign = await get(
      `/api/v1/calendar/summarized?month=2026-03&branchId=${north}`,
      stranger.admin.tokens.accessToken,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/v1/calendar/summarized?month=2026-13')).statusCode).toBe(422);
  });
});

describe('GET /calendar/violations under summarized accounting', () => {
  it('judges the quarter’s norm and allows a 16-hour shift; the rest rules still apply', async () => {
    const response = await get('/api/v1/calendar/violations?month=2026-03');
    expect(response.statusCode, response.body).toBe(200);
    const body = CalendarViolationsResponseSchema.parse(response.data);
    const found = (employeeId: number) =>
      body.employees
        .find((employee) => employee.employeeId === employeeId)
        ?.violations.map((v) => `${v.code} ст. ${v.article} ${v.from}..${v.to}`);
    // Saturday 22:00 to Monday 09:00 is 35 hours of rest, under either accounting.
    expect(found(sidorov)).toEqual([
      'OVER_MONTH_NORM ст. 104 2026-01-01..2026-03-31',
      'WEEKLY_REST ст. 110 2026-03-09..2026-03-15',
    ]);
    expect(found(petrov)).toEqual([
      'OVER_MONTH_NORM ст. 91 2026-03-01..2026-03-31',
      'WEEKLY_REST ст. 110 2026-03-09..2026-03-15',
      'LONG_SHIFT ст. 94 2026-03-14..2026-03-14',
    ]);
  });
});
