import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { BulkResultSchema, CalendarResponseSchema, decodeCalendar } from '@smena/contract';
import {
  branches,
  departments,
  dayOffs,
  employeeBranches,
  employees,
  rosterShifts,
  scheduleAssignments,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  unique,
  type TestCompany,
} from '../../../test/factories.ts';
import { dateRuns, rosterOfPlan } from './bulk-calendar.service.ts';

/** Decision 019: bulk actions over employees and calendar cells, item by item, inside the scope. */
let t: TestApp;
let company: TestCompany;
let adminToken: string;
let north: number;
let south: number;
let scheduleId: number;

const FIVE_TWO = {
  type: 'FIXED',
  days: Array.from({ length: 7 }, (_, i) => ({
    working: i < 5,
    start: '09:00',
    end: '18:00',
    breakMinutes: 60,
  })),
};

async function makeBranch(title: string): Promise<number> {
  const [row] = await t.database.db
    .insert(branches)
    .values({
      companyId: company.companyId,
      title: `${title} ${unique()}`,
      latitude: 55.75,
      longitude: 37.62,
      timezone: 'Europe/Moscow',
    })
    .returning();
  return row!.id;
}

async function member(
  lastName: string,
  branchId?: number,
  role: 'EMPLOYEE' | 'MANAGER' = 'EMPLOYEE',
) {
  const added = await addMember(t.database.db, company.companyId, role, { lastName });
  if (branchId) {
    await t.database.db
      .insert(employeeBranches)
      .values({ companyId: company.companyId, employeeId: added.employee.id, branchId });
  }
  return added;
}

function post(token: string | undefined, url: string, payload: object) {
  return call(t.app, { method: 'POST', url: `/api/v1${url}`, token, payload });
}

async function statusOf(employeeId: number) {
  const [row] = await t.database.db
    .select({ status: employees.status, departmentId: employees.departmentId })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row!;
}

async function calendarOf(token: string, from: string, to: string) {
  const response = await call(t.app, {
    method: 'GET',
    url: `/api/v1/calendar?from=${from}&to=${to}&limit=100`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return decodeCalendar(CalendarResponseSchema.parse(response.data));
}

let northManagerToken: string;
let unscopedIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  north = await makeBranch('Север');
  south = await makeBranch('Юг');
  const schedule = await post(adminToken, '/schedules', {
    title: 'Пятидневка',
    definition: FIVE_TWO,
    color: '#52c41a',
  });
  expect(schedule.statusCode, schedule.body).toBe(201);
  scheduleId = schedule.data.id;
  const manager = await member('Менеджеров', undefined, 'MANAGER');
  const scope = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/employees/${manager.employee.id}/manager-scope`,
    token: adminToken,
    payload: { kind: 'UNITS', branchIds: [north] },
  });
  expect(scope.statusCode, scope.body).toBe(200);
  northManagerToken = (await login(t.app, manager.user.email)).accessToken;
  unscopedIds = [];
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/v1/employees/bulk', () => {
  it('dismisses each employee on its own and lists the refused ones with reasons', async () => {
    const a = await member('Дмитриев', north);
    const b = await member('Егоров', north);
    const gone = await member('Жуков', north);
    await t.database.db
      .update(employees)
      .set({ status: 'DISMISSED', dismissedAt: '2025-01-10' })
      .where(eq(employees.id, gone.employee.id));
    // Hired after the date: the service's own rule refuses this one only.
    const late = await member('Зайцев', north);
    await t.database.db
      .update(employees)
      .set({ hireDate: '2026-05-01' })
      .where(eq(employees.id, late.employee.id));

    const response = await post(adminToken, '/employees/bulk', {
      action: 'dismiss',
      employeeIds: [a.employee.id, b.employee.id, gone.employee.id, late.employee.id],
      dismissedAt: '2026-03-01',
      reason: 'Сокращение',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = BulkResultSchema.parse(response.data);
    expect(result.succeeded).toBe(2);
    expect(result.failed).toEqual(
      expect.arrayContaining([
        {
          employeeId: gone.employee.id,
          name: expect.stringContaining('Жуков'),
          reason: 'Сотрудник уже уволен',
        },
        {
          employeeId: late.employee.id,
          name: expect.stringContaining('Зайцев'),
          reason: 'Дата увольнения раньше даты приёма',
        },
      ]),
    );
    expect((await statusOf(a.employee.id)).status).toBe('DISMISSED');
    expect((await statusOf(b.employee.id)).status).toBe('DISMISSED');
    // The refused one is untouched: no half-applied dismissal.
    expect(await statusOf(late.employee.id)).toEqual({ status: 'ACTIVE', departmentId: null });
  });

  it('keeps the last active admin and ends the dismissed people’s sessions', async () => {
    const own = await createCompany(t.app);
    const second = await addMember(t.database.db, own.companyId, 'ADMIN', { lastName: 'Второй' });
    const worker = await addMember(t.database.db, own.companyId, 'EMPLOYEE', {
      lastName: 'Рабочий',
    });
    const workerToken = (await login(t.app, worker.user.email)).accessToken;
    const [firstAdmin] = await t.database.db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.companyId, own.companyId), eq(employees.role, 'ADMIN')))
      .orderBy(employees.id)
      .limit(1);
    const response = await post(own.admin.tokens.accessToken, '/employees/bulk', {
      action: 'dismiss',
      employeeIds: [second.employee.id, worker.employee.id, firstAdmin!.id],
      dismissedAt: '2026-03-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.succeeded).toBe(2);
    // Employees are taken in the list's order (by name): whichever admin comes last stays.
    expect(response.data.failed).toEqual([
      {
        employeeId: expect.any(Number),
        name: expect.any(String),
        reason: 'Нельзя снять последнего администратора компании',
      },
    ]);
    const kept = response.data.failed[0].employeeId as number;
    expect([firstAdmin!.id, second.employee.id]).toContain(kept);
    expect((await statusOf(kept)).status).toBe('ACTIVE');
    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: workerToken,
    });
    expect(profile.statusCode).toBe(401);
  });

  it('moves the employees to a department and refuses an unknown one before anything', async () => {
    const [department] = await t.database.db
      .insert(departments)
      .values({ companyId: company.companyId, title: `Склад ${unique()}` })
      .returning();
    const a = await member('Ильин', north);
    const b = await member('Кириллов', south);
    const moved = await post(adminToken, '/employees/bulk', {
      action: 'move',
      employeeIds: [a.employee.id, b.employee.id],
      departmentId: department!.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.data).toEqual({ succeeded: 2, failed: [] });
    expect((await statusOf(a.employee.id)).departmentId).toBe(department!.id);
    expect((await statusOf(b.employee.id)).departmentId).toBe(department!.id);

    const other = await createCompany(t.app);
    const [foreign] = await t.database.db
      .insert(departments)
      .values({ companyId: other.companyId, title: 'Чужой' })
      .returning();
    const refused = await post(adminToken, '/employees/bulk', {
      action: 'move',
      employeeIds: [a.employee.id],
      departmentId: foreign!.id,
    });
    expect(refused.statusCode).toBe(422);
    expect((await statusOf(a.employee.id)).departmentId).toBe(department!.id);
  });

  it('assigns a schedule to everyone matching the filter, in one write', async () => {
    const tag = `Фильтров${unique()}`;
    const a = await member(`${tag}А`, north);
    const b = await member(`${tag}Б`, south);
    const response = await post(adminToken, '/employees/bulk', {
      action: 'assignSchedule',
      filter: { search: tag },
      scheduleId,
      effectiveFrom: '2026-03-02',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data).toEqual({ succeeded: 2, failed: [] });
    const rows = await t.database.db
      .select({ employeeId: scheduleAssignments.employeeId })
      .from(scheduleAssignments)
      .where(inArray(scheduleAssignments.employeeId, [a.employee.id, b.employee.id]));
    expect(rows).toHaveLength(2);
  });

  it('sends the invitation again to those who never signed in, and says why not to others', async () => {
    const fresh = await member('Лебедев', north);
    const signedIn = await member('Морозов', north);
    await login(t.app, signedIn.user.email);
    const before = t.sms.length;
    const response = await post(adminToken, '/employees/bulk', {
      action: 'resendInvitations',
      employeeIds: [fresh.employee.id, signedIn.employee.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.succeeded).toBe(1);
    expect(response.data.failed).toEqual([
      {
        employeeId: signedIn.employee.id,
        name: expect.stringContaining('Морозов'),
        reason: 'Сотрудник уже входил в Смену — приглашение не нужно',
      },
    ]);
    const sent = t.sms.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.phone).toBe(fresh.user.phone);
    expect(sent[0]!.text).toContain('Забыли пароль?');
  });

  it('answers 404 and changes nothing when a picked employee is outside the manager’s branches', async () => {
    const mine = await member('Никитин', north);
    const theirs = await member('Орлов', south);
    unscopedIds.push(theirs.employee.id);
    const response = await post(northManagerToken, '/employees/bulk', {
      action: 'dismiss',
      employeeIds: [mine.employee.id, theirs.employee.id],
      dismissedAt: '2026-03-01',
    });
    expect(response.statusCode).toBe(404);
    expect((await statusOf(mine.employee.id)).status).toBe('ACTIVE');
    expect((await statusOf(theirs.employee.id)).status).toBe('ACTIVE');
  });

  it('resolves «all matching the filter» inside the manager’s scope only', async () => {
    const tag = `Область${unique()}`;
    const mine = await member(`${tag}Север`, north);
    const theirs = await member(`${tag}Юг`, south);
    const response = await post(northManagerToken, '/employees/bulk', {
      action: 'dismiss',
      filter: { search: tag },
      dismissedAt: '2026-03-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data).toEqual({ succeeded: 1, failed: [] });
    expect((await statusOf(mine.employee.id)).status).toBe('DISMISSED');
    expect((await statusOf(theirs.employee.id)).status).toBe('ACTIVE');
  });

  it('answers 404 to another company and 401 without a token', async () => {
    const target = await member('Павлов', north);
    const other = await createCompany(t.app);
    const foreign = await post(other.admin.tokens.accessToken, '/employees/bulk', {
      action: 'dismiss',
      employeeIds: [target.employee.id],
      dismissedAt: '2026-03-01',
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await post(undefined, '/employees/bulk', {
      action: 'dismiss',
      employeeIds: [target.employee.id],
      dismissedAt: '2026-03-01',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await statusOf(target.employee.id)).status).toBe('ACTIVE');
  });

  it('caps a request at 1000 employees with a Russian 422', async () => {
    const response = await post(adminToken, '/employees/bulk', {
      action: 'resendInvitations',
      employeeIds: Array.from({ length: 1001 }, (_, i) => i + 1),
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Не больше 1000 сотрудников за раз');
    const both = await post(adminToken, '/employees/bulk', {
      action: 'resendInvitations',
      employeeIds: [1],
      filter: {},
    });
    expect(both.statusCode).toBe(422);
  });
});

describe('GET /api/v1/employees/export?ids=', () => {
  it('exports only the employees picked', async () => {
    const a = await member('Романов', north);
    await member('Сергеев', north);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/employees/export?ids=${a.employee.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(String(sheet.getRow(2).getCell(1).value)).toContain('Романов');
  });
});

describe('POST /api/v1/calendar/bulk', () => {
  it('sets shifts, rest days and the schedule again in a rectangle of cells', async () => {
    const a = await member('Тимофеев', north);
    const b = await member('Устинов', north);
    const cells = [a, b].flatMap((person) =>
      ['2026-03-02', '2026-03-03', '2026-03-04'].map((date) => ({
        employeeId: person.employee.id,
        date,
      })),
    );
    const shift = await post(adminToken, '/calendar/bulk', {
      cells,
      action: { kind: 'shift', shifts: [{ start: '10:00', end: '16:00', breakMinutes: 30 }] },
    });
    expect(shift.statusCode, shift.body).toBe(200);
    expect(shift.data).toEqual({ succeeded: 6, failed: [], violations: [] });
    let grid = await calendarOf(adminToken, '2026-03-02', '2026-03-04');
    for (const person of [a, b]) {
      const row = grid.employees.find((r) => r.employeeId === person.employee.id)!;
      expect(row.days.map((day) => day.kind)).toEqual(['WORK', 'WORK', 'WORK']);
      expect(row.days.every((day) => day.rosterOverride)).toBe(true);
      expect(row.days[0]!.shifts[0]!.start).toContain('T10:00');
    }

    const rest = await post(adminToken, '/calendar/bulk', {
      cells: cells.slice(0, 2),
      action: { kind: 'dayOff' },
    });
    expect(rest.data).toEqual({ succeeded: 2, failed: [], violations: [] });
    grid = await calendarOf(adminToken, '2026-03-02', '2026-03-04');
    const rowA = grid.employees.find((r) => r.employeeId === a.employee.id)!;
    expect(rowA.days.map((day) => day.kind)).toEqual(['REST', 'REST', 'WORK']);

    const clear = await post(adminToken, '/calendar/bulk', { cells, action: { kind: 'clear' } });
    expect(clear.data).toEqual({ succeeded: 6, failed: [], violations: [] });
    const left = await t.database.db
      .select()
      .from(rosterShifts)
      .where(inArray(rosterShifts.employeeId, [a.employee.id, b.employee.id]));
    expect(left).toEqual([]);
  });

  it('records absences per run of days; an overlap refuses that employee’s run only', async () => {
    const a = await member('Федоров', north);
    const b = await member('Харитонов', north);
    await post(adminToken, '/weekends', {
      employeeId: b.employee.id,
      type: 'SICKLEAVE',
      from: '2026-04-07',
      to: '2026-04-07',
    });
    const cells = [a, b].flatMap((person) =>
      ['2026-04-06', '2026-04-07'].map((date) => ({ employeeId: person.employee.id, date })),
    );
    const response = await post(adminToken, '/calendar/bulk', {
      cells,
      action: { kind: 'absence', type: 'VACATION' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.succeeded).toBe(2);
    expect(response.data.failed).toHaveLength(2);
    expect(response.data.failed[0]).toMatchObject({
      employeeId: b.employee.id,
      date: '2026-04-06',
      name: expect.stringContaining('Харитонов'),
      reason: expect.stringContaining('Пересекается с другим отсутствием'),
    });
    const rows = await t.database.db
      .select({
        employeeId: dayOffs.employeeId,
        type: dayOffs.type,
        from: dayOffs.dateFrom,
        to: dayOffs.dateTo,
      })
      .from(dayOffs)
      .where(inArray(dayOffs.employeeId, [a.employee.id, b.employee.id]));
    expect(rows).toEqual(
      expect.arrayContaining([
        { employeeId: a.employee.id, type: 'VACATION', from: '2026-04-06', to: '2026-04-07' },
        { employeeId: b.employee.id, type: 'SICKLEAVE', from: '2026-04-07', to: '2026-04-07' },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('answers 404 and writes nothing when a cell is outside the scope or the company', async () => {
    const mine = await member('Цветков', north);
    const theirs = await member('Чернов', south);
    const scoped = await post(northManagerToken, '/calendar/bulk', {
      cells: [
        { employeeId: mine.employee.id, date: '2026-03-10' },
        { employeeId: theirs.employee.id, date: '2026-03-10' },
      ],
      action: { kind: 'dayOff' },
    });
    expect(scoped.statusCode).toBe(404);
    const other = await createCompany(t.app);
    const foreign = await post(other.admin.tokens.accessToken, '/calendar/bulk', {
      cells: [{ employeeId: mine.employee.id, date: '2026-03-10' }],
      action: { kind: 'dayOff' },
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await post(undefined, '/calendar/bulk', {
      cells: [{ employeeId: mine.employee.id, date: '2026-03-10' }],
      action: { kind: 'dayOff' },
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(rosterShifts)
      .where(inArray(rosterShifts.employeeId, [mine.employee.id, theirs.employee.id]));
    expect(rows).toEqual([]);
    const allowed = await post(northManagerToken, '/calendar/bulk', {
      cells: [{ employeeId: mine.employee.id, date: '2026-03-10' }],
      action: { kind: 'dayOff' },
    });
    expect(allowed.data).toEqual({ succeeded: 1, failed: [], violations: [] });
  });

  it('caps a request at 5000 cells', async () => {
    const cells = Array.from({ length: 5001 }, (_, i) => ({
      employeeId: (i % 50) + 1,
      date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
    }));
    const response = await post(adminToken, '/calendar/bulk', { cells, action: { kind: 'clear' } });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Не больше 5000 ячеек за раз');
  });
});

describe('POST /api/v1/calendar/copy-week', () => {
  it('copies shifts and rest days onto the following weeks; no schedule is reported', async () => {
    const planned = await member('Шаров', north);
    const unplanned = await member('Щукин', north);
    await post(adminToken, '/schedule-assignments', {
      employeeIds: [planned.employee.id],
      scheduleId,
      effectiveFrom: '2026-01-01',
    });
    // The source week: Wednesday made a short roster shift.
    await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token: adminToken,
      payload: {
        employeeId: planned.employee.id,
        date: '2026-03-04',
        shifts: [{ start: '12:00', end: '15:00' }],
      },
    });
    const response = await post(adminToken, '/calendar/copy-week', {
      weekStart: '2026-03-02',
      until: '2026-03-22',
      employeeIds: [planned.employee.id, unplanned.employee.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.succeeded).toBe(1);
    expect(response.data.failed).toEqual([
      {
        employeeId: unplanned.employee.id,
        name: expect.stringContaining('Щукин'),
        reason: expect.stringContaining('копировать нечего'),
      },
    ]);
    const rows = await t.database.db
      .select({ date: rosterShifts.date, shifts: rosterShifts.shifts })
      .from(rosterShifts)
      .where(and(eq(rosterShifts.employeeId, planned.employee.id)));
    // The source day and two copied weeks × 6 days: Sunday 8 March is a holiday, not copied.
    expect(rows).toHaveLength(13);
    expect(rows.some((row) => row.date === '2026-03-15')).toBe(false);
    const byDate = new Map(rows.map((row) => [row.date, row.shifts]));
    expect(byDate.get('2026-03-11')).toEqual([{ start: '12:00', end: '15:00', breakMinutes: 0 }]);
    expect(byDate.get('2026-03-16')).toEqual([{ start: '09:00', end: '18:00', breakMinutes: 60 }]);
    expect(byDate.get('2026-03-21')).toEqual([]);
    expect(byDate.has('2026-03-23')).toBe(false);
  });

  it('refuses a week not starting on Monday and an employee of another branch', async () => {
    const theirs = await member('Юдин', south);
    const notMonday = await post(adminToken, '/calendar/copy-week', {
      weekStart: '2026-03-03',
      until: '2026-03-31',
      employeeIds: [theirs.employee.id],
    });
    expect(notMonday.statusCode).toBe(422);
    const scoped = await post(northManagerToken, '/calendar/copy-week', {
      weekStart: '2026-03-02',
      until: '2026-03-31',
      employeeIds: [theirs.employee.id],
    });
    expect(scoped.statusCode).toBe(404);
    const unknown = await post(northManagerToken, '/calendar/copy-week', {
      weekStart: '2026-03-02',
      until: '2026-03-31',
      employeeIds: unscopedIds,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('bulk calendar helpers', () => {
  it('groups dates into runs of consecutive days', () => {
    expect(
      dateRuns(['2026-03-05', '2026-03-02', '2026-03-03', '2026-03-31', '2026-04-01']),
    ).toEqual([
      { from: '2026-03-02', to: '2026-03-03', dates: ['2026-03-02', '2026-03-03'] },
      { from: '2026-03-05', to: '2026-03-05', dates: ['2026-03-05'] },
      { from: '2026-03-31', to: '2026-04-01', dates: ['2026-03-31', '2026-04-01'] },
    ]);
  });

  it('copies work and rest days only', () => {
    const base = { date: '2026-03-02', shifts: [], shortened: false, rosterOverride: false };
    expect(rosterOfPlan({ ...base, kind: 'REST' })).toEqual([]);
    expect(rosterOfPlan({ ...base, kind: 'DAY_OFF', dayOffType: 'VACATION' })).toBeNull();
    expect(rosterOfPlan({ ...base, kind: 'HOLIDAY' })).toBeNull();
    expect(
      rosterOfPlan({
        ...base,
        kind: 'WORK',
        shifts: [
          {
            start: '2026-03-02T22:00:00+03:00',
            end: '2026-03-03T06:00:00+03:00',
            breakMinutes: 30,
            plannedMinutes: 450,
          },
        ],
      }),
    ).toEqual([{ start: '22:00', end: '06:00', breakMinutes: 30 }]);
  });
});
