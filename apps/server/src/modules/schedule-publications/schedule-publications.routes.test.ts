import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgSession } from 'drizzle-orm/pg-core';
import {
  MyScheduleSchema,
  SchedulePublicationDetailsSchema,
  SchedulePublicationSchema,
  SchedulePublicationStateSchema,
} from '@smena/contract';
import { auditLog, departments, employees, notifications } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken } from '../checks/checks.test-helpers.ts';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let north: { id: number; title: string };
let south: { id: number; title: string };
let scheduleId: number;
let anna: Member;
let boris: Member;
let vera: Member;
let southManager: { token: string; employeeId: number };
let other: TestCompany;

/** Far ahead: publishing it now is on time (art. 103). */
const MONTH = '2030-05';

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

async function member(branchId: number): Promise<Member> {
  const added = await memberWithToken(t, company.companyId, 'EMPLOYEE');
  await linkBranch(t, company.companyId, added.employeeId, branchId);
  const assigned = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token: adminToken,
    payload: { employeeIds: [added.employeeId], scheduleId, effectiveFrom: '2025-01-01' },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return added;
}

function publish(payload: Record<string, unknown>, token: string | null = adminToken) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-publications',
    token: token ?? undefined,
    payload,
  });
}

function state(query: string, token: string | null = adminToken) {
  return call(t.app, {
    method: 'GET',
    url: `/api/v1/schedule-publications?${query}`,
    token: token ?? undefined,
  });
}

function mySchedule(token: string | undefined, from = '2030-05-01', to = '2030-05-14') {
  return call(t.app, {
    method: 'GET',
    url: `/api/v1/profile/schedule?from=${from}&to=${to}`,
    token,
  });
}

function acknowledge(publicationId: number, token: string | undefined) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/profile/schedule/acknowledge',
    token,
    payload: { publicationId },
  });
}

async function notificationsOf(userIds: number[]) {
  return t.database.db
    .select()
    .from(notifications)
    .where(
      and(inArray(notifications.userId, userIds), eq(notifications.kind, 'SCHEDULE_PUBLISHED')),
    );
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  const setting = await call(t.app, {
    method: 'PATCH',
    url: '/api/v1/profile/company',
    token: adminToken,
    payload: { schedulePublication: true },
  });
  expect(setting.statusCode, setting.body).toBe(200);
  expect(setting.data.schedulePublication).toBe(true);
  north = await createBranch(t, adminToken);
  south = await createBranch(t, adminToken);
  const schedule = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token: adminToken,
    payload: { title: 'Пятидневка', definition: FIVE_TWO },
  });
  expect(schedule.statusCode, schedule.body).toBe(201);
  scheduleId = schedule.data.id;
  anna = await member(north.id);
  boris = await member(north.id);
  vera = await member(south.id);
  southManager = await addManager(
    t.app,
    t.database.db,
    { companyId: company.companyId, adminToken },
    { kind: 'UNITS', branchIds: [south.id] },
  );
  other = await createCompany(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('schedule publication', () => {
  let first: number;
  let second: number;
  let publishedSeventh: unknown;

  it('shows an employee nothing of a month that is not published yet', async () => {
    const schedule = await mySchedule(anna.token);
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(MyScheduleSchema.parse(schedule.data)).toMatchObject({
      publication: true,
      days: [],
      months: [{ month: MONTH, publicationId: null, acknowledgedAt: null }],
    });
    const plan = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/plan?from=2030-05-01&to=2030-05-14',
      token: anna.token,
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.data).toEqual([]);
    const attendance = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/attendance?from=2030-05-01&to=2030-05-14&dates=all',
      token: anna.token,
    });
    expect(attendance.statusCode).toBe(200);
    expect(attendance.data.employees[0].days).toEqual([]);
    // The manager plans the draft as before.
    const draft = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${anna.employeeId}/plan?from=2030-05-01&to=2030-05-14`,
      token: adminToken,
    });
    expect(draft.data).toHaveLength(14);
  });

  it('shows the manager a draft and the art. 103 deadline before the first publication', async () => {
    const response = await state(`month=${MONTH}&branchId=${north.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = SchedulePublicationStateSchema.parse(response.data);
    expect(body).toMatchObject({
      enabled: true,
      deadline: '2030-04-01',
      lateNow: false,
      employees: 2,
      versions: [],
    });
    // Before the first version every date of every employee is a change.
    expect(body.changes).toHaveLength(2);
    expect(body.changedDays).toBe(62);
  });

  it('publishes version 1: who and when, on time, every employee of the unit notified', async () => {
    const response = await publish({ month: MONTH, branchId: north.id });
    expect(response.statusCode, response.body).toBe(201);
    const publication = SchedulePublicationSchema.parse(response.data);
    expect(publication).toMatchObject({
      month: MONTH,
      unit: { kind: 'BRANCH', id: north.id, title: north.title },
      version: 1,
      late: false,
      employees: 2,
      changedEmployees: 2,
      acknowledged: 0,
    });
    expect(publication.publishedBy?.name).not.toBe('');
    first = publication.id;

    const told = await notificationsOf([anna.user.id, boris.user.id, vera.user.id]);
    expect(told.map((row) => row.userId).sort()).toEqual([anna.user.id, boris.user.id].sort());
    expect(told[0]!.title).toBe('Опубликован график на май 2030');
    expect(told[0]!.url).toBe('/');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'SCHEDULE_PUBLISH'), eq(auditLog.entityId, String(first))));
    expect(audit?.details).toMatchObject({ month: MONTH, version: 1, late: false });

    const after = SchedulePublicationStateSchema.parse(
      (await state(`month=${MONTH}&branchId=${north.id}`)).data,
    );
    expect(after.versions.map((version) => version.version)).toEqual([1]);
    expect(after.changes).toEqual([]);
    expect(after.changedDays).toBe(0);
  });

  it('shows the employee the published days and answers 409 to a publication without changes', async () => {
    const schedule = MyScheduleSchema.parse((await mySchedule(anna.token)).data);
    expect(schedule.days).toHaveLength(14);
    expect(schedule.days.find((day) => day.date === '2030-05-06')).toMatchObject({
      kind: 'WORK',
    });
    expect(schedule.months[0]).toMatchObject({ publicationId: first, version: 1 });
    publishedSeventh = schedule.days.find((day) => day.date === '2030-05-07');
    const plan = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/plan?from=2030-05-01&to=2030-05-14',
      token: anna.token,
    });
    expect(plan.data).toHaveLength(14);

    const again = await publish({ month: MONTH, branchId: north.id });
    expect(again.statusCode).toBe(409);
    expect(again.data.message).toBe('С последней публикации график не менялся');
  });

  it('keeps a later change in the draft until «Опубликовать изменения», then tells only the employee it touches', async () => {
    expect((await acknowledge(first, anna.token)).statusCode).toBe(200);
    const borisAck = await acknowledge(first, boris.token);
    expect(borisAck.statusCode).toBe(200);
    expect(borisAck.data.acknowledgedAt).toEqual(expect.any(String));

    const roster = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token: adminToken,
      payload: {
        employeeId: anna.employeeId,
        date: '2030-05-07',
        shifts: [{ start: '12:00', end: '20:00' }],
      },
    });
    expect(roster.statusCode, roster.body).toBe(200);

    const draft = SchedulePublicationStateSchema.parse(
      (await state(`month=${MONTH}&branchId=${north.id}`)).data,
    );
    expect(draft.changes).toEqual([{ employeeId: anna.employeeId, dates: ['2030-05-07'] }]);
    expect(draft.changedDays).toBe(1);

    // The employee still sees the published shift.
    const before = MyScheduleSchema.parse((await mySchedule(anna.token)).data);
    const published = before.days.find((day) => day.date === '2030-05-07')!;
    expect(published).toEqual(publishedSeventh);
    expect(published.rosterOverride).toBe(false);

    const response = await publish({ month: MONTH, branchId: north.id });
    expect(response.statusCode, response.body).toBe(201);
    const publication = SchedulePublicationSchema.parse(response.data);
    expect(publication).toMatchObject({
      version: 2,
      employees: 2,
      changedEmployees: 1,
      // Boris's days did not change: his acknowledgement stays.
      acknowledged: 1,
    });
    second = publication.id;

    const told = await notificationsOf([anna.user.id, boris.user.id]);
    expect(told.filter((row) => row.userId === boris.user.id)).toHaveLength(1);
    const annas = told.filter((row) => row.userId === anna.user.id);
    expect(annas).toHaveLength(2);
    const latest = annas.find((row) => row.dedupeKey === `schedule-published:${second}`)!;
    expect(latest.title).toBe('Изменён график на май 2030');
    expect(latest.body).toContain('2030-05-07');

    const after = MyScheduleSchema.parse((await mySchedule(anna.token)).data);
    expect(after.days.find((day) => day.date === '2030-05-07')!.rosterOverride).toBe(true);
    expect(after.months[0]).toMatchObject({
      publicationId: second,
      version: 2,
      changedDates: ['2030-05-07'],
      acknowledgedAt: null,
    });
  });

  it('acknowledges only the latest version, once', async () => {
    const stale = await acknowledge(first, anna.token);
    expect(stale.statusCode).toBe(409);
    expect(stale.data.message).toBe(
      'Опубликована новая версия графика — обновите страницу и ознакомьтесь с ней',
    );
    const done = await acknowledge(second, anna.token);
    expect(done.statusCode).toBe(200);
    const again = await acknowledge(second, anna.token);
    expect(again.data.acknowledgedAt).toBe(done.data.acknowledgedAt);
    // Vera is not in the north branch's versions.
    expect((await acknowledge(second, vera.token)).statusCode).toBe(404);
  });

  it('keeps the previous version viewable, with who acknowledged it', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: `/api/v1/schedule-publications/${first}`,
      token: adminToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = SchedulePublicationDetailsSchema.parse(response.data);
    expect(body.publication.version).toBe(1);
    const annas = body.employees.find((item) => item.employeeId === anna.employeeId)!;
    expect(annas.acknowledgedAt).toEqual(expect.any(String));
    expect(annas.days.find((day) => day.date === '2030-05-07')!.rosterOverride).toBe(false);

    const current = SchedulePublicationStateSchema.parse(
      (await state(`month=${MONTH}&branchId=${north.id}`)).data,
    );
    expect(current.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(current.versions[0]).toMatchObject({ acknowledged: 2, employees: 2 });
  });

  it('marks a publication later than the first day of the previous month as late (art. 103)', async () => {
    const late = await state(`month=2026-01&branchId=${north.id}`);
    expect(late.data).toMatchObject({ deadline: '2025-12-01', lateNow: true });
    const response = await publish({ month: '2026-01', branchId: north.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.data).toMatchObject({ late: true, version: 1 });
  });

  it('lets a manager publish only the units of their scope', async () => {
    expect(
      (await state(`month=${MONTH}&branchId=${north.id}`, southManager.token)).statusCode,
    ).toBe(404);
    expect(
      (await publish({ month: MONTH, branchId: north.id }, southManager.token)).statusCode,
    ).toBe(404);
    const details = await call(t.app, {
      method: 'GET',
      url: `/api/v1/schedule-publications/${first}`,
      token: southManager.token,
    });
    expect(details.statusCode).toBe(404);
    const own = await publish({ month: MONTH, branchId: south.id }, southManager.token);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.data).toMatchObject({ employees: 1, publishedBy: { id: southManager.employeeId } });
    expect((await notificationsOf([vera.user.id])).map((row) => row.userId)).toEqual([
      vera.user.id,
    ]);
  });

  it('publishes a department with its sub-departments', async () => {
    const [parent] = await t.database.db
      .insert(departments)
      .values({ companyId: company.companyId, title: 'Торговый зал' })
      .returning();
    const [child] = await t.database.db
      .insert(departments)
      .values({ companyId: company.companyId, title: 'Касса', parentId: parent!.id })
      .returning();
    await t.database.db
      .update(employees)
      .set({ departmentId: child!.id })
      .where(eq(employees.id, boris.employeeId));
    const response = await publish({ month: '2030-08', departmentId: parent!.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.data).toMatchObject({
      unit: { kind: 'DEPARTMENT', id: parent!.id, title: 'Торговый зал' },
      employees: 1,
    });
    const details = SchedulePublicationDetailsSchema.parse(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/schedule-publications/${response.data.id}`,
          token: adminToken,
        })
      ).data,
    );
    expect(details.employees.map((item) => item.employeeId)).toEqual([boris.employeeId]);
    expect(details.employees[0]!.days).toHaveLength(31);
  });

  it('answers 403 to an employee, 401 without a token, 404 to another company', async () => {
    expect((await publish({ month: MONTH, branchId: north.id }, anna.token)).statusCode).toBe(403);
    expect((await state(`month=${MONTH}&branchId=${north.id}`, anna.token)).statusCode).toBe(403);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/schedule-publications/${first}`,
          token: anna.token,
        })
      ).statusCode,
    ).toBe(403);

    expect((await publish({ month: MONTH, branchId: north.id }, null)).statusCode).toBe(401);
    expect((await state(`month=${MONTH}&branchId=${north.id}`, null)).statusCode).toBe(401);
    expect((await mySchedule(undefined)).statusCode).toBe(401);
    expect((await acknowledge(first, undefined)).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/schedule-publications/${first}` }))
        .statusCode,
    ).toBe(401);

    const stranger = other.admin.tokens.accessToken;
    expect((await state(`month=${MONTH}&branchId=${north.id}`, stranger)).statusCode).toBe(404);
    expect((await publish({ month: MONTH, branchId: north.id }, stranger)).statusCode).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/schedule-publications/${first}`,
          token: stranger,
        })
      ).statusCode,
    ).toBe(404);
    expect((await acknowledge(second, stranger)).statusCode).toBe(404);
  });

  it('answers 422 with the field to a bad month or unit', async () => {
    const both = await publish({ month: MONTH, branchId: north.id, departmentId: 1 });
    expect(both.statusCode).toBe(422);
    expect(both.data.details).toEqual([
      { field: 'branchId', message: 'Выберите филиал или отдел' },
    ]);
    expect((await publish({ month: '2030-13', branchId: north.id })).statusCode).toBe(422);
    expect((await state('month=2030-05')).statusCode).toBe(422);
  });

  it('answers 409 while the company does not publish, and employees see the live plan', async () => {
    const off = await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/profile/company',
      token: other.admin.tokens.accessToken,
      payload: {},
    });
    expect(off.data.schedulePublication).toBe(false);
    const branch = await createBranch(t, other.admin.tokens.accessToken);
    const refused = await publish(
      { month: MONTH, branchId: branch.id },
      other.admin.tokens.accessToken,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.data.message).toBe('Публикация графика выключена в настройках компании');
    const employee = await memberWithToken(t, other.companyId, 'EMPLOYEE');
    const live = MyScheduleSchema.parse((await mySchedule(employee.token)).data);
    expect(live.publication).toBe(false);
    expect(live.days).toHaveLength(14);
  });

  it('publishes and reads the state in a fixed number of queries, whatever the number of employees', async () => {
    const session = (t.database.db as unknown as { session: PgSession }).session;
    const spy = vi.spyOn(session, 'prepareQuery');
    const count = async (run: () => Promise<{ statusCode: number; body: string }>) => {
      spy.mockClear();
      const response = await run();
      expect(response.statusCode, response.body).toBeLessThan(300);
      return spy.mock.calls.length;
    };
    try {
      const publishBefore = await count(() => publish({ month: '2030-06', branchId: north.id }));
      const stateBefore = await count(() => state(`month=2030-06&branchId=${north.id}`));
      for (let i = 0; i < 4; i++) await member(north.id);
      const publishAfter = await count(() => publish({ month: '2030-07', branchId: north.id }));
      const stateAfter = await count(() => state(`month=2030-07&branchId=${north.id}`));
      expect(publishBefore).toBeGreaterThan(0);
      expect(publishAfter).toBe(publishBefore);
      expect(stateAfter).toBe(stateBefore);
    } finally {
      spy.mockRestore();
    }
  });
});
