import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssignScheduleResultSchema,
  EmployeePlanSchema,
  ScheduleAssignmentListSchema,
  ScheduleSchema,
  SchedulesPageSchema,
} from '@smena/contract';
import { employeeBranches } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  unique,
  type TestCompany,
} from '../../../test/factories.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
});
afterAll(async () => {
  await t.close();
});

const week = (working: number[], start = '09:00', end = '18:00', breakMinutes = 60) =>
  Array.from({ length: 7 }, (_, i) => ({ working: working.includes(i), start, end, breakMinutes }));

const FIVE_TWO = { type: 'FIXED', days: week([0, 1, 2, 3, 4]) };
const NIGHT = { type: 'NIGHT', days: week([0, 1, 2, 3, 4], '20:00', '08:00', 60) };
const TWO_TWO = (anchorDate: string) => ({
  type: 'DYNAMIC',
  anchorDate,
  cycle: [
    { working: true, start: '08:00', end: '20:00', breakMinutes: 60 },
    { working: true, start: '08:00', end: '20:00', breakMinutes: 60 },
    { working: false, start: '08:00', end: '20:00', breakMinutes: 0 },
    { working: false, start: '08:00', end: '20:00', breakMinutes: 0 },
  ],
});

async function member(role: 'MANAGER' | 'EMPLOYEE', companyId = company.companyId) {
  const added = await addMember(t.database.db, companyId, role);
  const tokens = await login(t.app, added.user.email);
  return { ...added, token: tokens.accessToken };
}

async function createSchedule(definition: unknown, overrides: Record<string, unknown> = {}) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token: adminToken,
    payload: { title: `График ${unique()}`, definition, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ScheduleSchema.parse(response.data);
}

async function assign(employeeIds: number[], scheduleId: number | null, effectiveFrom: string) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token: adminToken,
    payload: { employeeIds, scheduleId, effectiveFrom },
  });
  expect(response.statusCode, response.body).toBe(200);
  return AssignScheduleResultSchema.parse(response.data);
}

async function planOf(employeeId: number, from: string, to: string, token = adminToken) {
  const response = await call(t.app, {
    method: 'GET',
    url: `/api/v1/employees/${employeeId}/plan?from=${from}&to=${to}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return EmployeePlanSchema.parse(response.data);
}

describe('schedules CRUD', () => {
  it('creates, reads, lists, updates and deletes a schedule', async () => {
    const title = `Пятидневка ${unique()}`;
    const created = await createSchedule(FIVE_TWO, { title, color: '#00AA55' });
    expect(created).toMatchObject({ title, type: 'FIXED', color: '#00aa55', employeeCount: 0 });
    expect(created.definition).toMatchObject({ type: 'FIXED', followsProductionCalendar: true });

    const read = await call(t.app, {
      method: 'GET',
      url: `/api/v1/schedules/${created.id}`,
      token: adminToken,
    });
    expect(ScheduleSchema.parse(read.data)).toEqual(created);

    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/schedules?search=${encodeURIComponent(title)}`,
      token: adminToken,
    });
    const page = SchedulesPageSchema.parse(list.data);
    expect(page.total).toBe(1);
    expect(page.items[0]?.id).toBe(created.id);

    const updated = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/schedules/${created.id}`,
      token: adminToken,
      payload: { title: `${title} (ночь)`, definition: NIGHT },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.data).toMatchObject({ title: `${title} (ночь)`, type: 'NIGHT' });

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/schedules/${created.id}`,
      token: adminToken,
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await call(t.app, {
      method: 'GET',
      url: `/api/v1/schedules/${created.id}`,
      token: adminToken,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('filters the list by type', async () => {
    await createSchedule(TWO_TWO('2026-01-01'));
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/schedules?type=DYNAMIC&limit=1000',
      token: adminToken,
    });
    const page = SchedulesPageSchema.parse(response.data);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.type === 'DYNAMIC')).toBe(true);
  });

  it('answers 422 with field paths for a bad definition', async () => {
    const days = week([0, 1, 2, 3, 4]);
    days[0] = { working: true, start: '18:00', end: '09:00', breakMinutes: 0 };
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: adminToken,
      payload: { title: 'Плохой', definition: { type: 'FIXED', days }, color: 'red' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.code).toBe('VALIDATION_ERROR');
    const fields = response.data.details.map((detail: { field: string }) => detail.field);
    expect(fields).toContain('definition.days.0.end');
    expect(fields).toContain('color');
    expect(response.data.details).toContainEqual({
      field: 'definition.days.0.end',
      message: 'Конец смены должен быть позже начала',
    });

    const short = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: adminToken,
      payload: { title: 'Короткий', definition: { type: 'FIXED', days: days.slice(0, 6) } },
    });
    expect(short.statusCode).toBe(422);
    expect(short.data.details).toContainEqual({
      field: 'definition.days',
      message: 'Укажите 7 дней недели: с понедельника по воскресенье',
    });

    const noWork = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: adminToken,
      payload: {
        title: 'Без смен',
        definition: {
          type: 'DYNAMIC',
          anchorDate: '2026-01-01',
          cycle: [{ working: false, start: '09:00', end: '18:00' }],
        },
      },
    });
    expect(noWork.statusCode).toBe(422);
    expect(noWork.data.details).toContainEqual({
      field: 'definition.cycle',
      message: 'В цикле должна быть хотя бы одна рабочая смена',
    });
  });

  it('keeps summarized accounting’s period, changes and clears it, and refuses an unknown one', async () => {
    const ordinary = await createSchedule(FIVE_TWO);
    expect(ordinary.accountingPeriod).toBeNull();
    const schedule = await createSchedule(FIVE_TWO, { accountingPeriod: 'HALF_YEAR' });
    expect(schedule.accountingPeriod).toBe('HALF_YEAR');
    const patch = (payload: Record<string, unknown>) =>
      call(t.app, {
        method: 'PATCH',
        url: `/api/v1/schedules/${schedule.id}`,
        token: adminToken,
        payload,
      });
    const toYear = await patch({ accountingPeriod: 'YEAR' });
    expect(toYear.statusCode, toYear.body).toBe(200);
    expect(ScheduleSchema.parse(toYear.data).accountingPeriod).toBe('YEAR');
    // A title alone leaves the period as it is.
    expect(
      ScheduleSchema.parse((await patch({ title: `График ${unique()}` })).data).accountingPeriod,
    ).toBe('YEAR');
    const cleared = await patch({ accountingPeriod: null });
    expect(ScheduleSchema.parse(cleared.data).accountingPeriod).toBeNull();
    const bad = await patch({ accountingPeriod: 'WEEK' });
    expect(bad.statusCode).toBe(422);
    expect(bad.data.details).toEqual([
      expect.objectContaining({ field: 'accountingPeriod', message: 'Выберите учётный период' }),
    ]);
  });

  it('answers 409 when the title is taken, whatever the case', async () => {
    const first = await createSchedule(FIVE_TWO);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: adminToken,
      payload: { title: first.title.toUpperCase(), definition: FIVE_TWO },
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.message).toBe('График с таким названием уже есть');
  });

  it('lets every member read and only admins and managers write', async () => {
    const employee = await member('EMPLOYEE');
    const manager = await member('MANAGER');
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/schedules',
      token: employee.token,
    });
    expect(list.statusCode).toBe(200);
    const denied = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: employee.token,
      payload: { title: 'Мой', definition: FIVE_TWO },
    });
    expect(denied.statusCode).toBe(403);
    const byManager = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: manager.token,
      payload: { title: `От менеджера ${unique()}`, definition: FIVE_TWO },
    });
    expect(byManager.statusCode).toBe(201);
    const assignDenied = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedule-assignments',
      token: employee.token,
      payload: {
        employeeIds: [employee.employee.id],
        scheduleId: null,
        effectiveFrom: '2026-01-01',
      },
    });
    expect(assignDenied.statusCode).toBe(403);
  });

  it('refuses to delete a schedule that was assigned (409)', async () => {
    const schedule = await createSchedule(FIVE_TWO);
    const employee = await member('EMPLOYEE');
    await assign([employee.employee.id], schedule.id, '2020-01-01');
    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/schedules/${schedule.id}`,
      token: adminToken,
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.message).toBe('График назначен сотрудникам');
  });
});

describe('assignments and plans', () => {
  it('counts employees whose current assignment is the schedule', async () => {
    const a = await createSchedule(FIVE_TWO);
    const b = await createSchedule(FIVE_TWO);
    const first = await member('EMPLOYEE');
    const second = await member('EMPLOYEE');
    await assign([first.employee.id, second.employee.id], a.id, '2020-01-01');
    // A future assignment does not change today's count; a past one does.
    await assign([first.employee.id], b.id, '2099-01-01');
    await assign([second.employee.id], b.id, '2021-01-01');
    const readA = await call(t.app, {
      method: 'GET',
      url: `/api/v1/schedules/${a.id}`,
      token: adminToken,
    });
    const readB = await call(t.app, {
      method: 'GET',
      url: `/api/v1/schedules/${b.id}`,
      token: adminToken,
    });
    expect(readA.data.employeeCount).toBe(1);
    expect(readB.data.employeeCount).toBe(1);
  });

  it('keeps the previous schedule for dates before effectiveFrom', async () => {
    const fiveTwo = await createSchedule(FIVE_TWO);
    const twoTwo = await createSchedule(TWO_TWO('2026-02-01'));
    const employee = await member('EMPLOYEE');
    await assign([employee.employee.id], fiveTwo.id, '2026-01-01');
    await assign([employee.employee.id], twoTwo.id, '2026-02-01');

    const plan = await planOf(employee.employee.id, '2026-01-29', '2026-02-05');
    expect(plan.map((day) => [day.date, day.kind])).toEqual([
      ['2026-01-29', 'WORK'], // Thursday, 5/2
      ['2026-01-30', 'WORK'], // Friday
      ['2026-01-31', 'REST'], // Saturday
      ['2026-02-01', 'WORK'], // Sunday: 2/2 from its anchor
      ['2026-02-02', 'WORK'],
      ['2026-02-03', 'REST'],
      ['2026-02-04', 'REST'],
      ['2026-02-05', 'WORK'],
    ]);
    expect(plan[0]?.shifts).toEqual([
      {
        start: '2026-01-29T09:00:00+03:00',
        end: '2026-01-29T18:00:00+03:00',
        breakMinutes: 60,
        plannedMinutes: 480,
      },
    ]);
    expect(plan[3]?.shifts[0]).toMatchObject({
      start: '2026-02-01T08:00:00+03:00',
      end: '2026-02-01T20:00:00+03:00',
      plannedMinutes: 660,
    });

    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${employee.employee.id}/schedule-assignments`,
      token: adminToken,
    });
    const items = ScheduleAssignmentListSchema.parse(history.data).items;
    expect(
      items.map((item) => [item.effectiveFrom, item.scheduleTitle, item.scheduleType]),
    ).toEqual([
      ['2026-02-01', twoTwo.title, 'DYNAMIC'],
      ['2026-01-01', fiveTwo.title, 'FIXED'],
    ]);
  });

  it('changes a schedule from a date and keeps what the dates before were', async () => {
    const schedule = await createSchedule(FIVE_TWO);
    const employee = await member('EMPLOYEE');
    await assign([employee.employee.id], schedule.id, '2026-01-01');
    const edit = (payload: Record<string, unknown>) =>
      call(t.app, {
        method: 'PATCH',
        url: `/api/v1/schedules/${schedule.id}`,
        token: adminToken,
        payload,
      });

    const tenToSeven = { type: 'FIXED', days: week([0, 1, 2, 3, 4], '10:00', '19:00') };
    const changed = await edit({ definition: tenToSeven, effectiveFrom: '2026-03-02' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ScheduleSchema.parse(changed.data).definitionFrom).toBe('2026-03-02');
    const starts = async () =>
      (await planOf(employee.employee.id, '2026-02-26', '2026-03-03'))
        .filter((day) => day.kind === 'WORK')
        .map((day) => day.shifts[0]!.start);
    expect(await starts()).toEqual([
      '2026-02-26T09:00:00+03:00',
      '2026-02-27T09:00:00+03:00',
      '2026-03-02T10:00:00+03:00',
      '2026-03-03T10:00:00+03:00',
    ]);

    // Not before the last change; a second change on the same date replaces the first.
    const early = await edit({ definition: FIVE_TWO, effectiveFrom: '2026-03-01' });
    expect(early.statusCode).toBe(422);
    expect(early.data.details).toEqual([
      { field: 'effectiveFrom', message: 'Не раньше 2026-03-02: с этой даты график уже изменён' },
    ]);
    const eleven = { type: 'FIXED', days: week([0, 1, 2, 3, 4], '11:00', '20:00') };
    expect((await edit({ definition: eleven, effectiveFrom: '2026-03-02' })).statusCode).toBe(200);
    expect((await starts()).slice(1)).toEqual([
      '2026-02-27T09:00:00+03:00',
      '2026-03-02T11:00:00+03:00',
      '2026-03-03T11:00:00+03:00',
    ]);

    // A title alone or the same definition leaves the history as it was.
    const renamed = await edit({ title: `${schedule.title} (новый)`, definition: eleven });
    expect(ScheduleSchema.parse(renamed.data).definitionFrom).toBe('2026-03-02');
    expect((await edit({ effectiveFrom: '2026-04-01' })).statusCode).toBe(422);
  });

  it('changes a schedule nobody had before the date everywhere', async () => {
    const schedule = await createSchedule(FIVE_TWO);
    const employee = await member('EMPLOYEE');
    await assign([employee.employee.id], schedule.id, '2026-05-01');
    const response = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/schedules/${schedule.id}`,
      token: adminToken,
      payload: { definition: NIGHT, effectiveFrom: '2026-04-01' },
    });
    expect(ScheduleSchema.parse(response.data)).toMatchObject({
      type: 'NIGHT',
      definitionFrom: null,
    });
    const plan = await planOf(employee.employee.id, '2026-05-04', '2026-05-04');
    expect(plan[0]!.shifts[0]!.start).toBe('2026-05-04T20:00:00+03:00');
  });

  it('replaces the assignment of the same date and ends a schedule with null', async () => {
    const fiveTwo = await createSchedule(FIVE_TWO);
    const night = await createSchedule(NIGHT);
    const employee = await member('EMPLOYEE');
    await assign([employee.employee.id], fiveTwo.id, '2026-03-02');
    await assign([employee.employee.id], night.id, '2026-03-02');
    await assign([employee.employee.id], null, '2026-03-04');

    const plan = await planOf(employee.employee.id, '2026-03-01', '2026-03-04');
    expect(plan.map((day) => day.kind)).toEqual(['NO_SCHEDULE', 'WORK', 'WORK', 'NO_SCHEDULE']);
    // A night shift belongs to the day it starts on and ends the next morning.
    expect(plan[1]?.shifts[0]).toMatchObject({
      start: '2026-03-02T20:00:00+03:00',
      end: '2026-03-03T08:00:00+03:00',
      plannedMinutes: 660,
    });
    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${employee.employee.id}/schedule-assignments`,
      token: adminToken,
    });
    expect(history.data.items).toHaveLength(2);
    expect(history.data.items[1]).toMatchObject({ scheduleId: night.id });

    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/schedule-assignments/${history.data.items[0].id}`,
      token: adminToken,
    });
    expect(removed.statusCode).toBe(200);
    const after = await planOf(employee.employee.id, '2026-03-04', '2026-03-04');
    expect(after[0]?.kind).toBe('WORK');
  });

  it('follows the production calendar: holidays and shortened days', async () => {
    const fiveTwo = await createSchedule(FIVE_TWO);
    const employee = await member('EMPLOYEE');
    await assign([employee.employee.id], fiveTwo.id, '2025-12-01');
    const january = await planOf(employee.employee.id, '2026-01-01', '2026-01-12');
    expect(january.slice(0, 8).every((day) => day.kind === 'HOLIDAY')).toBe(true);
    expect(january[8]).toMatchObject({ date: '2026-01-09', kind: 'REST' }); // transferred day off
    expect(january[11]).toMatchObject({ date: '2026-01-12', kind: 'WORK' });
    const shortened = await planOf(employee.employee.id, '2026-11-03', '2026-11-03');
    expect(shortened[0]).toMatchObject({ kind: 'WORK', shortened: true });
    expect(shortened[0]?.shifts[0]?.end).toBe('2026-11-03T17:00:00+03:00');
  });

  it("plans in the time zone of the employee's first branch", async () => {
    const fiveTwo = await createSchedule(FIVE_TWO);
    const employee = await member('EMPLOYEE');
    const branch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/branches',
      token: adminToken,
      payload: {
        title: `Екатеринбург ${unique()}`,
        latitude: 56.8,
        longitude: 60.6,
        timezone: 'Asia/Yekaterinburg',
      },
    });
    await t.database.db.insert(employeeBranches).values({
      companyId: company.companyId,
      employeeId: employee.employee.id,
      branchId: branch.data.id,
    });
    await assign([employee.employee.id], fiveTwo.id, '2026-01-01');
    const plan = await planOf(employee.employee.id, '2026-01-12', '2026-01-12');
    expect(plan[0]?.shifts[0]?.start).toBe('2026-01-12T09:00:00+05:00');
  });

  it('answers 422 for employees or schedules of another company', async () => {
    const other = await createCompany(t.app);
    const stranger = await addMember(t.database.db, other.companyId, 'EMPLOYEE');
    const mine = await member('EMPLOYEE');
    const schedule = await createSchedule(FIVE_TWO);
    const foreignEmployee = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedule-assignments',
      token: adminToken,
      payload: {
        employeeIds: [mine.employee.id, stranger.employee.id],
        scheduleId: schedule.id,
        effectiveFrom: '2026-01-01',
      },
    });
    expect(foreignEmployee.statusCode).toBe(422);
    expect(foreignEmployee.data.details).toEqual([
      { field: 'employeeIds.1', message: 'Сотрудник не найден' },
    ]);

    const otherSchedule = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: other.admin.tokens.accessToken,
      payload: { title: 'Чужой', definition: FIVE_TWO },
    });
    const foreignSchedule = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedule-assignments',
      token: adminToken,
      payload: {
        employeeIds: [mine.employee.id],
        scheduleId: otherSchedule.data.id,
        effectiveFrom: '2026-01-01',
      },
    });
    expect(foreignSchedule.statusCode).toBe(422);
    expect(foreignSchedule.data.details[0].field).toBe('scheduleId');

    const foreignPlan = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${stranger.employee.id}/plan?from=2026-01-01&to=2026-01-02`,
      token: adminToken,
    });
    expect(foreignPlan.statusCode).toBe(404);
  });

  it('validates the range of a plan', async () => {
    const employee = await member('EMPLOYEE');
    const tooLong = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${employee.employee.id}/plan?from=2026-01-01&to=2026-03-31`,
      token: adminToken,
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.data.details).toContainEqual({
      field: 'to',
      message: 'Период не длиннее 62 дней',
    });
    const reversed = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${employee.employee.id}/plan?from=2026-01-10&to=2026-01-01`,
      token: adminToken,
    });
    expect(reversed.statusCode).toBe(422);
  });

  it('gives an employee their own plan, and not anybody else’s', async () => {
    const schedule = await createSchedule(FIVE_TWO);
    const employee = await member('EMPLOYEE');
    const colleague = await member('EMPLOYEE');
    await assign([employee.employee.id], schedule.id, '2026-01-01');
    const own = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/plan?from=2026-01-12&to=2026-01-18',
      token: employee.token,
    });
    expect(own.statusCode).toBe(200);
    const days = EmployeePlanSchema.parse(own.data);
    expect(days.map((day) => day.kind)).toEqual([
      'WORK',
      'WORK',
      'WORK',
      'WORK',
      'WORK',
      'REST',
      'REST',
    ]);
    const other = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${colleague.employee.id}/plan?from=2026-01-12&to=2026-01-18`,
      token: employee.token,
    });
    expect(other.statusCode).toBe(403);
  });
});
