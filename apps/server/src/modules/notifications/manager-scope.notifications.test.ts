import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { ManagerScopeInput, ScheduleDefinitionInput } from '@smena/contract';
import {
  employeeScopeCondition,
  findManagersSeeing,
  loadManagerUnitsScope,
} from '../../db/employee-scope.ts';
import { departments, employees, notifications } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, unique, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken } from '../checks/checks.test-helpers.ts';
import { type JobRunner, createJobRunner } from '../jobs/jobs.ts';
import { reminderJobHandlers, scheduleCompanyReminders } from './reminders.ts';

/**
 * Decision 016: a notification about an employee (a comment, a day-off request, a late alert)
 * goes to the company's ADMINs and to the MANAGERs whose scope holds that employee — a manager
 * of branch A hears nothing of branch B.
 */
let t: TestApp;
let runner: JobRunner;
let company: TestCompany;
let adminToken: string;
let branchA: number;
let branchB: number;
let parentDepartment: number;
let childDepartment: number;
type Member = Awaited<ReturnType<typeof memberWithToken>>;
/** At branch A / branch B / in the child department (no branch). */
let employeeA: Member;
let employeeB: Member;
let employeeChild: Member;
let managerA: Member;
let managerB: Member;
let departmentManager: Member;
let companyManager: Member;
let adminEmployeeId: number;

async function employeeAt(place: { branchId?: number; departmentId?: number }) {
  const member = await memberWithToken(t, company.companyId, 'EMPLOYEE');
  if (place.branchId) await linkBranch(t, company.companyId, member.employeeId, place.branchId);
  if (place.departmentId) {
    await t.database.db
      .update(employees)
      .set({ departmentId: place.departmentId })
      .where(eq(employees.id, member.employeeId));
  }
  return member;
}

function managerOf(scope: ManagerScopeInput | null) {
  return addManager(t.app, t.database.db, { companyId: company.companyId, adminToken }, scope);
}

async function urlsOf(userId: number) {
  const rows = await t.database.db
    .select({ title: notifications.title, url: notifications.url })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.companyId, company.companyId)))
    .orderBy(asc(notifications.id));
  return rows.map((row) => row.url);
}

/** Everyone's notification urls, by who: the employee's page names whom it is about. */
async function received() {
  return {
    admin: await urlsOf(company.adminUserId),
    managerA: await urlsOf(managerA.user.id),
    managerB: await urlsOf(managerB.user.id),
    departmentManager: await urlsOf(departmentManager.user.id),
    companyManager: await urlsOf(companyManager.user.id),
  };
}

async function clearNotifications() {
  await t.database.db.delete(notifications).where(eq(notifications.companyId, company.companyId));
}

beforeAll(async () => {
  t = await buildTestApp();
  runner = createJobRunner({
    db: t.database.db,
    log: t.app.log,
    handlers: reminderJobHandlers,
    workerId: 'scope-notifications-test',
    batchSize: 500,
  });
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branchA = (await createBranch(t, adminToken, { title: `Филиал А ${unique()}` })).id;
  branchB = (await createBranch(t, adminToken, { title: `Филиал Б ${unique()}` })).id;
  const [parent] = await t.database.db
    .insert(departments)
    .values({ companyId: company.companyId, title: `Продажи ${unique()}` })
    .returning();
  parentDepartment = parent!.id;
  const [child] = await t.database.db
    .insert(departments)
    .values({ companyId: company.companyId, title: `Опт ${unique()}`, parentId: parentDepartment })
    .returning();
  childDepartment = child!.id;
  const [admin] = await t.database.db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(eq(employees.companyId, company.companyId), eq(employees.userId, company.adminUserId)),
    );
  adminEmployeeId = admin!.id;
  employeeA = await employeeAt({ branchId: branchA });
  employeeB = await employeeAt({ branchId: branchB });
  employeeChild = await employeeAt({ departmentId: childDepartment });
  managerA = await managerOf({ kind: 'UNITS', branchIds: [branchA] });
  managerB = await managerOf({ kind: 'UNITS', branchIds: [branchB] });
  departmentManager = await managerOf({ kind: 'UNITS', departmentIds: [parentDepartment] });
  companyManager = await managerOf(null);
});
afterAll(async () => {
  await t.close();
});

describe('findManagersSeeing', () => {
  it('answers for many employees in one query, as each manager’s scope selects them', async () => {
    const execute = vi.spyOn(t.database.db, 'execute');
    const seeing = await findManagersSeeing(t.database.db, company.companyId, [
      employeeA.employeeId,
      employeeB.employeeId,
      employeeChild.employeeId,
      managerA.employeeId,
      adminEmployeeId,
    ]);
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();

    const always = [company.adminUserId, companyManager.user.id];
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(seeing.get(employeeA.employeeId)).toEqual(sorted([...always, managerA.user.id]));
    expect(seeing.get(employeeB.employeeId)).toEqual(sorted([...always, managerB.user.id]));
    expect(seeing.get(employeeChild.employeeId)).toEqual(
      sorted([...always, departmentManager.user.id]),
    );
    // A limited manager is in their own scope.
    expect(seeing.get(managerA.employeeId)).toEqual(sorted([...always, managerA.user.id]));
    expect(seeing.get(adminEmployeeId)).toEqual(sorted(always));

    // The same answer as the scope each manager's requests carry.
    const everyone = await t.database.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.companyId, company.companyId));
    const all = await findManagersSeeing(
      t.database.db,
      company.companyId,
      everyone.map((row) => row.id),
    );
    for (const manager of [managerA, managerB, departmentManager]) {
      const scope = await loadManagerUnitsScope(
        t.database.db,
        company.companyId,
        manager.employeeId,
      );
      const inScope = await t.database.db
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.companyId, company.companyId), employeeScopeCondition(scope)));
      const seenBy = [...all].filter(([, userIds]) => userIds.includes(manager.user.id));
      expect(new Set(seenBy.map(([id]) => id))).toEqual(new Set(inScope.map((row) => row.id)));
    }
    expect(await findManagersSeeing(t.database.db, company.companyId, [])).toEqual(new Map());
  });
});

describe('notifications about an employee', () => {
  it('a comment of branch A reaches the manager of A, not of B; admins and company managers all', async () => {
    await clearNotifications();
    for (const [member, date] of [
      [employeeA, '2026-11-20'],
      [employeeB, '2026-11-21'],
    ] as const) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/comments',
        token: member.token,
        payload: { date, text: 'Задержался у клиента' },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const aboutA = `/company/employees/${employeeA.employeeId}?tab=comments`;
    const aboutB = `/company/employees/${employeeB.employeeId}?tab=comments`;
    expect(await received()).toEqual({
      admin: [aboutA, aboutB],
      managerA: [aboutA],
      managerB: [aboutB],
      departmentManager: [],
      companyManager: [aboutA, aboutB],
    });
  });

  it('a day-off request reaches the managers of the asker’s branch or (parent) department', async () => {
    await clearNotifications();
    for (const [member, from] of [
      [employeeA, '2026-12-01'],
      [employeeChild, '2026-12-03'],
    ] as const) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/weekends/request',
        token: member.token,
        payload: { type: 'VACATION', from, to: from },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const titles = async (userId: number) =>
      (
        await t.database.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(asc(notifications.id))
      ).map((row) => row.title);
    const aboutA = `Запрос отсутствия: ${employeeA.user.lastName} И.`;
    const aboutChild = `Запрос отсутствия: ${employeeChild.user.lastName} И.`;
    expect(await titles(company.adminUserId)).toEqual([aboutA, aboutChild]);
    expect(await titles(companyManager.user.id)).toEqual([aboutA, aboutChild]);
    expect(await titles(managerA.user.id)).toEqual([aboutA]);
    expect(await titles(departmentManager.user.id)).toEqual([aboutChild]);
    expect(await titles(managerB.user.id)).toEqual([]);
  });

  it('a late alert reaches the managers of the late employee only', async () => {
    await clearNotifications();
    const definition = {
      type: 'FIXED',
      followsProductionCalendar: false,
      days: Array.from({ length: 7 }, () => ({
        working: true,
        start: '09:00',
        end: '18:00',
        breakMinutes: 0,
      })),
    } as ScheduleDefinitionInput;
    const schedule = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: adminToken,
      payload: { title: `График ${unique()}`, definition },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const assigned = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedule-assignments',
      token: adminToken,
      payload: {
        employeeIds: [employeeA.employeeId, employeeB.employeeId],
        scheduleId: schedule.data.id,
        effectiveFrom: '2026-01-01',
      },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    await scheduleCompanyReminders(
      t.database.db,
      company.companyId,
      new Date('2026-02-10T08:00:00+03:00'),
    );
    await runner.runOnce(new Date('2026-02-10T09:05:00+03:00'));
    const aboutA = `/company/employees/${employeeA.employeeId}`;
    const aboutB = `/company/employees/${employeeB.employeeId}`;
    const got = await received();
    expect(got.managerA).toEqual([aboutA]);
    expect(got.managerB).toEqual([aboutB]);
    expect(got.departmentManager).toEqual([]);
    expect(new Set(got.admin)).toEqual(new Set([aboutA, aboutB]));
    expect(new Set(got.companyManager)).toEqual(new Set([aboutA, aboutB]));
  });
});
