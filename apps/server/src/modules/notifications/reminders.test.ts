import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { ScheduleDefinitionInput } from '@smena/contract';
import { checks, companies, jobs, notifications } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken } from '../checks/checks.test-helpers.ts';
import { type JobRunner, createJobRunner } from '../jobs/jobs.ts';
import { companyReminderPrefix } from './reminders-rule.ts';
import {
  REMINDERS_PLAN_JOB,
  ensureReminderPlanning,
  reminderJobHandlers,
  requestCompanyReschedule,
  rescheduleCompany,
  scheduleCompanyReminders,
} from './reminders.ts';

let t: TestApp;
let runner: JobRunner;

beforeAll(async () => {
  t = await buildTestApp();
  runner = createJobRunner({
    db: t.database.db,
    log: t.app.log,
    handlers: reminderJobHandlers,
    workerId: 'reminders-test',
    batchSize: 500,
  });
});
afterAll(async () => {
  await t.close();
});

const at = (iso: string) => new Date(iso);
const EVERY_DAY = Array.from({ length: 7 }, () => ({ working: true }));

function week(type: 'FIXED' | 'NIGHT', start: string, end: string): ScheduleDefinitionInput {
  return {
    type,
    followsProductionCalendar: false,
    days: EVERY_DAY.map((day) => ({ ...day, start, end, breakMinutes: 0 })),
  } as ScheduleDefinitionInput;
}

type Setup = {
  company: TestCompany;
  token: string;
  branchId: number;
};

async function setupCompany(branchTimezone?: string): Promise<Setup> {
  const company = await createCompany(t.app);
  const token = company.admin.tokens.accessToken;
  const branch = await createBranch(t, token, branchTimezone ? { timezone: branchTimezone } : {});
  return { company, token, branchId: branch.id };
}

/** An employee of the branch on a schedule from 2026-01-01, with their sign-in token. */
async function employeeOn(setup: Setup, definition: ScheduleDefinitionInput) {
  const member = await memberWithToken(t, setup.company.companyId, 'EMPLOYEE');
  await linkBranch(t, setup.company.companyId, member.employeeId, setup.branchId);
  const schedule = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token: setup.token,
    payload: { title: `График ${member.employeeId}`, definition },
  });
  if (schedule.statusCode !== 201) throw new Error(schedule.body);
  const assigned = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token: setup.token,
    payload: {
      employeeIds: [member.employeeId],
      scheduleId: schedule.data.id,
      effectiveFrom: '2026-01-01',
    },
  });
  if (assigned.statusCode !== 200) throw new Error(assigned.body);
  return { ...member, scheduleId: schedule.data.id as number };
}

async function notificationsOf(userId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}

async function pendingKeys(companyId: number, employeeId?: number) {
  const rows = await t.database.db
    .select({ dedupeKey: jobs.dedupeKey, runAt: jobs.runAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'PENDING'),
        like(
          jobs.dedupeKey,
          `${companyReminderPrefix(companyId)}${employeeId === undefined ? '' : `${employeeId}:`}%`,
        ),
      ),
    )
    .orderBy(asc(jobs.runAt));
  return rows.map((row) => row.dedupeKey!);
}

async function approveDayOff(setup: Setup, employeeToken: string, date: string) {
  const requested = await call(t.app, {
    method: 'POST',
    url: '/api/v1/weekends/request',
    token: employeeToken,
    payload: { type: 'DISMISSED', from: date, to: date, comment: 'Семейные обстоятельства' },
  });
  if (requested.statusCode !== 201) throw new Error(requested.body);
  const approved = await call(t.app, {
    method: 'POST',
    url: `/api/v1/weekends/${requested.data.id}/approve`,
    token: setup.token,
  });
  if (approved.statusCode !== 200) throw new Error(approved.body);
}

describe('shift reminders and late alerts', () => {
  it('queues the day’s reminders once and delivers each at its minute, not a minute before (Moscow)', async () => {
    const setup = await setupCompany();
    const employee = await employeeOn(setup, week('FIXED', '09:00', '18:00'));
    const manager = await memberWithToken(t, setup.company.companyId, 'MANAGER');
    const colleague = await memberWithToken(t, setup.company.companyId, 'EMPLOYEE');
    const companyId = setup.company.companyId;

    const first = await scheduleCompanyReminders(
      t.database.db,
      companyId,
      at('2026-02-10T08:00:00+03:00'),
    );
    expect(first).toEqual({ queued: 3, cancelled: 0 });
    expect(
      await scheduleCompanyReminders(t.database.db, companyId, at('2026-02-10T08:00:00+03:00')),
    ).toEqual({ queued: 0, cancelled: 0 });
    expect(await pendingKeys(companyId)).toEqual([
      `reminder:${companyId}:${employee.employeeId}:start:2026-02-10T09:00:00+03:00@2026-02-10T05:45:00.000Z`,
      `reminder:${companyId}:${employee.employeeId}:late:2026-02-10T09:00:00+03:00@2026-02-10T06:05:00.000Z`,
      `reminder:${companyId}:${employee.employeeId}:end:2026-02-10T09:00:00+03:00@2026-02-10T14:45:00.000Z`,
    ]);

    await runner.runOnce(at('2026-02-10T08:44:00+03:00'));
    expect(await notificationsOf(employee.user.id)).toEqual([]);
    await runner.runOnce(at('2026-02-10T08:45:00+03:00'));
    expect(await notificationsOf(employee.user.id)).toMatchObject([
      {
        kind: 'SHIFT_START_REMINDER',
        title: 'Скоро смена',
        body: 'Через 15 минут начинается смена 09:00–18:00',
        url: '/',
        companyId,
      },
    ]);

    // No check-in by 09:05: the admin and the manager hear of it, the employees do not.
    await runner.runOnce(at('2026-02-10T09:04:00+03:00'));
    expect(await notificationsOf(manager.user.id)).toEqual([]);
    await runner.runOnce(at('2026-02-10T09:05:00+03:00'));
    const alert = {
      kind: 'NOT_CHECKED_IN',
      title: 'Нет отметки о приходе',
      body: `${employee.user.lastName} И.: смена с 09:00, отметки пока нет`,
      url: `/company/employees/${employee.employeeId}`,
    };
    expect(await notificationsOf(manager.user.id)).toMatchObject([alert]);
    expect(await notificationsOf(setup.company.adminUserId)).toMatchObject([alert]);
    expect(await notificationsOf(colleague.user.id)).toEqual([]);
    expect(await notificationsOf(employee.user.id)).toHaveLength(1);

    await runner.runOnce(at('2026-02-10T17:44:00+03:00'));
    expect(await notificationsOf(employee.user.id)).toHaveLength(1);
    await runner.runOnce(at('2026-02-10T17:45:00+03:00'));
    expect((await notificationsOf(employee.user.id)).map((n) => [n.kind, n.body])).toEqual([
      ['SHIFT_START_REMINDER', 'Через 15 минут начинается смена 09:00–18:00'],
      ['SHIFT_END_REMINDER', 'Через 15 минут заканчивается смена 09:00–18:00'],
    ]);
    expect(await pendingKeys(companyId)).toEqual([]);
  });

  it('reminds a night shift in Vladivostok of its end on the next morning, and no alert after a check-in', async () => {
    // The company is in Moscow; the branch, and so the shifts, in Vladivostok (UTC+10).
    const setup = await setupCompany('Asia/Vladivostok');
    const employee = await employeeOn(setup, week('NIGHT', '22:00', '06:00'));
    const manager = await memberWithToken(t, setup.company.companyId, 'MANAGER');
    const companyId = setup.company.companyId;

    const result = await scheduleCompanyReminders(
      t.database.db,
      companyId,
      at('2026-02-11T21:00:00+10:00'),
    );
    expect(result.queued).toBe(3);
    expect(await pendingKeys(companyId)).toEqual([
      `reminder:${companyId}:${employee.employeeId}:start:2026-02-11T22:00:00+10:00@2026-02-11T11:45:00.000Z`,
      `reminder:${companyId}:${employee.employeeId}:late:2026-02-11T22:00:00+10:00@2026-02-11T12:05:00.000Z`,
      `reminder:${companyId}:${employee.employeeId}:end:2026-02-11T22:00:00+10:00@2026-02-11T19:45:00.000Z`,
    ]);

    await runner.runOnce(at('2026-02-11T21:44:00+10:00'));
    expect(await notificationsOf(employee.user.id)).toEqual([]);
    await runner.runOnce(at('2026-02-11T21:45:00+10:00'));
    expect((await notificationsOf(employee.user.id)).map((n) => n.body)).toEqual([
      'Через 15 минут начинается смена 22:00–06:00',
    ]);

    await t.database.db.insert(checks).values({
      companyId,
      employeeId: employee.employeeId,
      branchId: setup.branchId,
      checkIn: at('2026-02-11T21:58:00+10:00'),
      source: 'WEB',
    });
    await runner.runOnce(at('2026-02-11T22:05:00+10:00'));
    expect(await notificationsOf(manager.user.id)).toEqual([]);
    expect(await notificationsOf(setup.company.adminUserId)).toEqual([]);

    // After midnight there: the end reminder at 05:45 of the 12th, for the shift of the 11th.
    await runner.runOnce(at('2026-02-12T05:44:00+10:00'));
    expect(await notificationsOf(employee.user.id)).toHaveLength(1);
    await runner.runOnce(at('2026-02-12T05:45:00+10:00'));
    expect((await notificationsOf(employee.user.id)).map((n) => [n.kind, n.body])).toEqual([
      ['SHIFT_START_REMINDER', 'Через 15 минут начинается смена 22:00–06:00'],
      ['SHIFT_END_REMINDER', 'Через 15 минут заканчивается смена 22:00–06:00'],
    ]);
  });

  it('moves the reminders when the schedule changes: the old jobs are cancelled, the new ones queued', async () => {
    const setup = await setupCompany();
    const employee = await employeeOn(setup, week('FIXED', '09:00', '18:00'));
    const companyId = setup.company.companyId;
    const now = at('2026-02-13T07:00:00+03:00');
    await scheduleCompanyReminders(t.database.db, companyId, now);
    const before = await pendingKeys(companyId, employee.employeeId);
    expect(before[0]).toContain('start:2026-02-13T09:00:00+03:00@2026-02-13T05:45:00.000Z');

    const changed = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/schedules/${employee.scheduleId}`,
      token: setup.token,
      payload: { definition: week('FIXED', '10:00', '19:00'), effectiveFrom: '2026-02-13' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await rescheduleCompany(t.database.db, companyId, now)).toEqual({
      queued: 3,
      cancelled: 3,
    });
    const after = await pendingKeys(companyId, employee.employeeId);
    expect(after.filter((key) => before.includes(key))).toEqual([]);
    expect(after[0]).toContain('start:2026-02-13T10:00:00+03:00@2026-02-13T06:45:00.000Z');

    await runner.runOnce(at('2026-02-13T08:45:00+03:00'));
    expect(await notificationsOf(employee.user.id)).toEqual([]);
    await runner.runOnce(at('2026-02-13T09:45:00+03:00'));
    expect((await notificationsOf(employee.user.id)).map((n) => n.body)).toEqual([
      'Через 15 минут начинается смена 10:00–19:00',
    ]);
  });

  it('sends nothing for a shift whose day became a day-off after the reminders were queued', async () => {
    const setup = await setupCompany();
    const employee = await employeeOn(setup, week('FIXED', '09:00', '18:00'));
    const companyId = setup.company.companyId;
    await scheduleCompanyReminders(t.database.db, companyId, at('2026-02-16T07:00:00+03:00'));
    expect(await pendingKeys(companyId, employee.employeeId)).toHaveLength(3);

    await approveDayOff(setup, employee.token, '2026-02-16');
    // Not rescheduled: each job plans the shift again when it runs and finds a day-off.
    await runner.runOnce(at('2026-02-16T18:00:00+03:00'));
    expect(await notificationsOf(employee.user.id)).toEqual([]);
    // The admin heard of the request (DAY_OFF_REQUESTED), not of a missing check-in.
    expect(
      (await notificationsOf(setup.company.adminUserId)).filter((n) => n.kind === 'NOT_CHECKED_IN'),
    ).toEqual([]);
    expect(await pendingKeys(companyId, employee.employeeId)).toEqual([]);
  });

  it('cancels the day’s reminders when a day-off approved for today is rescheduled', async () => {
    const setup = await setupCompany();
    const employee = await employeeOn(setup, week('FIXED', '09:00', '18:00'));
    const other = await employeeOn(setup, week('FIXED', '09:00', '18:00'));
    const companyId = setup.company.companyId;
    const now = at('2026-02-17T07:00:00+03:00');
    await scheduleCompanyReminders(t.database.db, companyId, now);

    await approveDayOff(setup, employee.token, '2026-02-17');
    await requestCompanyReschedule(t.database.db, companyId, now);
    await runner.runOnce(now);
    expect(await pendingKeys(companyId, employee.employeeId)).toEqual([]);
    expect(await pendingKeys(companyId, other.employeeId)).toHaveLength(3);
  });

  it('queues nothing and cancels what is pending when the company turns notifications off', async () => {
    const setup = await setupCompany();
    const employee = await employeeOn(setup, week('FIXED', '09:00', '18:00'));
    const companyId = setup.company.companyId;
    const now = at('2026-02-18T07:00:00+03:00');
    await scheduleCompanyReminders(t.database.db, companyId, now);
    expect(await pendingKeys(companyId)).toHaveLength(3);

    await t.database.db
      .update(companies)
      .set({ notification: false })
      .where(eq(companies.id, companyId));
    expect(await rescheduleCompany(t.database.db, companyId, now)).toEqual({
      queued: 0,
      cancelled: 3,
    });
    expect(await scheduleCompanyReminders(t.database.db, companyId, now)).toEqual({
      queued: 0,
      cancelled: 0,
    });
    await runner.runOnce(at('2026-02-18T18:00:00+03:00'));
    expect(await notificationsOf(employee.user.id)).toEqual([]);
  });

  it('plans every 15 minutes: one planning job per slot, queueing its successor and the reminders', async () => {
    const setup = await setupCompany();
    const employee = await employeeOn(setup, week('FIXED', '09:00', '18:00'));
    const now = at('2026-02-19T07:05:00+03:00');
    await ensureReminderPlanning(t.database.db, now);
    await ensureReminderPlanning(t.database.db, now);
    const planJobs = () =>
      t.database.db
        .select({ dedupeKey: jobs.dedupeKey, status: jobs.status, runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, REMINDERS_PLAN_JOB), inArray(jobs.status, ['PENDING', 'DONE'])))
        .orderBy(asc(jobs.runAt));
    expect(await planJobs()).toEqual([
      { dedupeKey: 'reminders.plan:2026-02-19T04:00:00.000Z', status: 'PENDING', runAt: now },
    ]);

    await runner.runOnce(now);
    expect(await planJobs()).toEqual([
      { dedupeKey: 'reminders.plan:2026-02-19T04:00:00.000Z', status: 'DONE', runAt: now },
      {
        dedupeKey: 'reminders.plan:2026-02-19T04:15:00.000Z',
        status: 'PENDING',
        runAt: at('2026-02-19T04:15:00.000Z'),
      },
    ]);
    expect(await pendingKeys(setup.company.companyId, employee.employeeId)).toHaveLength(3);
  });
});
