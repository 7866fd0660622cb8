import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PgSession } from 'drizzle-orm/pg-core';
import {
  BulkCalendarResultSchema,
  CalendarViolationsResponseSchema,
  CompanySchema,
  ErrorResponseSchema,
  RosterDeleteResultSchema,
  RosterEntrySchema,
  decodeCalendar,
  CalendarResponseSchema,
} from '@smena/contract';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createCompany, login, type TestCompany } from '../../../test/factories.ts';

let t: TestApp;
let company: TestCompany;
let token: string;
let ann: number;
let boris: number;
let clara: number;
const crew: number[] = [];

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
/** A Saturday shift: rest from Friday 18:00 to Saturday 09:00, then to Monday 09:00 — 40 hours. */
const SATURDAY = [{ start: '09:00', end: '17:00' }];
/** As long as the schedule's working day: nothing new on a working date. */
const PLAIN_DAY = [{ start: '10:00', end: '18:00', breakMinutes: 60 }];

async function post(url: string, payload: Record<string, unknown>) {
  const response = await call(t.app, { method: 'POST', url, token, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.data as { id: number };
}

function putRoster(
  employeeId: number,
  date: string,
  shifts: { start: string; end: string; breakMinutes?: number }[],
  as = token,
) {
  return call(t.app, {
    method: 'PUT',
    url: '/api/v1/roster',
    token: as,
    payload: { employeeId, date, shifts },
  });
}

function bulk(payload: Record<string, unknown>, as = token) {
  return call(t.app, { method: 'POST', url: '/api/v1/calendar/bulk', token: as, payload });
}

async function setEnforcement(value: 'WARN' | 'BLOCK') {
  const response = await call(t.app, {
    method: 'PATCH',
    url: '/api/v1/profile/company',
    token,
    payload: { planRuleEnforcement: value },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(CompanySchema.parse(response.data).planRuleEnforcement).toBe(value);
}

/** The kind of an employee's plan of a date, as the calendar shows it. */
async function kindOf(employeeId: number, date: string) {
  const response = await call(t.app, {
    method: 'GET',
    url: `/api/v1/calendar?from=${date}&to=${date}&limit=100`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  const grid = decodeCalendar(CalendarResponseSchema.parse(response.data));
  const row = grid.employees.find((employee) => employee.employeeId === employeeId);
  return row?.days[0]?.kind;
}

async function violationCodes(employeeId: number) {
  const response = await call(t.app, {
    method: 'GET',
    url: '/api/v1/calendar/violations?month=2026-03',
    token,
  });
  const body = CalendarViolationsResponseSchema.parse(response.data);
  return (body.employees.find((employee) => employee.employeeId === employeeId)?.violations ?? [])
    .map((violation) => `${violation.code} ${violation.from}`)
    .sort();
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  token = company.admin.tokens.accessToken;
  const schedule = await post('/api/v1/schedules', {
    title: 'Пятидневка',
    definition: FIVE_TWO,
    color: '#52c41a',
  });
  for (const lastName of ['Антонова', 'Борисов', 'Воронова', 'Громов', 'Данилов', 'Егоров']) {
    const added = await addMember(t.database.db, company.companyId, 'EMPLOYEE', { lastName });
    crew.push(added.employee.id);
  }
  [ann, boris, clara] = crew as [number, number, number];
  await post('/api/v1/schedule-assignments', {
    employeeIds: crew,
    scheduleId: schedule.id,
    effectiveFrom: '2025-01-01',
  });
});
afterAll(async () => {
  await t.close();
});

describe('«Проверки ТК РФ при планировании»', () => {
  it('is a company setting the admin changes: warnings by default', async () => {
    const read = await call(t.app, { method: 'GET', url: '/api/v1/profile/company', token });
    expect(CompanySchema.parse(read.data).planRuleEnforcement).toBe('WARN');
    const bad = await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/profile/company',
      token,
      payload: { planRuleEnforcement: 'SOMETIMES' },
    });
    expect(bad.statusCode).toBe(422);
    const manager = await addMember(t.database.db, company.companyId, 'MANAGER');
    const managerToken = (await login(t.app, manager.user.email)).accessToken;
    const byManager = await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/profile/company',
      token: managerToken,
      payload: { planRuleEnforcement: 'BLOCK' },
    });
    expect(byManager.statusCode).toBe(403);
  });

  it('warns: the change is saved and answers the violations it brought', async () => {
    const response = await putRoster(ann, '2026-03-14', SATURDAY);
    expect(response.statusCode, response.body).toBe(200);
    const entry = RosterEntrySchema.parse(response.data);
    expect(entry.violations.map((v) => `${v.code} ст. ${v.article} ${v.from}..${v.to}`)).toEqual(
      expect.arrayContaining(['WEEKLY_REST ст. 110 2026-03-09..2026-03-15']),
    );
    expect(entry.violations[0]).toMatchObject({
      employeeId: ann,
      name: expect.stringContaining('Антонова'),
    });
    expect(entry.violations.every((v) => v.message.length > 0)).toBe(true);
    expect(await kindOf(ann, '2026-03-14')).toBe('WORK');
  });

  it('hard stop: refuses a change that breaks art. 110 with 422 and writes nothing', async () => {
    await setEnforcement('BLOCK');
    const response = await putRoster(boris, '2026-03-21', SATURDAY);
    expect(response.statusCode, response.body).toBe(422);
    const body = ErrorResponseSchema.parse(response.data);
    expect(body.code).toBe('PLAN_RULES_VIOLATED');
    expect(body.message).toContain('ст. 110');
    expect(body.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          employeeId: boris,
          code: 'WEEKLY_REST',
          article: '110',
          from: '2026-03-16',
          to: '2026-03-22',
        }),
      ]),
    );
    expect(await kindOf(boris, '2026-03-21')).toBe('REST');
    expect(await violationCodes(boris)).toEqual([]);
  });

  it('hard stop: a violation already in the plan does not block an unrelated edit', async () => {
    // Ann's Saturday of 14 March (saved while warnings were on) stays a violation.
    expect(await violationCodes(ann)).toContain('WEEKLY_REST 2026-03-09');
    const response = await putRoster(ann, '2026-03-25', PLAIN_DAY);
    expect(response.statusCode, response.body).toBe(200);
    expect(RosterEntrySchema.parse(response.data).violations).toEqual([]);
    // Removing it again brings nothing new either.
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/roster?employeeId=${ann}&date=2026-03-25`,
      token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(RosterDeleteResultSchema.parse(removed.data)).toEqual({ ok: true, violations: [] });
  });

  it('hard stop in bulk: the employee whose cells break a rule is refused, the others written', async () => {
    const response = await bulk({
      cells: [
        { employeeId: boris, date: '2026-03-21' },
        { employeeId: clara, date: '2026-03-24' },
      ],
      action: { kind: 'shift', shifts: PLAIN_DAY },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = BulkCalendarResultSchema.parse(response.data);
    expect(result.succeeded).toBe(1);
    expect(result.violations).toEqual([]);
    expect(result.failed).toEqual([
      expect.objectContaining({ employeeId: boris, date: '2026-03-21' }),
    ]);
    expect(result.failed[0]!.reason).toContain('ст. 110');
    expect(await kindOf(boris, '2026-03-21')).toBe('REST');
    expect(await kindOf(clara, '2026-03-24')).toBe('WORK');
    const roster = await call(t.app, {
      method: 'GET',
      url: `/api/v1/calendar?from=2026-03-24&to=2026-03-24&limit=100`,
      token,
    });
    const grid = decodeCalendar(CalendarResponseSchema.parse(roster.data));
    const claraDay = grid.employees.find((employee) => employee.employeeId === clara)!.days[0]!;
    expect(claraDay.kind === 'WORK' && claraDay.shifts[0]?.start).toContain('T10:00');
  });

  it('hard stop in a copied week: the employee whose copy breaks a rule is refused', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/calendar/copy-week',
      token,
      payload: { weekStart: '2026-03-09', until: '2026-03-22', employeeIds: [ann, clara] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = BulkCalendarResultSchema.parse(response.data);
    expect(result.succeeded).toBe(1);
    expect(result.failed).toEqual([expect.objectContaining({ employeeId: ann })]);
    expect(result.failed[0]!.reason).toContain('ст. 110');
    expect(await kindOf(ann, '2026-03-21')).toBe('REST');
  });

  it('warns in bulk: the cells are saved and the violations answered', async () => {
    await setEnforcement('WARN');
    const response = await bulk({
      cells: [{ employeeId: boris, date: '2026-03-21' }],
      action: { kind: 'shift', shifts: SATURDAY },
    });
    const result = BulkCalendarResultSchema.parse(response.data);
    expect(result).toMatchObject({ succeeded: 1, failed: [] });
    expect(result.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ employeeId: boris, code: 'WEEKLY_REST', article: '110' }),
      ]),
    );
    expect(await kindOf(boris, '2026-03-21')).toBe('WORK');
    // Clearing the cell is not a new violation: the schedule's Saturday is a rest day again.
    const cleared = await bulk({
      cells: [{ employeeId: boris, date: '2026-03-21' }],
      action: { kind: 'clear' },
    });
    expect(BulkCalendarResultSchema.parse(cleared.data)).toEqual({
      succeeded: 1,
      failed: [],
      violations: [],
    });
  });

  it('is for the company’s admins and managers only', async () => {
    const foreign = await createCompany(t.app);
    const foreignToken = foreign.admin.tokens.accessToken;
    const foreignBulk = await bulk(
      {
        cells: [{ employeeId: clara, date: '2026-03-26' }],
        action: { kind: 'shift', shifts: SATURDAY },
      },
      foreignToken,
    );
    expect(foreignBulk.statusCode).toBe(404);
    const foreignDelete = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/roster?employeeId=${clara}&date=2026-03-24`,
      token: foreignToken,
    });
    expect(foreignDelete.statusCode).toBe(404);
    // The roster's own answer for someone else's employee: a field error, nothing written.
    expect((await putRoster(clara, '2026-03-26', SATURDAY, foreignToken)).statusCode).toBe(422);
    expect(await kindOf(clara, '2026-03-26')).toBe('WORK');
    expect(await kindOf(clara, '2026-03-24')).toBe('WORK');

    const employee = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const employeeToken = (await login(t.app, employee.user.email)).accessToken;
    expect((await putRoster(clara, '2026-03-28', SATURDAY, employeeToken)).statusCode).toBe(403);
    expect(
      (
        await bulk(
          { cells: [{ employeeId: clara, date: '2026-03-28' }], action: { kind: 'dayOff' } },
          employeeToken,
        )
      ).statusCode,
    ).toBe(403);
    const anonymous = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      payload: { employeeId: clara, date: '2026-03-28', shifts: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks a bulk write in a fixed number of queries whatever the number of employees', async () => {
    const session = (t.database.db as unknown as { session: PgSession }).session;
    // Transactions and savepoints run on sessions of their own: count on the prototype.
    const spy = vi.spyOn(Object.getPrototypeOf(session) as PgSession, 'prepareQuery');
    const queriesOf = async (employeeIds: number[], date: string) => {
      spy.mockClear();
      const response = await bulk({
        cells: employeeIds.map((employeeId) => ({ employeeId, date })),
        action: { kind: 'shift', shifts: SATURDAY },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(BulkCalendarResultSchema.parse(response.data).violations.length).toBeGreaterThan(0);
      return spy.mock.calls.length;
    };
    try {
      const one = await queriesOf([crew[3]!], '2026-03-07');
      const four = await queriesOf(crew.slice(2, 6), '2026-03-28');
      expect(one).toBeGreaterThan(0);
      expect(four).toBe(one);
    } finally {
      spy.mockRestore();
    }
  });
});
