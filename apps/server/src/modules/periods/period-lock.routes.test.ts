import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@smena/contract';
import { addDays, localDateOf, weekdayIndex } from '@smena/time';
import { departments, employees } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import {
  MOSCOW,
  createApiKey,
  createBranch,
  linkBranch,
  memberWithToken,
  minutesAgo,
} from '../checks/checks.test-helpers.ts';
import { createPeriodLock } from './periods.lock.ts';

/**
 * Decision 022: an approved month refuses every write that changes attendance of its dates,
 * route family by route family, and only for the units it was approved for.
 */
let t: TestApp;
let company: TestCompany;
let adminToken: string;
let lockedBranch: { id: number };
let openBranch: { id: number };
let locked: Awaited<ReturnType<typeof memberWithToken>>;
let open: Awaited<ReturnType<typeof memberWithToken>>;
let apiKey: string;
let scheduleId: number;
/** A check, an approved day-off and a schedule assignment of `locked`, made before the approval. */
let checkId: number;
let dayOffId: number;
let assignmentId: number;
let requestIds: number[];

const TIMEZONE = 'Europe/Moscow';
const today = localDateOf(Date.now(), TIMEZONE);
const thisMonth = today.slice(0, 7);
const lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
/** A date of the approved months, a day before today's month. */
const lockedDate = `${lastMonth}-10`;

function send(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload: unknown,
  token = adminToken,
) {
  return call(t.app, {
    method,
    url: `/api/v1${url}`,
    token,
    payload: payload as Record<string, unknown>,
  });
}

function expectLocked(response: { statusCode: number; data: { code?: string; message?: string } }) {
  expect(response.statusCode, JSON.stringify(response.data)).toBe(409);
  expect(response.data.code).toBe(ErrorCode.PERIOD_LOCKED);
  expect(response.data.message).toMatch(/^Месяц \d{4}-\d{2} утверждён и закрыт для изменений/);
}

async function approve(month: string, unit: Record<string, number>) {
  expect((await send('POST', '/month-periods/submit', { month, ...unit })).statusCode).toBe(200);
  expect((await send('POST', '/month-periods/approve', { month, ...unit })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  lockedBranch = await createBranch(t, adminToken, { timezone: TIMEZONE });
  openBranch = await createBranch(t, adminToken, { timezone: TIMEZONE });
  locked = await memberWithToken(t, company.companyId, 'EMPLOYEE');
  open = await memberWithToken(t, company.companyId, 'EMPLOYEE');
  await linkBranch(t, company.companyId, locked.employeeId, lockedBranch.id);
  await linkBranch(t, company.companyId, open.employeeId, openBranch.id);
  apiKey = (await createApiKey(t, adminToken)).secret;

  const check = await send('POST', '/checks/create', {
    employeeId: locked.employeeId,
    branchId: lockedBranch.id,
    checkInDateTime: minutesAgo(30),
    checkOutDateTime: minutesAgo(20),
  });
  expect(check.statusCode, check.body).toBe(201);
  checkId = check.data.id;
  const dayOff = await send('POST', '/weekends', {
    employeeId: locked.employeeId,
    type: 'VACATION',
    from: `${lastMonth}-20`,
    to: `${lastMonth}-21`,
    comment: '',
  });
  expect(dayOff.statusCode, dayOff.body).toBe(201);
  dayOffId = dayOff.data.id;
  requestIds = [];
  for (const day of ['24', '26']) {
    const request = await send(
      'POST',
      '/weekends/request',
      { type: 'VACATION', from: `${lastMonth}-${day}`, to: `${lastMonth}-${day}`, comment: '' },
      locked.token,
    );
    expect(request.statusCode, request.body).toBe(201);
    requestIds.push(request.data.id);
  }
  const schedule = await send('POST', '/schedules', {
    title: 'Пятидневка',
    definition: {
      type: 'FIXED',
      days: Array.from({ length: 7 }, (_, index) => ({
        working: index < 5,
        start: '09:00',
        end: '18:00',
        breakMinutes: 60,
      })),
    },
  });
  expect(schedule.statusCode, schedule.body).toBe(201);
  scheduleId = schedule.data.id;
  await send('POST', '/schedule-assignments', {
    employeeIds: [locked.employeeId],
    scheduleId,
    effectiveFrom: `${lastMonth}-01`,
  });
  const assignments = await call(t.app, {
    method: 'GET',
    url: `/api/v1/employees/${locked.employeeId}/schedule-assignments`,
    token: adminToken,
  });
  assignmentId = assignments.data?.items?.[0]?.id;

  const checkedIn = await send('POST', '/checks/check-in', MOSCOW, locked.token);
  expect(checkedIn.statusCode, checkedIn.body).toBe(201);

  // Both months: a check made minutes ago may fall on either side of a month's first midnight.
  await approve(lastMonth, { branchId: lockedBranch.id });
  await approve(thisMonth, { branchId: lockedBranch.id });
});
afterAll(async () => {
  await t.close();
});

describe('an approved month', () => {
  it('refuses a manager’s check, its correction and its deletion', async () => {
    expectLocked(
      await send('POST', '/checks/create', {
        employeeId: locked.employeeId,
        branchId: lockedBranch.id,
        checkInDateTime: minutesAgo(15),
        checkOutDateTime: minutesAgo(10),
      }),
    );
    expectLocked(
      await send('PATCH', `/checks/${checkId}`, {
        checkOutDateTime: minutesAgo(19),
        reason: 'Ушёл раньше',
      }),
    );
    expectLocked(await send('DELETE', `/checks/${checkId}`, { reason: 'Ошибочная отметка' }));
    // Another branch's month is open.
    const other = await send('POST', '/checks/create', {
      employeeId: open.employeeId,
      branchId: openBranch.id,
      checkInDateTime: minutesAgo(15),
      checkOutDateTime: minutesAgo(10),
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('refuses the employee’s own check-in and check-out and a terminal’s punch', async () => {
    expectLocked(await send('POST', '/checks/check-in', MOSCOW, locked.token));
    expectLocked(await send('POST', '/checks/check-out', MOSCOW, locked.token));
    const punch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/checks/punch',
      token: apiKey,
      payload: {
        branchId: lockedBranch.id,
        deviceEventId: `lock-${locked.employeeId}`,
        employeeId: locked.employeeId,
        time: minutesAgo(5),
      },
    });
    expectLocked(punch);

    // The refused punches reach the deviations inbox as «после закрытия периода» (decision 024).
    const inbox = await call(t.app, {
      method: 'GET',
      url: `/api/v1/deviations?from=${thisMonth}-01&to=${today}&employeeId=${locked.employeeId}&type=AFTER_CLOSE`,
      token: adminToken,
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.data.items).toHaveLength(1);
    // The own check-in, the own check-out and the terminal's punch, all of today.
    expect(inbox.data.items[0]).toMatchObject({ date: today, type: 'AFTER_CLOSE', amount: 3 });
  });

  it('refuses a batch item of the month, writing the others', async () => {
    const response = await send('POST', '/checks/batch', {
      items: [
        {
          idempotencyKey: `lock-a-${locked.employeeId}`,
          employeeId: locked.employeeId,
          branchId: lockedBranch.id,
          checkInDateTime: minutesAgo(9),
          checkOutDateTime: minutesAgo(8),
        },
        {
          idempotencyKey: `lock-b-${open.employeeId}`,
          employeeId: open.employeeId,
          branchId: openBranch.id,
          checkInDateTime: minutesAgo(9),
          checkOutDateTime: minutesAgo(8),
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data).toMatchObject({ created: 1, refused: 1 });
    expect(response.data.items[0]).toMatchObject({
      result: 'refused',
      error: { statusCode: 409, code: ErrorCode.PERIOD_LOCKED },
    });
    expect(response.data.items[1].result).toBe('created');
  });

  it('refuses day-offs: a new one, the approval, a change and the deletion of an approved one', async () => {
    expectLocked(
      await send('POST', '/weekends', {
        employeeId: locked.employeeId,
        type: 'SICKLEAVE',
        from: lockedDate,
        to: lockedDate,
        comment: '',
      }),
    );
    // Company-wide: any unit's approval keeps it.
    expectLocked(
      await send('POST', '/weekends', {
        employeeId: null,
        type: 'HOLIDAY',
        from: lockedDate,
        to: lockedDate,
        comment: '',
      }),
    );
    expectLocked(await send('POST', `/weekends/${requestIds[0]}/approve`, {}));
    // A rejection changes no date.
    expect((await send('POST', `/weekends/${requestIds[1]}/reject`, {})).statusCode).toBe(200);
    expectLocked(
      await send(
        'POST',
        '/weekends/request',
        { type: 'VACATION', from: lockedDate, to: lockedDate, comment: '' },
        locked.token,
      ),
    );
    expectLocked(await send('PATCH', `/weekends/${dayOffId}`, { to: `${lastMonth}-22` }));
    expectLocked(await send('DELETE', `/weekends/${dayOffId}`, undefined));
  });

  it('refuses a day of the company calendar: it is every unit’s', async () => {
    expectLocked(await send('PUT', `/calendar/days/${lockedDate}`, { kind: 'HOLIDAY' }));
  });

  it('refuses roster cells, bulk cells and a copied week, reporting them per item', async () => {
    expectLocked(
      await send('PUT', '/roster', {
        employeeId: locked.employeeId,
        date: lockedDate,
        shifts: [{ start: '10:00', end: '16:00' }],
      }),
    );
    const bulk = await send('POST', '/calendar/bulk', {
      cells: [
        { employeeId: locked.employeeId, date: lockedDate },
        { employeeId: open.employeeId, date: lockedDate },
      ],
      action: { kind: 'shift', shifts: [{ start: '10:00', end: '16:00' }] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.data.succeeded).toBe(1);
    expect(bulk.data.failed).toEqual([
      expect.objectContaining({
        employeeId: locked.employeeId,
        date: lockedDate,
        reason: expect.stringContaining(`Месяц ${lastMonth} утверждён`),
      }),
    ]);
    // A week of the month before the approved one, copied into it.
    const firstOfLast = `${lastMonth}-01`;
    const weekStart = addDays(firstOfLast, -7 - weekdayIndex(firstOfLast));
    const copy = await send('POST', '/calendar/copy-week', {
      weekStart,
      until: lockedDate,
      employeeIds: [locked.employeeId],
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.data).toEqual({
      succeeded: 0,
      failed: [
        expect.objectContaining({
          employeeId: locked.employeeId,
          reason: expect.stringContaining('утверждён'),
        }),
      ],
      violations: [],
    });
  });

  it('refuses the T-13 manual codes of its dates', async () => {
    expectLocked(
      await send('PUT', '/reports/report-card/days', {
        employeeId: locked.employeeId,
        date: lockedDate,
        entries: [{ code: 'ПР', minutes: null }],
        reason: 'Прогул',
      }),
    );
    expectLocked(
      await send('DELETE', '/reports/report-card/days', {
        employeeId: locked.employeeId,
        date: lockedDate,
        reason: 'Ошибка',
      }),
    );
  });

  it('refuses a schedule assigned from a date on or before it, and removing one', async () => {
    expectLocked(
      await send('POST', '/schedule-assignments', {
        employeeIds: [locked.employeeId],
        scheduleId,
        effectiveFrom: lockedDate,
      }),
    );
    expect(assignmentId).toEqual(expect.any(Number));
    expectLocked(await send('DELETE', `/schedule-assignments/${assignmentId}`, undefined));
    // From next month on, nothing approved changes.
    const nextMonth = addDays(`${thisMonth}-28`, 7).slice(0, 7);
    const later = await send('POST', '/schedule-assignments', {
      employeeIds: [locked.employeeId],
      scheduleId,
      effectiveFrom: `${nextMonth}-01`,
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('refuses an imported hire date that moves employment across it', async () => {
    const [year, month] = lastMonth.split('-');
    const header =
      'Фамилия;Имя;Отчество;Табельный номер;Телефон;Email;Филиалы;Отдел;Должность;Дата приёма';
    const line = [
      locked.user.lastName,
      locked.user.firstName,
      '',
      '',
      locked.user.phone,
      locked.user.email,
      '',
      '',
      '',
      `15.${month}.${year}`,
    ].join(';');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees/import',
      token: adminToken,
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from(`${header}\r\n${line}`, 'utf8'),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.data.details).toContainEqual({
      field: 'rows.2.hireDate',
      message: expect.stringContaining(`Месяц ${lastMonth} утверждён`),
    });
  });

  it('refuses moving employment dates across it: a hire date, a dismissal, a return', async () => {
    expectLocked(
      await send('PATCH', `/employees/${locked.employeeId}`, { hireDate: `${lastMonth}-05` }),
    );
    // A dismissal takes the codes of the dates after it: in an approved month that is refused,
    // for one employee and in bulk; an employee of another branch is dismissed.
    expectLocked(
      await send('POST', `/employees/${locked.employeeId}/dismiss`, {
        dismissedAt: `${lastMonth}-15`,
        reason: '',
      }),
    );
    const other = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    await linkBranch(t, company.companyId, other.employeeId, openBranch.id);
    const dismissed = await send('POST', `/employees/${other.employeeId}/dismiss`, {
      dismissedAt: `${lastMonth}-15`,
      reason: '',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    // Brought back into an approved branch's months, it would get codes there again.
    await linkBranch(t, company.companyId, other.employeeId, lockedBranch.id);
    expectLocked(await send('POST', `/employees/${other.employeeId}/restore`, {}));
  });

  it('covers the sub-departments of an approved department', async () => {
    const [parent] = await t.database.db
      .insert(departments)
      .values({ companyId: company.companyId, title: 'Производство' })
      .returning();
    const [child] = await t.database.db
      .insert(departments)
      .values({ companyId: company.companyId, title: 'Цех 1', parentId: parent!.id })
      .returning();
    const worker = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    await t.database.db
      .update(employees)
      .set({ departmentId: child!.id })
      .where(eq(employees.id, worker.employeeId));
    const month = '2026-02';
    await approve(month, { departmentId: parent!.id });
    expectLocked(
      await send('PUT', '/roster', {
        employeeId: worker.employeeId,
        date: `${month}-10`,
        shifts: [{ start: '10:00', end: '16:00' }],
      }),
    );
  });

  it('answers any number of subjects in one query, reading instants in the employee’s zone', async () => {
    const east = await createBranch(t, adminToken, { timezone: 'Asia/Vladivostok' });
    const sailor = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    await linkBranch(t, company.companyId, sailor.employeeId, east.id);
    await approve('2025-03', { branchId: east.id });
    const lock = createPeriodLock(t.database.db);
    const execute = vi.spyOn(t.database.db, 'execute');
    const answers = await lock.findLockedMonths(company.companyId, [
      // 01.03.2025 01:00 in Vladivostok, still February in UTC.
      { employeeId: sailor.employeeId, instants: [Date.parse('2025-02-28T15:00:00Z')] },
      // 28.02.2025 23:00 there.
      { employeeId: sailor.employeeId, instants: [Date.parse('2025-02-28T13:00:00Z')] },
      { employeeId: sailor.employeeId, from: '2025-01-20', to: '2025-04-02' },
      { employeeId: locked.employeeId, from: lockedDate, to: lockedDate },
      { employeeId: open.employeeId, from: lockedDate, to: lockedDate },
      { employeeId: null, from: '2025-03-31', to: '2025-03-31' },
      { employeeId: null, from: '2024-01-01', to: '2024-12-31' },
      // Not the company's: the write itself answers 404.
      { employeeId: 2_000_000_000, from: lockedDate, to: lockedDate },
    ]);
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();
    expect(answers).toEqual(['2025-03', null, '2025-03', lastMonth, null, '2025-03', null, null]);
  });

  it('takes writes again once an admin reopens it', async () => {
    const reopened = await send('POST', '/month-periods/reopen', {
      month: lastMonth,
      branchId: lockedBranch.id,
      reason: 'Нужно исправить отпуск',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const roster = await send('PUT', '/roster', {
      employeeId: locked.employeeId,
      date: lockedDate,
      shifts: [{ start: '10:00', end: '16:00' }],
    });
    expect(roster.statusCode, roster.body).toBe(200);
  });
});
