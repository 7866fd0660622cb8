import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvailabilityListSchema,
  AvailabilityMarkSchema,
  CalendarResponseSchema,
} from '@smena/contract';
import { addDays, localDateOf } from '@smena/time';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, reportMember } from '../reports/reports.test-helpers.ts';
import { lastDateAhead } from './availability.service.ts';

const BASE = '/api/v1/availability';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branchId: number;
let manager: { token: string; employeeId: number };
let otherManager: { token: string; employeeId: number };
let stranger: TestCompany;
/** Today in the company's zone (Moscow, the registration's default). */
let today: string;

async function employee() {
  const member = await reportMember(t, company.companyId);
  await linkBranch(t, company.companyId, member.employeeId, branchId);
  return member;
}

function put(token: string | undefined, payload: Record<string, unknown>) {
  return call(t.app, { method: 'PUT', url: BASE, token, payload });
}

function list(token: string | undefined, query: string) {
  return call(t.app, { method: 'GET', url: `${BASE}?${query}`, token });
}

function remove(token: string | undefined, query: string) {
  return call(t.app, { method: 'DELETE', url: `${BASE}?${query}`, token });
}

function fieldsOf(response: { data: { details?: { field: string }[] } }) {
  return (response.data.details ?? []).map((detail) => detail.field);
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branchId = (await createBranch(t, adminToken)).id;
  const otherBranchId = (await createBranch(t, adminToken)).id;
  const scoped = { companyId: company.companyId, adminToken };
  manager = await addManager(t.app, t.database.db, scoped, {
    kind: 'UNITS',
    branchIds: [branchId],
  });
  otherManager = await addManager(t.app, t.database.db, scoped, {
    kind: 'UNITS',
    branchIds: [otherBranchId],
  });
  stranger = await createCompany(t.app);
  today = localDateOf(Date.now(), 'Europe/Moscow');
});
afterAll(async () => {
  await t.close();
});

describe('lastDateAhead', () => {
  it('is the last day of the second coming month, across a year and a leap February', () => {
    expect(lastDateAhead('2026-11-26', 2)).toBe('2027-01-31');
    expect(lastDateAhead('2027-12-01', 2)).toBe('2028-02-29');
    expect(lastDateAhead('2026-01-31', 0)).toBe('2026-01-31');
  });
});

describe('an employee’s own marks', () => {
  it('sets, lists, changes and removes a mark', async () => {
    const me = await employee();
    const date = addDays(today, 3);
    const created = await put(me.token, {
      date,
      kind: 'UNAVAILABLE',
      comment: '  К врачу  ',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(AvailabilityMarkSchema.parse(created.data)).toEqual({
      date,
      kind: 'UNAVAILABLE',
      start: null,
      end: null,
      comment: 'К врачу',
    });

    const changed = await put(me.token, {
      date,
      kind: 'PREFER_NOT',
      start: '10:00',
      end: '14:00',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await put(me.token, { date: addDays(today, 5), kind: 'UNAVAILABLE' });

    const listed = await list(me.token, `from=${today}&to=${addDays(today, 30)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const page = AvailabilityListSchema.parse(listed.data);
    expect(page.employeeId).toBe(me.employeeId);
    expect(page.lastDate).toBe(lastDateAhead(today, 2));
    expect(page.items).toEqual([
      { date, kind: 'PREFER_NOT', start: '10:00', end: '14:00', comment: '' },
      { date: addDays(today, 5), kind: 'UNAVAILABLE', start: null, end: null, comment: '' },
    ]);

    const removed = await remove(me.token, `date=${date}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await remove(me.token, `date=${date}`)).statusCode).toBe(404);
    const after = AvailabilityListSchema.parse(
      (await list(me.token, `from=${today}&to=${addDays(today, 30)}`)).data,
    );
    expect(after.items.map((item) => item.date)).toEqual([addDays(today, 5)]);
  });

  it('marks today but not a past date, nor beyond the second coming month (422 on date)', async () => {
    const me = await employee();
    expect((await put(me.token, { date: today, kind: 'UNAVAILABLE' })).statusCode).toBe(200);
    const past = await put(me.token, { date: addDays(today, -1), kind: 'UNAVAILABLE' });
    expect(past.statusCode).toBe(422);
    expect(fieldsOf(past)).toEqual(['date']);
    const far = await put(me.token, {
      date: addDays(lastDateAhead(today, 2), 1),
      kind: 'PREFER_NOT',
    });
    expect(far.statusCode).toBe(422);
    expect(fieldsOf(far)).toEqual(['date']);
    const pastRemoval = await remove(me.token, `date=${addDays(today, -1)}`);
    expect(pastRemoval.statusCode).toBe(422);
  });

  it('answers 422 with the field for a bad kind, time range or comment', async () => {
    const me = await employee();
    const date = addDays(today, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ date, kind: 'MAYBE' }, 'kind'],
      [{ date, kind: 'UNAVAILABLE', start: '10:00' }, 'end'],
      [{ date, kind: 'UNAVAILABLE', start: '14:00', end: '10:00' }, 'end'],
      [{ date, kind: 'UNAVAILABLE', start: '25:00', end: '26:00' }, 'start'],
      [{ date, kind: 'UNAVAILABLE', comment: 'я'.repeat(301) }, 'comment'],
      [{ date: '2026-13-01', kind: 'UNAVAILABLE' }, 'date'],
    ];
    for (const [payload, field] of cases) {
      const response = await put(me.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldsOf(response)).toContain(field);
    }
    const longRange = await list(me.token, `from=${today}&to=${addDays(today, 100)}`);
    expect(longRange.statusCode).toBe(422);
  });

  it('does not mark, list or remove another employee’s dates (404), whatever the role', async () => {
    const me = await employee();
    const colleague = await employee();
    const date = addDays(today, 2);
    await put(colleague.token, { date, kind: 'UNAVAILABLE' });
    for (const token of [me.token, manager.token, adminToken]) {
      const response = await put(token, {
        employeeId: colleague.employeeId,
        date,
        kind: 'PREFER_NOT',
      });
      expect(response.statusCode).toBe(404);
      expect(
        (await remove(token, `date=${date}&employeeId=${colleague.employeeId}`)).statusCode,
      ).toBe(404);
    }
    const peek = await list(
      me.token,
      `from=${today}&to=${date}&employeeId=${colleague.employeeId}`,
    );
    expect(peek.statusCode).toBe(404);
    const theirs = AvailabilityListSchema.parse(
      (await list(colleague.token, `from=${today}&to=${date}`)).data,
    );
    expect(theirs.items).toEqual([
      { date, kind: 'UNAVAILABLE', start: null, end: null, comment: '' },
    ]);
  });
});

describe('managers and tenants', () => {
  it('lets the admin and a manager of the branch read the marks, not a manager of another branch', async () => {
    const member = await employee();
    const date = addDays(today, 4);
    await put(member.token, { date, kind: 'UNAVAILABLE', comment: 'Сессия' });
    const query = `from=${today}&to=${date}&employeeId=${member.employeeId}`;
    for (const token of [adminToken, manager.token]) {
      const response = await list(token, query);
      expect(response.statusCode, response.body).toBe(200);
      expect(AvailabilityListSchema.parse(response.data).items).toHaveLength(1);
    }
    expect((await list(otherManager.token, query)).statusCode).toBe(404);
  });

  it('answers 404 to another company and 401 without a token', async () => {
    const member = await employee();
    const date = addDays(today, 1);
    const strangerToken = stranger.admin.tokens.accessToken;
    expect(
      (await list(strangerToken, `from=${today}&to=${date}&employeeId=${member.employeeId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await put(strangerToken, { employeeId: member.employeeId, date, kind: 'UNAVAILABLE' }))
        .statusCode,
    ).toBe(404);
    expect((await list(undefined, `from=${today}&to=${date}`)).statusCode).toBe(401);
    expect((await put(undefined, { date, kind: 'UNAVAILABLE' })).statusCode).toBe(401);
    expect((await remove(undefined, `date=${date}`)).statusCode).toBe(401);
  });
});

describe('marks on the calendar', () => {
  it('sends each employee’s marks of the range in GET /calendar, within the manager’s scope', async () => {
    const member = await employee();
    const quiet = await employee();
    const date = addDays(today, 6);
    await put(member.token, {
      date,
      kind: 'UNAVAILABLE',
      start: '09:00',
      end: '12:00',
      comment: 'Экзамен',
    });
    await put(member.token, { date: addDays(today, 7), kind: 'PREFER_NOT' });
    const url = `/api/v1/calendar?from=${today}&to=${addDays(today, 6)}&branchId=${branchId}&limit=2000`;

    const response = await call(t.app, { method: 'GET', url, token: manager.token });
    expect(response.statusCode, response.body).toBe(200);
    const grid = CalendarResponseSchema.parse(response.data);
    const row = grid.employees.find((item) => item.employeeId === member.employeeId);
    // The mark of the day after the range stays out.
    expect(row?.availability).toEqual([
      { date, kind: 'UNAVAILABLE', start: '09:00', end: '12:00', comment: 'Экзамен' },
    ]);
    expect(
      grid.employees.find((item) => item.employeeId === quiet.employeeId)?.availability,
    ).toEqual([]);

    const outside = await call(t.app, { method: 'GET', url, token: otherManager.token });
    expect(outside.statusCode, outside.body).toBe(200);
    expect(
      CalendarResponseSchema.parse(outside.data).employees.some(
        (item) => item.employeeId === member.employeeId,
      ),
    ).toBe(false);
  });
});
