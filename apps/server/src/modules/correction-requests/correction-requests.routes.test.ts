import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CorrectionRequestSchema,
  CorrectionRequestsPageSchema,
  EmployeesAttendanceSchema,
  ReportCardResponseSchema,
  decodeReportCard,
} from '@smena/contract';
import { wallTimeToMs } from '@smena/time';
import {
  checkHistory,
  checks,
  notifications,
  timesheetOverrideHistory,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, reportMember } from '../reports/reports.test-helpers.ts';

const MOSCOW = 'Europe/Moscow';
const BASE = '/api/v1/correction-requests';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branchId: number;
let otherBranchId: number;
let manager: { token: string; employeeId: number };
let otherManager: { token: string; employeeId: number };
let stranger: TestCompany;

/** An employee of the company's first branch, signed in. */
async function employee(options: { hireDate?: string } = {}) {
  const member = await reportMember(t, company.companyId, options);
  await linkBranch(t, company.companyId, member.employeeId, branchId);
  return member;
}

function ask(token: string, payload: Record<string, unknown>) {
  return call(t.app, { method: 'POST', url: BASE, token, payload });
}

function decide(
  token: string,
  id: number,
  action: 'approve' | 'reject' | 'withdraw',
  payload?: object,
) {
  return call(t.app, {
    method: 'POST',
    url: `${BASE}/${id}/${action}`,
    token,
    ...(payload ? { payload } : {}),
  });
}

const missed = (date: string, times: { checkIn?: string; checkOut?: string }) => ({
  kind: 'MISSED_CHECK',
  date,
  branchId,
  ...times,
  comment: 'Забыл отметиться на входе',
});

async function created(token: string, payload: Record<string, unknown>) {
  const response = await ask(token, payload);
  expect(response.statusCode, response.body).toBe(201);
  return CorrectionRequestSchema.parse(response.data);
}

async function addCheck(employeeId: number, date: string, inAt: string, outAt: string | null) {
  const [row] = await t.database.db
    .insert(checks)
    .values({
      companyId: company.companyId,
      employeeId,
      branchId,
      checkIn: new Date(wallTimeToMs(date, inAt, MOSCOW)),
      checkOut: outAt === null ? null : new Date(wallTimeToMs(date, outAt, MOSCOW)),
      source: 'WEB',
    })
    .returning({ id: checks.id });
  return row!.id;
}

function fieldsOf(response: { data: { details?: { field: string }[] } }) {
  return (response.data.details ?? []).map((detail) => detail.field);
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branchId = (await createBranch(t, adminToken)).id;
  otherBranchId = (await createBranch(t, adminToken)).id;
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
  const branch = await call(t.app, {
    method: 'GET',
    url: `/api/v1/branches/${branchId}`,
    token: adminToken,
  });
  expect(branch.data.timezone).toBe(MOSCOW);
});
afterAll(async () => {
  await t.close();
});

describe('asking for a correction', () => {
  it('creates a pending request for oneself, shown in «mine» and counted for the manager', async () => {
    const me = await employee();
    const request = await created(
      me.token,
      missed('2026-10-05', { checkIn: '09:00', checkOut: '18:00' }),
    );
    expect(request).toMatchObject({
      employeeId: me.employeeId,
      date: '2026-10-05',
      kind: 'MISSED_CHECK',
      branchId,
      checkIn: '09:00',
      checkOut: '18:00',
      status: 'PENDING',
      decidedAt: null,
      reason: null,
    });
    const mine = await call(t.app, { method: 'GET', url: `${BASE}/mine`, token: me.token });
    expect(CorrectionRequestsPageSchema.parse(mine.data).items.map((item) => item.id)).toEqual([
      request.id,
    ]);
    const count = await call(t.app, {
      method: 'GET',
      url: `${BASE}/pending-count`,
      token: manager.token,
    });
    expect(count.data.count).toBeGreaterThanOrEqual(1);
    const otherCount = await call(t.app, {
      method: 'GET',
      url: `${BASE}/pending-count`,
      token: otherManager.token,
    });
    expect(otherCount.data.count).toBe(0);

    // The managers who see the employee hear of the request; a manager of another branch does not.
    const bell = async (token: string) =>
      (await call(t.app, { method: 'GET', url: '/api/v1/notifications', token })).data.items as {
        kind: string;
        title: string;
      }[];
    expect(await bell(manager.token)).toContainEqual(
      expect.objectContaining({
        kind: 'CORRECTION_REQUEST',
        title: expect.stringContaining('Запрос на исправление'),
      }),
    );
    expect((await bell(otherManager.token)).map((item) => item.kind)).not.toContain(
      'CORRECTION_REQUEST',
    );
  });

  it('answers 422 with the field for each broken rule', async () => {
    const me = await employee({ hireDate: '2026-09-01' });
    const cases: [Record<string, unknown>, string][] = [
      [missed('2026-10-06', { checkIn: '18:00', checkOut: '09:00' }), 'checkOut'],
      [missed('2026-10-06', {}), 'checkIn'],
      [missed('2026-10-06', { checkIn: '9:00' }), 'checkIn'],
      [missed('2099-01-05', { checkIn: '09:00', checkOut: '18:00' }), 'date'],
      [missed('2026-08-31', { checkIn: '09:00', checkOut: '18:00' }), 'date'],
      // No check that date: a forgotten check-out alone has nothing to close.
      [missed('2026-10-06', { checkOut: '18:00' }), 'checkIn'],
      [
        { ...missed('2026-10-06', { checkIn: '09:00', checkOut: '18:00' }), comment: '' },
        'comment',
      ],
      [
        { kind: 'DAY_CODE', date: '2026-10-06', code: 'К', comment: 'Командировка в Тверь' },
        'minutes',
      ],
      [
        { kind: 'DAY_CODE', date: '2026-10-06', code: 'ПР', comment: 'Так вышло, простите' },
        'code',
      ],
      [
        { kind: 'OTHER_BRANCH', date: '2026-10-06', checkIn: '09:00', comment: 'Был в другом' },
        'branchId',
      ],
      [
        { ...missed('2026-10-06', { checkIn: '09:00', checkOut: '18:00' }), branchId: 999_999 },
        'branchId',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await ask(me.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldsOf(response), JSON.stringify(payload)).toContain(field);
    }
  });

  it('keeps one pending request per employee and date', async () => {
    const me = await employee();
    await created(me.token, missed('2026-10-07', { checkIn: '09:00', checkOut: '18:00' }));
    const again = await ask(me.token, {
      kind: 'DAY_CODE',
      date: '2026-10-07',
      code: 'Г',
      comment: 'Был в суде присяжным',
    });
    expect(again.statusCode).toBe(422);
    expect(fieldsOf(again)).toEqual(['date']);
  });

  it('is for oneself only: a colleague is not found', async () => {
    const me = await employee();
    const colleague = await employee();
    const response = await ask(me.token, {
      ...missed('2026-10-08', { checkIn: '09:00', checkOut: '18:00' }),
      employeeId: colleague.employeeId,
    });
    expect(response.statusCode).toBe(404);
    const theirs = await created(
      colleague.token,
      missed('2026-10-08', { checkIn: '09:00', checkOut: '18:00' }),
    );
    expect((await decide(me.token, theirs.id, 'withdraw')).statusCode).toBe(404);
    expect((await decide(me.token, theirs.id, 'approve')).statusCode).toBe(403);
    const mine = await call(t.app, { method: 'GET', url: `${BASE}/mine`, token: me.token });
    expect(mine.data.items).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t.app, { method: 'POST', url: BASE, payload: {} })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: `${BASE}/mine` })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: `${BASE}/1/approve` })).statusCode).toBe(401);
  });
});

describe('deciding', () => {
  it('approval creates the forgotten check with its history and tells the employee', async () => {
    const me = await employee();
    const request = await created(
      me.token,
      missed('2026-10-12', { checkIn: '09:00', checkOut: '18:00' }),
    );
    const approved = await decide(manager.token, request.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(CorrectionRequestSchema.parse(approved.data)).toMatchObject({
      status: 'APPROVED',
      decidedById: manager.employeeId,
      decidedAt: expect.any(String),
    });

    const rows = await t.database.db
      .select()
      .from(checks)
      .where(and(eq(checks.employeeId, me.employeeId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.checkIn.getTime()).toBe(wallTimeToMs('2026-10-12', '09:00', MOSCOW));
    expect(rows[0]!.checkOut!.getTime()).toBe(wallTimeToMs('2026-10-12', '18:00', MOSCOW));
    const history = await t.database.db
      .select()
      .from(checkHistory)
      .where(eq(checkHistory.checkId, rows[0]!.id));
    expect(history.map((row) => row.action)).toEqual(['CREATE']);
    expect(history[0]!.reason).toContain(`№${request.id}`);

    // The attendance module sees the check on that date.
    const attendance = await call(t.app, {
      method: 'GET',
      url: `/api/v1/attendance?from=2026-10-12&to=2026-10-12&employeeIds=${me.employeeId}`,
      token: manager.token,
    });
    const day = EmployeesAttendanceSchema.parse(attendance.data).employees[0]!.days[0]!;
    expect(day.checkIds).toEqual([rows[0]!.id]);
    expect(day.workedMinutes).toBe(540);

    const bell = await call(t.app, {
      method: 'GET',
      url: '/api/v1/notifications',
      token: me.token,
    });
    expect(bell.data.items).toContainEqual(
      expect.objectContaining({
        kind: 'CORRECTION_REQUEST',
        title: 'Исправление за 2026-10-12 одобрено',
      }),
    );
  });

  it('approval of a forgotten check-out corrects the open check through the corrections path', async () => {
    const me = await employee();
    const checkId = await addCheck(me.employeeId, '2026-10-13', '09:05', null);
    const request = await created(me.token, missed('2026-10-13', { checkOut: '18:10' }));
    expect((await decide(manager.token, request.id, 'approve')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(checks).where(eq(checks.id, checkId));
    expect(row!.checkIn.getTime()).toBe(wallTimeToMs('2026-10-13', '09:05', MOSCOW));
    expect(row!.checkOut!.getTime()).toBe(wallTimeToMs('2026-10-13', '18:10', MOSCOW));
    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${checkId}/history`,
      token: adminToken,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.data.items).toContainEqual(
      expect.objectContaining({
        action: 'UPDATE',
        reason: expect.stringContaining(`№${request.id}`),
      }),
    );
  });

  it('approval of a check at another branch adds it there', async () => {
    const me = await employee();
    const request = await created(me.token, {
      kind: 'OTHER_BRANCH',
      date: '2026-10-14',
      branchId: otherBranchId,
      checkIn: '10:00',
      checkOut: '15:30',
      comment: 'Подменял коллегу в другом филиале',
    });
    expect((await decide(adminToken, request.id, 'approve')).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(checks)
      .where(eq(checks.employeeId, me.employeeId));
    expect(rows.map((row) => row.branchId)).toEqual([otherBranchId]);
  });

  it('approval of a business trip sets the date’s T-13 code through the overrides with history', async () => {
    const me = await employee();
    const request = await created(me.token, {
      kind: 'DAY_CODE',
      date: '2026-10-15',
      code: 'К',
      minutes: 480,
      comment: 'Командировка в Тверь',
    });
    expect((await decide(manager.token, request.id, 'approve')).statusCode).toBe(200);
    const response = await call(t.app, {
      method: 'GET',
      url: `/api/v1/reports/report-card?month=2026-10&employeeId=${me.employeeId}`,
      token: manager.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const card = decodeReportCard(ReportCardResponseSchema.parse(response.data));
    const day = card.employees[0]!.days.find((entry) => entry.date === '2026-10-15')!;
    expect(day.entries).toEqual([{ code: 'К', minutes: 480 }]);
    expect(day.override?.reason).toContain(`№${request.id}`);
    const history = await t.database.db
      .select()
      .from(timesheetOverrideHistory)
      .where(eq(timesheetOverrideHistory.employeeId, me.employeeId));
    expect(history.map((row) => row.action)).toEqual(['SET']);
  });

  it('rejection needs a reason, which the employee then sees', async () => {
    const me = await employee();
    const request = await created(
      me.token,
      missed('2026-10-16', { checkIn: '09:00', checkOut: '18:00' }),
    );
    const bare = await decide(manager.token, request.id, 'reject', {});
    expect(bare.statusCode).toBe(422);
    expect(fieldsOf(bare)).toEqual(['reason']);
    const rejected = await decide(manager.token, request.id, 'reject', {
      reason: 'По камерам вас не было',
    });
    expect(rejected.statusCode).toBe(200);
    const mine = await call(t.app, { method: 'GET', url: `${BASE}/mine`, token: me.token });
    expect(mine.data.items[0]).toMatchObject({
      status: 'REJECTED',
      reason: 'По камерам вас не было',
      decidedByName: expect.any(String),
    });
    const rows = await t.database.db
      .select()
      .from(checks)
      .where(eq(checks.employeeId, me.employeeId));
    expect(rows).toEqual([]);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `correction-decided:${request.id}`));
    expect(note!.body).toContain('По камерам вас не было');
    expect((await decide(manager.token, request.id, 'approve')).statusCode).toBe(409);
  });

  it('withdrawal leaves nothing to approve; a second approval is a conflict', async () => {
    const me = await employee();
    const request = await created(
      me.token,
      missed('2026-10-19', { checkIn: '09:00', checkOut: '18:00' }),
    );
    const withdrawn = await decide(me.token, request.id, 'withdraw');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.data.status).toBe('WITHDRAWN');
    expect((await decide(manager.token, request.id, 'approve')).statusCode).toBe(409);
    expect((await decide(me.token, request.id, 'withdraw')).statusCode).toBe(409);

    const next = await created(
      me.token,
      missed('2026-10-19', { checkIn: '09:00', checkOut: '18:00' }),
    );
    expect((await decide(manager.token, next.id, 'approve')).statusCode).toBe(200);
    expect((await decide(adminToken, next.id, 'approve')).statusCode).toBe(409);
    const rows = await t.database.db
      .select()
      .from(checks)
      .where(eq(checks.employeeId, me.employeeId));
    expect(rows).toHaveLength(1);
  });

  it('two approvals at once: one wins, the other is a conflict, one check is written', async () => {
    const me = await employee();
    const request = await created(
      me.token,
      missed('2026-10-20', { checkIn: '09:00', checkOut: '18:00' }),
    );
    const answers = await Promise.all([
      decide(manager.token, request.id, 'approve'),
      decide(adminToken, request.id, 'approve'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db
      .select()
      .from(checks)
      .where(eq(checks.employeeId, me.employeeId));
    expect(rows).toHaveLength(1);
  });

  it('a request that no longer fits the date’s check is a conflict, not a bad body', async () => {
    const me = await employee();
    const checkId = await addCheck(me.employeeId, '2026-10-26', '12:00', '17:00');
    const request = await created(me.token, missed('2026-10-26', { checkIn: '18:00' }));
    const answer = await decide(manager.token, request.id, 'approve');
    expect(answer.statusCode).toBe(409);
    expect(answer.data.message).toContain('Уход должен быть позже прихода');
    const [row] = await t.database.db.select().from(checks).where(eq(checks.id, checkId));
    expect(row!.checkIn.getTime()).toBe(wallTimeToMs('2026-10-26', '12:00', MOSCOW));
  });

  it('an approval that would overlap another check is a conflict and writes nothing', async () => {
    const me = await employee();
    await addCheck(me.employeeId, '2026-10-21', '08:00', '12:00');
    const request = await created(me.token, {
      kind: 'OTHER_BRANCH',
      date: '2026-10-21',
      branchId: otherBranchId,
      checkIn: '11:00',
      checkOut: '15:00',
      comment: 'После обеда был в другом филиале',
    });
    expect((await decide(manager.token, request.id, 'approve')).statusCode).toBe(409);
    const again = await call(t.app, { method: 'GET', url: `${BASE}/mine`, token: me.token });
    expect(again.data.items[0].status).toBe('PENDING');
  });

  it('a manager decides only within their scope, never their own request', async () => {
    const me = await employee();
    const request = await created(
      me.token,
      missed('2026-10-22', { checkIn: '09:00', checkOut: '18:00' }),
    );
    expect((await decide(otherManager.token, request.id, 'approve')).statusCode).toBe(404);
    expect(
      (await decide(otherManager.token, request.id, 'reject', { reason: 'Не мой сотрудник' }))
        .statusCode,
    ).toBe(404);
    const theirList = await call(t.app, { method: 'GET', url: BASE, token: otherManager.token });
    expect(theirList.data.items.map((item: { id: number }) => item.id)).not.toContain(request.id);
    const list = await call(t.app, {
      method: 'GET',
      url: `${BASE}?status=PENDING&branchId=${branchId}&employeeId=${me.employeeId}`,
      token: manager.token,
    });
    expect(CorrectionRequestsPageSchema.parse(list.data).items.map((item) => item.id)).toEqual([
      request.id,
    ]);

    const own = await created(
      manager.token,
      missed('2026-10-22', { checkIn: '09:00', checkOut: '18:00' }),
    );
    expect((await decide(manager.token, own.id, 'approve')).statusCode).toBe(403);
  });

  it('another company’s admin finds nothing', async () => {
    const me = await employee();
    const request = await created(
      me.token,
      missed('2026-10-23', { checkIn: '09:00', checkOut: '18:00' }),
    );
    const token = stranger.admin.tokens.accessToken;
    expect((await decide(token, request.id, 'approve')).statusCode).toBe(404);
    expect((await decide(token, request.id, 'reject', { reason: 'Чужой запрос' })).statusCode).toBe(
      404,
    );
    expect((await decide(token, request.id, 'withdraw')).statusCode).toBe(404);
    const list = await call(t.app, { method: 'GET', url: BASE, token });
    expect(list.data.items).toEqual([]);
    const employeeOfOther = await ask(token, {
      ...missed('2026-10-23', { checkIn: '09:00', checkOut: '18:00' }),
      employeeId: me.employeeId,
    });
    expect(employeeOfOther.statusCode).toBe(404);
  });
});
