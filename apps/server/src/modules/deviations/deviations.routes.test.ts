import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BulkResultSchema,
  DeviationsSchema,
  ReportCardResponseSchema,
  type DeviationActionInput,
  type DeviationItem,
  type TimesheetEntry,
  decodeReportCard,
} from '@smena/contract';
import { addDays, wallTimeToMs } from '@smena/time';
import { checkHistory, checkRefusals, checks } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, unique, type TestCompany } from '../../../test/factories.ts';
import {
  createBranch,
  linkBranch,
  OFFICE_WEEK,
  reportMember,
} from '../reports/reports.test-helpers.ts';
import { createDeviationsService } from './deviations.service.ts';

const MOSCOW = 'Europe/Moscow';
const PERIOD = 'from=2026-03-01&to=2026-03-31';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branchId: number;
let ivanov: number;
let employeeToken: string;
let branchManagerToken: string;
let otherBranchManagerToken: string;
let stranger: TestCompany;

/** A check by Moscow wall times; its id. */
async function addCheck(
  employeeId: number,
  date: string,
  inAt: string,
  outAt: string,
  options: { autoClosed?: boolean } = {},
) {
  const [row] = await t.database.db
    .insert(checks)
    .values({
      companyId: company.companyId,
      employeeId,
      branchId,
      checkIn: new Date(wallTimeToMs(date, inAt, MOSCOW)),
      checkOut: new Date(wallTimeToMs(date, outAt, MOSCOW)),
      source: 'MANUAL',
      autoClosed: options.autoClosed ?? false,
    })
    .returning({ id: checks.id });
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  const { companyId } = company;
  branchId = (await createBranch(t, adminToken)).id;
  const otherBranch = (await createBranch(t, adminToken)).id;
  ivanov = (await reportMember(t, companyId, { lastName: 'Иванов' })).employeeId;
  await linkBranch(t, companyId, ivanov, branchId);
  const employee = await reportMember(t, companyId, { lastName: 'Петров' });
  employeeToken = employee.token;
  const managers = { companyId, adminToken };
  branchManagerToken = (
    await addManager(t.app, t.database.db, managers, { kind: 'UNITS', branchIds: [branchId] })
  ).token;
  otherBranchManagerToken = (
    await addManager(t.app, t.database.db, managers, { kind: 'UNITS', branchIds: [otherBranch] })
  ).token;

  // 5/2, 09:00–18:00 with an hour's break, from Monday 02.03.2026: the 1st has no schedule.
  const schedule = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token: adminToken,
    payload: { title: `График ${unique()}`, definition: OFFICE_WEEK },
  });
  const assigned = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token: adminToken,
    payload: { employeeIds: [ivanov], scheduleId: schedule.data.id, effectiveFrom: '2026-03-02' },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);

  // One deviation of each type (9 March 2026 is a holiday: 8 March fell on a Sunday).
  await addCheck(ivanov, '2026-03-01', '10:00', '12:00'); // no shift
  await addCheck(ivanov, '2026-03-02', '10:00', '18:00'); // late 60
  await addCheck(ivanov, '2026-03-03', '09:00', '17:00'); // early 60
  // The 4th: no check — НН.
  await addCheck(ivanov, '2026-03-05', '09:00', '18:00', { autoClosed: true });
  await addCheck(ivanov, '2026-03-06', '09:00', '20:00'); // overtime 120
  await addCheck(ivanov, '2026-03-07', '10:00', '14:00'); // Saturday: 240 on a day off
  await addCheck(ivanov, '2026-03-10', '08:55', '18:00');
  await t.database.db.insert(checkRefusals).values({
    companyId,
    employeeId: ivanov,
    branchId,
    direction: 'IN',
    reason: 'OUTSIDE_ZONE',
    at: new Date(wallTimeToMs('2026-03-10', '08:50', MOSCOW)),
    distance: 412.4,
    accuracy: 20,
  });
  const corrected = await addCheck(ivanov, '2026-03-11', '08:55', '18:00');
  await t.database.db.insert(checkHistory).values({
    companyId,
    checkId: corrected,
    action: 'UPDATE',
    reason: 'Забыл отметиться',
  });
  // Every other working day of March on time.
  for (let date = '2026-03-12'; date <= '2026-03-31'; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) await addCheck(ivanov, date, '08:55', '18:00');
  }

  stranger = await createCompany(t.app);
});

afterAll(async () => {
  await t.close();
});

function get(url: string, token: string | null = adminToken) {
  return call(t.app, { method: 'GET', url, token: token ?? undefined });
}

function act(payload: unknown, token: string | null = adminToken) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/deviations/actions',
    token: token ?? undefined,
    payload: payload as object,
  });
}

async function inbox(query: string, token = adminToken) {
  const response = await get(`/api/v1/deviations?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return DeviationsSchema.parse(response.data);
}

async function applied(payload: DeviationActionInput) {
  const response = await act(payload);
  expect(response.statusCode, response.body).toBe(200);
  return BulkResultSchema.parse(response.data);
}

const brief = (item: DeviationItem) => [item.date, item.type, item.amount, item.status];

async function ivanovsMarch() {
  return (await inbox(`${PERIOD}&employeeId=${ivanov}`)).items as DeviationItem[];
}

async function timesheetOf(date: string) {
  const response = await get(`/api/v1/reports/report-card?month=2026-03&employeeId=${ivanov}`);
  expect(response.statusCode, response.body).toBe(200);
  const card = decodeReportCard(ReportCardResponseSchema.parse(response.data));
  const day = card.employees[0]!.days.find((entry) => entry.date === date)!;
  return day.entries
    .map((entry: TimesheetEntry) => `${entry.code}${entry.minutes ?? ''}`)
    .join(' ');
}

const item = (date: string, type: DeviationItem['type']) => ({ employeeId: ivanov, date, type });

describe('GET /deviations', () => {
  it('finds each type exactly once in the known month, all new', async () => {
    const items = await ivanovsMarch();
    expect(items.map(brief)).toEqual([
      ['2026-03-01', 'NO_SHIFT', 1, 'NEW'],
      ['2026-03-02', 'LATE', 60, 'NEW'],
      ['2026-03-03', 'EARLY_LEAVE', 60, 'NEW'],
      ['2026-03-04', 'ABSENCE', null, 'NEW'],
      ['2026-03-05', 'AUTO_CLOSED', 1, 'NEW'],
      ['2026-03-06', 'OVERTIME', 120, 'NEW'],
      ['2026-03-07', 'DAY_OFF_WORK', 240, 'NEW'],
      ['2026-03-10', 'OUTSIDE_ZONE', 412, 'NEW'],
      ['2026-03-11', 'MANUAL_CORRECTION', 1, 'NEW'],
    ]);
    expect(items.every((entry) => entry.kind === 'DEVIATION')).toBe(true);
    expect(items[1]).toMatchObject({
      key: `${ivanov}:2026-03-02:LATE`,
      employeeName: expect.stringContaining('Иванов'),
      resolution: null,
      actions: [],
    });
  });

  it('filters by type, status, branch and department, and counts the new ones by type', async () => {
    const late = await inbox(`${PERIOD}&type=LATE&branchId=${branchId}`);
    expect(late.items.map((entry) => (entry as DeviationItem).employeeId)).toEqual([ivanov]);
    expect(late.newByType).toMatchObject({ LATE: 1, OVERTIME: 1, ABSENCE: 1 });
    const resolved = await inbox(`${PERIOD}&status=RESOLVED&employeeId=${ivanov}`);
    expect(resolved.items).toEqual([]);
  });

  it('counts the new deviations of the month up to today for the menu', async () => {
    const service = createDeviationsService({
      db: t.database.db,
      now: () => wallTimeToMs('2026-03-11', '23:00', MOSCOW),
    });
    const auth = { companyId: company.companyId, scope: { kind: 'COMPANY' as const } };
    const count = await service.count(auth as Parameters<typeof service.count>[0]);
    expect(count.new).toBe(9);
    const response = await get('/api/v1/deviations/count', otherBranchManagerToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data).toEqual({ new: 0 });
  });
});

describe('POST /deviations/actions', () => {
  it('excuses one deviation: resolved, with who, when and why; the timesheet unchanged', async () => {
    const before = await timesheetOf('2026-03-02');
    const result = await applied({
      items: [item('2026-03-02', 'LATE')],
      action: 'EXCUSE',
      comment: 'Пробки, предупредил заранее',
    });
    expect(result).toEqual({ succeeded: 1, failed: [] });
    const late = (await ivanovsMarch()).find((entry) => entry.type === 'LATE')!;
    expect(late).toMatchObject({ status: 'RESOLVED', resolution: 'EXCUSE' });
    expect(late.actions).toEqual([
      {
        action: 'EXCUSE',
        code: null,
        comment: 'Пробки, предупредил заранее',
        actedByName: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);
    expect(await timesheetOf('2026-03-02')).toBe(before);
  });

  it('a comment keeps the deviation new', async () => {
    await applied({
      items: [item('2026-03-05', 'AUTO_CLOSED')],
      action: 'COMMENT',
      comment: 'Спросить у сотрудника',
    });
    const closed = (await ivanovsMarch()).find((entry) => entry.type === 'AUTO_CLOSED')!;
    expect(closed).toMatchObject({ status: 'NEW', resolution: null });
    expect(closed.actions.map((action) => action.action)).toEqual(['COMMENT']);
  });

  it('sets a T-13 code through the timesheet’s override, with its history', async () => {
    expect(await timesheetOf('2026-03-04')).toBe('НН');
    const result = await applied({
      items: [item('2026-03-04', 'ABSENCE')],
      action: 'SET_CODE',
      code: 'ПР',
      comment: 'Прогул, объяснительной нет',
    });
    expect(result).toEqual({ succeeded: 1, failed: [] });
    expect(await timesheetOf('2026-03-04')).toBe('ПР');
    const history = await get(
      `/api/v1/reports/report-card/days/history?employeeId=${ivanov}&date=2026-03-04`,
    );
    expect(history.data.items).toMatchObject([
      { action: 'SET', reason: 'Прогул, объяснительной нет', entries: [{ code: 'ПР' }] },
    ]);
    const absence = (await ivanovsMarch()).find((entry) => entry.type === 'ABSENCE')!;
    expect(absence).toMatchObject({ status: 'RESOLVED', resolution: 'SET_CODE' });
    expect(absence.actions[0]!.code).toBe('ПР');
  });

  it('counts overtime only once approved when the company says so', async () => {
    expect(await timesheetOf('2026-03-06')).toBe('Я480 С120');
    const patch = await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/profile/company',
      token: adminToken,
      payload: { overtimeApproval: 'APPROVED_ONLY' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.data.overtimeApproval).toBe('APPROVED_ONLY');
    expect(await timesheetOf('2026-03-06')).toBe('Я480');
    // Still in the inbox and the attendance report.
    const overtime = (await ivanovsMarch()).find((entry) => entry.type === 'OVERTIME')!;
    expect(overtime).toMatchObject({ amount: 120, status: 'NEW' });
    const days = await get(
      `/api/v1/reports/attendance/days?employeeId=${ivanov}&from=2026-03-06&to=2026-03-06`,
    );
    expect(days.data.days[0].overtimeMinutes).toBe(120);

    await applied({
      items: [item('2026-03-06', 'OVERTIME')],
      action: 'APPROVE_OVERTIME',
      comment: 'Приказ № 12 от 06.03.2026',
    });
    expect(await timesheetOf('2026-03-06')).toBe('Я480 С120');
    const approved = (await ivanovsMarch()).find((entry) => entry.type === 'OVERTIME')!;
    expect(approved).toMatchObject({ status: 'RESOLVED', resolution: 'APPROVE_OVERTIME' });
  });

  it('keeps work on a day off РВ when paid double, makes it Я with a day of rest instead', async () => {
    expect(await timesheetOf('2026-03-07')).toBe('РВ240');
    await applied({
      items: [item('2026-03-07', 'DAY_OFF_WORK')],
      action: 'PAY_DOUBLE',
      comment: 'Оплата в двойном размере',
    });
    expect(await timesheetOf('2026-03-07')).toBe('РВ240');
    await applied({
      items: [item('2026-03-07', 'DAY_OFF_WORK')],
      action: 'REST_DAY',
      comment: 'Заявление от 07.03',
    });
    expect(await timesheetOf('2026-03-07')).toBe('Я240');
    const rest = (await ivanovsMarch()).find((entry) => entry.type === 'DAY_OFF_WORK')!;
    expect(rest).toMatchObject({ status: 'RESOLVED', resolution: 'REST_DAY' });
  });

  it('applies to many at once and refuses, item by item, what does not fit', async () => {
    const result = await applied({
      // The same deviation twice is applied once.
      items: [
        item('2026-03-03', 'EARLY_LEAVE'),
        item('2026-03-10', 'OUTSIDE_ZONE'),
        item('2026-03-03', 'EARLY_LEAVE'),
      ],
      action: 'EXCUSE',
      comment: 'Согласовано с руководителем',
    });
    expect(result).toEqual({ succeeded: 2, failed: [] });
    const refused = await applied({
      items: [item('2026-03-11', 'MANUAL_CORRECTION'), item('2026-03-12', 'LATE')],
      action: 'APPROVE_OVERTIME',
      comment: 'Приказ № 13',
    });
    expect(refused.succeeded).toBe(0);
    expect(refused.failed).toEqual([
      {
        employeeId: ivanov,
        date: '2026-03-11',
        name: expect.stringContaining('Иванов'),
        reason: 'Это действие не подходит к отклонению',
      },
      {
        employeeId: ivanov,
        date: '2026-03-12',
        name: expect.stringContaining('Иванов'),
        reason: 'Такого отклонения нет: отметки или график могли измениться',
      },
    ]);
    const statuses = Object.fromEntries(
      (await ivanovsMarch()).map((entry) => [entry.type, entry.status]),
    );
    expect(statuses).toEqual({
      NO_SHIFT: 'NEW',
      LATE: 'RESOLVED',
      EARLY_LEAVE: 'RESOLVED',
      ABSENCE: 'RESOLVED',
      AUTO_CLOSED: 'NEW',
      OVERTIME: 'RESOLVED',
      DAY_OFF_WORK: 'RESOLVED',
      OUTSIDE_ZONE: 'RESOLVED',
      MANUAL_CORRECTION: 'NEW',
    });
    const fresh = await inbox(`${PERIOD}&employeeId=${ivanov}&status=NEW`);
    expect(fresh.items.map((entry) => (entry as DeviationItem).type)).toEqual([
      'NO_SHIFT',
      'AUTO_CLOSED',
      'MANUAL_CORRECTION',
    ]);
  });
});

describe('who sees and acts', () => {
  it('a manager of the branch sees the branch’s people; of another branch, nothing and 404', async () => {
    const mine = await inbox(PERIOD, branchManagerToken);
    expect(mine.items.some((entry) => (entry as DeviationItem).employeeId === ivanov)).toBe(true);
    const theirs = await inbox(PERIOD, otherBranchManagerToken);
    expect(theirs.items.some((entry) => (entry as DeviationItem).employeeId === ivanov)).toBe(
      false,
    );
    const one = await get(
      `/api/v1/deviations?${PERIOD}&employeeId=${ivanov}`,
      otherBranchManagerToken,
    );
    expect(one.statusCode).toBe(404);
    const write = await act(
      { items: [item('2026-03-05', 'AUTO_CLOSED')], action: 'EXCUSE', comment: 'Не мой' },
      otherBranchManagerToken,
    );
    expect(write.statusCode).toBe(404);
    const allowed = await act(
      { items: [item('2026-03-05', 'AUTO_CLOSED')], action: 'COMMENT', comment: 'Разберусь' },
      branchManagerToken,
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('answers 404 to another company, 403 to an employee and 401 without a token', async () => {
    const token = stranger.admin.tokens.accessToken;
    expect((await get(`/api/v1/deviations?${PERIOD}&employeeId=${ivanov}`, token)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/v1/deviations?${PERIOD}&branchId=${branchId}`, token)).statusCode).toBe(
      404,
    );
    const write = await act(
      { items: [item('2026-03-05', 'AUTO_CLOSED')], action: 'EXCUSE', comment: 'Чужой' },
      token,
    );
    expect(write.statusCode).toBe(404);
    expect((await inbox(PERIOD, token)).items).toEqual([]);
    expect((await get(`/api/v1/deviations?${PERIOD}`, employeeToken)).statusCode).toBe(403);
    expect((await get('/api/v1/deviations/count', employeeToken)).statusCode).toBe(403);
    expect((await get(`/api/v1/deviations?${PERIOD}`, null)).statusCode).toBe(401);
    expect((await get('/api/v1/deviations/count', null)).statusCode).toBe(401);
    const anonymous = await act(
      { items: [item('2026-03-05', 'AUTO_CLOSED')], action: 'EXCUSE', comment: 'Кто-то' },
      null,
    );
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 422 with the field to bad periods, filters and actions', async () => {
    for (const query of [
      'from=2026-03-31&to=2026-03-01',
      'from=2026-01-01&to=2026-03-31',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01',
      `${PERIOD}&type=SOMETHING`,
      `${PERIOD}&status=OPEN`,
      `${PERIOD}&employeeId=x`,
    ]) {
      const response = await get(`/api/v1/deviations?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    const cases: [unknown, string][] = [
      [{ items: [], action: 'EXCUSE', comment: 'Причина' }, 'items'],
      [{ items: [item('2026-03-05', 'AUTO_CLOSED')], action: 'EXCUSE', comment: 'ok' }, 'comment'],
      [{ items: [item('2026-03-05', 'AUTO_CLOSED')], action: 'SET_CODE', comment: 'Код' }, 'code'],
      [
        {
          items: [item('2026-03-05', 'AUTO_CLOSED')],
          action: 'EXCUSE',
          code: 'ПР',
          comment: 'Код',
        },
        'code',
      ],
      [
        { items: [item('2026-03-05', 'AUTO_CLOSED')], action: 'FORGET', comment: 'Забыть' },
        'action',
      ],
      [
        {
          items: [item('2026-01-01', 'LATE'), item('2026-03-31', 'LATE')],
          action: 'EXCUSE',
          comment: 'Длинный период',
        },
        'items',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await act(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(
        response.data.details.map((detail: { field: string }) => detail.field.split('.')[0]),
        JSON.stringify(payload),
      ).toContain(field);
    }
  });
});
