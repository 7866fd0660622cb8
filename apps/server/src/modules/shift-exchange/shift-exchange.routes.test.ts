import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PgSession } from 'drizzle-orm/pg-core';
import { and, eq, inArray } from 'drizzle-orm';
import {
  AvailableOpenShiftListSchema,
  ClaimWithShiftSchema,
  ErrorCode,
  MySwapsSchema,
  OpenShiftSchema,
  ShiftSwapSchema,
} from '@smena/contract';
import { addDays, localDateOf } from '@smena/time';
import {
  employees,
  monthPeriods,
  notifications,
  openShiftClaims,
  rosterShifts,
  shiftSwaps,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, reportMember } from '../reports/reports.test-helpers.ts';

const API = '/api/v1';
const TODAY = localDateOf(Date.now(), 'Europe/Moscow');
/** Dates well ahead, each test on its own date so they do not meet. */
let nextDay = 5;
const freshDate = () => addDays(TODAY, nextDay++);

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branchId: number;
let otherBranchId: number;
let manager: { token: string; employeeId: number; user: { id: number } };
let otherManager: { token: string; employeeId: number };
let stranger: TestCompany;

type Member = { employeeId: number; token: string; userId: number };

async function employee(branch = branchId): Promise<Member> {
  const member = await reportMember(t, company.companyId);
  await linkBranch(t, company.companyId, member.employeeId, branch);
  const [row] = await t.database.db
    .select({ userId: employees.userId })
    .from(employees)
    .where(eq(employees.id, member.employeeId));
  return { ...member, userId: row!.userId };
}

function post(token: string | undefined, url: string, payload?: object) {
  return call(t.app, {
    method: 'POST',
    url: `${API}${url}`,
    ...(token !== undefined ? { token } : {}),
    ...(payload ? { payload } : {}),
  });
}
function get(token: string | undefined, url: string) {
  return call(t.app, { method: 'GET', url: `${API}${url}`, ...(token ? { token } : {}) });
}

async function postShift(token: string, date: string, extra: object = {}) {
  const response = await post(token, '/open-shifts', {
    branchId,
    date,
    start: '10:00',
    end: '16:00',
    headcount: 1,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return OpenShiftSchema.parse(response.data);
}

async function claim(token: string | undefined, openShiftId: number) {
  return post(token, `/open-shifts/${openShiftId}/claim`);
}

async function rosterOf(employeeId: number, date: string) {
  const [row] = await t.database.db
    .select({ shifts: rosterShifts.shifts })
    .from(rosterShifts)
    .where(and(eq(rosterShifts.employeeId, employeeId), eq(rosterShifts.date, date)));
  return row?.shifts;
}

async function putRoster(employeeId: number, date: string, shifts: object[]) {
  const response = await call(t.app, {
    method: 'PUT',
    url: `${API}/roster`,
    token: adminToken,
    payload: { employeeId, date, shifts },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function notificationsOf(userIds: number[], kind: string) {
  return t.database.db
    .select({ userId: notifications.userId, title: notifications.title, url: notifications.url })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, kind)));
}

async function setMode(mode: 'AUTO' | 'APPROVED_ONLY') {
  const response = await call(t.app, {
    method: 'PATCH',
    url: `${API}/profile/company`,
    token: adminToken,
    payload: { openShiftClaims: mode },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.data.openShiftClaims).toBe(mode);
}

beforeAll(async () => {
  t = await buildTestApp(process.env.DEBUG_LOG ? { LOG_LEVEL: 'error' } : {});
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
});
afterAll(async () => {
  await t.close();
});

describe('open shifts: posting', () => {
  it('a manager posts within their branch; the free employees of the branch are told in one batch', async () => {
    const free = await employee();
    const busy = await employee();
    const elsewhere = await employee(otherBranchId);
    const date = freshDate();
    await putRoster(busy.employeeId, date, [{ start: '09:00', end: '13:00' }]);
    const shift = await postShift(manager.token, date, { comment: 'Инвентаризация' });
    expect(shift).toMatchObject({
      branchId,
      date,
      start: '10:00',
      end: '16:00',
      breakMinutes: 0,
      headcount: 1,
      filled: 0,
      status: 'OPEN',
      comment: 'Инвентаризация',
      claims: [],
    });
    const told = await notificationsOf([free.userId, busy.userId, elsewhere.userId], 'OPEN_SHIFT');
    expect(told.map((row) => row.userId)).toEqual([free.userId]);
    expect(told[0]!.url).toBe('/');
  });

  it('refuses a manager of another branch (404), an employee (403), another company (404), no token (401)', async () => {
    const date = freshDate();
    const payload = { branchId, date, start: '10:00', end: '16:00', headcount: 1 };
    expect((await post(otherManager.token, '/open-shifts', payload)).statusCode).toBe(404);
    const someone = await employee();
    expect((await post(someone.token, '/open-shifts', payload)).statusCode).toBe(403);
    expect(
      (await post(stranger.admin.tokens.accessToken, '/open-shifts', payload)).statusCode,
    ).toBe(404);
    expect((await post(undefined, '/open-shifts', payload)).statusCode).toBe(401);
    const shift = await postShift(manager.token, date);
    expect(
      (await post(stranger.admin.tokens.accessToken, `/open-shifts/${shift.id}/cancel`)).statusCode,
    ).toBe(404);
    expect((await post(otherManager.token, `/open-shifts/${shift.id}/cancel`)).statusCode).toBe(
      404,
    );
    const list = await get(otherManager.token, '/open-shifts');
    expect(list.data.items.map((item: { id: number }) => item.id)).not.toContain(shift.id);
  });

  it('answers 422 with the fields for bad input and a past date', async () => {
    const bad = await post(manager.token, '/open-shifts', {
      branchId,
      date: freshDate(),
      start: '10:00',
      end: '10:00',
      headcount: 0,
    });
    expect(bad.statusCode).toBe(422);
    const fields = (bad.data.details as { field: string }[]).map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['headcount', 'end']));
    const past = await post(manager.token, '/open-shifts', {
      branchId,
      date: addDays(TODAY, -3),
      start: '10:00',
      end: '16:00',
      headcount: 1,
    });
    expect(past.statusCode).toBe(422);
    expect(past.data.details[0].field).toBe('date');
  });
});

describe('open shifts: claims after approval', () => {
  it('an employee sees and claims; the branch manager approves; the roster and the plan update', async () => {
    await setMode('APPROVED_ONLY');
    const me = await employee();
    const date = freshDate();
    await putRoster(me.employeeId, date, [{ start: '18:00', end: '22:00' }]);
    const shift = await postShift(manager.token, date);
    const available = AvailableOpenShiftListSchema.parse(
      (await get(me.token, '/open-shifts/available')).data,
    );
    expect(available.mode).toBe('APPROVED_ONLY');
    expect(available.items.find((item) => item.id === shift.id)?.myClaim).toBeNull();

    const claimed = await claim(me.token, shift.id);
    expect(claimed.statusCode, claimed.body).toBe(201);
    const pending = ClaimWithShiftSchema.parse(claimed.data);
    expect(pending.status).toBe('PENDING');
    expect(await rosterOf(me.employeeId, date)).toEqual([
      { start: '18:00', end: '22:00', breakMinutes: 0 },
    ]);
    expect(
      (await notificationsOf([manager.user.id], 'OPEN_SHIFT')).some((row) =>
        row.title.startsWith('Заявка на открытую смену'),
      ),
    ).toBe(true);
    const count = await get(manager.token, '/shift-exchange/pending-count');
    expect(count.data.claims).toBeGreaterThanOrEqual(1);

    // Not the employee's to approve; not another branch's manager's; not another company's.
    expect((await post(me.token, `/open-shift-claims/${pending.id}/approve`)).statusCode).toBe(403);
    expect(
      (await post(otherManager.token, `/open-shift-claims/${pending.id}/approve`)).statusCode,
    ).toBe(404);
    expect(
      (await post(stranger.admin.tokens.accessToken, `/open-shift-claims/${pending.id}/approve`))
        .statusCode,
    ).toBe(404);
    expect((await post(undefined, `/open-shift-claims/${pending.id}/approve`)).statusCode).toBe(
      401,
    );

    const approved = await post(manager.token, `/open-shift-claims/${pending.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ClaimWithShiftSchema.parse(approved.data)).toMatchObject({
      status: 'APPROVED',
      shift: { filled: 1 },
    });
    expect(await rosterOf(me.employeeId, date)).toEqual([
      { start: '10:00', end: '16:00', breakMinutes: 0 },
      { start: '18:00', end: '22:00', breakMinutes: 0 },
    ]);
    const plan = await get(
      adminToken,
      `/calendar?from=${date}&to=${date}&employeeId=${me.employeeId}`,
    );
    expect(plan.statusCode, plan.body).toBe(200);
    const told = await notificationsOf([me.userId], 'OPEN_SHIFT');
    expect(told.some((row) => row.title === `Смена ${date} ваша`)).toBe(true);
    // Decided once: a second approval is a conflict.
    expect((await post(manager.token, `/open-shift-claims/${pending.id}/approve`)).statusCode).toBe(
      409,
    );
  });

  it('a rejection needs a reason and tells the employee; a withdrawal is the claimer’s own', async () => {
    await setMode('APPROVED_ONLY');
    const me = await employee();
    const other = await employee();
    const shift = await postShift(manager.token, freshDate(), { headcount: 2 });
    const first = ClaimWithShiftSchema.parse((await claim(me.token, shift.id)).data);
    expect(
      (await post(manager.token, `/open-shift-claims/${first.id}/reject`, {})).statusCode,
    ).toBe(422);
    const rejected = await post(manager.token, `/open-shift-claims/${first.id}/reject`, {
      reason: 'Уже нашли человека',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.data).toMatchObject({ status: 'REJECTED', reason: 'Уже нашли человека' });
    expect(
      (await notificationsOf([me.userId], 'OPEN_SHIFT')).some((row) =>
        row.title.includes('отклонена'),
      ),
    ).toBe(true);

    const second = ClaimWithShiftSchema.parse((await claim(other.token, shift.id)).data);
    expect((await post(me.token, `/open-shift-claims/${second.id}/withdraw`)).statusCode).toBe(404);
    const withdrawn = await post(other.token, `/open-shift-claims/${second.id}/withdraw`);
    expect(withdrawn.data.status).toBe('WITHDRAWN');
    // History: decided rows stay.
    const rows = await t.database.db
      .select({ status: openShiftClaims.status })
      .from(openShiftClaims)
      .where(eq(openShiftClaims.openShiftId, shift.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['REJECTED', 'WITHDRAWN']);
  });

  it('an employee of another branch, or busy at that time, cannot claim', async () => {
    const outsider = await employee(otherBranchId);
    const busy = await employee();
    const date = freshDate();
    await putRoster(busy.employeeId, date, [{ start: '12:00', end: '20:00' }]);
    const shift = await postShift(manager.token, date);
    expect((await claim(outsider.token, shift.id)).statusCode).toBe(404);
    expect((await claim(stranger.admin.tokens.accessToken, shift.id)).statusCode).toBe(404);
    expect((await claim(undefined, shift.id)).statusCode).toBe(401);
    const refused = await claim(busy.token, shift.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.data.message).toBe('В это время у вас уже есть смена');
  });

  it('the approved month refuses the approval (409 PERIOD_LOCKED) and nothing changes', async () => {
    await setMode('APPROVED_ONLY');
    const me = await employee();
    const date = addDays(TODAY, 70);
    const shift = await postShift(manager.token, date);
    const pending = ClaimWithShiftSchema.parse((await claim(me.token, shift.id)).data);
    await t.database.db.insert(monthPeriods).values({
      companyId: company.companyId,
      month: date.slice(0, 7),
      branchId,
      status: 'APPROVED',
    });
    const answer = await post(manager.token, `/open-shift-claims/${pending.id}/approve`);
    expect(answer.statusCode).toBe(409);
    expect(answer.data.code).toBe(ErrorCode.PERIOD_LOCKED);
    expect(await rosterOf(me.employeeId, date)).toBeUndefined();
    const [row] = await t.database.db
      .select({ status: openShiftClaims.status })
      .from(openShiftClaims)
      .where(eq(openShiftClaims.id, pending.id));
    expect(row!.status).toBe('PENDING');
    await t.database.db.delete(monthPeriods).where(eq(monthPeriods.companyId, company.companyId));
  });
});

describe('open shifts: cancelling and warnings', () => {
  it('cancelling rejects the waiting claims and tells the claimers in one batch', async () => {
    await setMode('APPROVED_ONLY');
    const a = await employee();
    const b = await employee();
    const shift = await postShift(manager.token, freshDate(), { headcount: 2 });
    await claim(a.token, shift.id);
    await claim(b.token, shift.id);
    const cancelled = await post(manager.token, `/open-shifts/${shift.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(OpenShiftSchema.parse(cancelled.data).claims.map((c) => c.status)).toEqual([
      'REJECTED',
      'REJECTED',
    ]);
    const told = await notificationsOf([a.userId, b.userId], 'OPEN_SHIFT');
    expect(
      told
        .filter((row) => row.title.endsWith('отменена'))
        .map((row) => row.userId)
        .sort(),
    ).toEqual([a.userId, b.userId].sort());
    expect((await post(manager.token, `/open-shifts/${shift.id}/cancel`)).statusCode).toBe(409);
    expect((await claim(a.token, shift.id)).statusCode).toBe(409);
  });

  it('the manager sees the claimer’s «Не могу» of the date before approving', async () => {
    await setMode('APPROVED_ONLY');
    const me = await employee();
    const date = freshDate();
    const marked = await call(t.app, {
      method: 'PUT',
      url: `${API}/availability`,
      token: me.token,
      payload: { date, kind: 'UNAVAILABLE', comment: 'Экзамен' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const shift = await postShift(manager.token, date);
    const pending = ClaimWithShiftSchema.parse((await claim(me.token, shift.id)).data);
    const list = await get(manager.token, '/open-shift-claims?status=PENDING');
    const item = (list.data.items as { id: number; availability: unknown }[]).find(
      (row) => row.id === pending.id,
    );
    expect(item?.availability).toMatchObject({ kind: 'UNAVAILABLE', comment: 'Экзамен' });
  });
});

describe('open shifts: the Labour Code checks (decision 026)', () => {
  async function setEnforcement(mode: 'WARN' | 'BLOCK') {
    const response = await call(t.app, {
      method: 'PATCH',
      url: `${API}/profile/company`,
      token: adminToken,
      payload: { planRuleEnforcement: mode },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('with hard stops, an approval that takes away the weekly rest is refused and changes nothing', async () => {
    await setMode('APPROVED_ONLY');
    const me = await employee();
    // A Monday well ahead of the other tests' dates: Monday to Saturday 09:00–21:00 planned, the
    // next Monday free and Tuesday 09:00–21:00, so the weekend's rest (Saturday 21:00 to Tuesday
    // 09:00) is 60 hours.
    let monday = addDays(TODAY, 70);
    while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
    for (let day = 0; day < 6; day++)
      await putRoster(me.employeeId, addDays(monday, day), [
        { start: '09:00', end: '21:00', breakMinutes: 60 },
      ]);
    await putRoster(me.employeeId, addDays(monday, 7), []);
    await putRoster(me.employeeId, addDays(monday, 8), [
      { start: '09:00', end: '21:00', breakMinutes: 60 },
    ]);
    const sunday = addDays(monday, 6);
    const shift = await postShift(manager.token, sunday);
    const claimed = await claim(me.token, shift.id);
    expect(claimed.statusCode, claimed.body).toBe(201);
    const pending = ClaimWithShiftSchema.parse(claimed.data);

    // Sunday 10:00–16:00 leaves 41 hours (Sunday 16:00 to Tuesday 09:00): art. 110.
    await setEnforcement('BLOCK');
    try {
      const refused = await post(manager.token, `/open-shift-claims/${pending.id}/approve`);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.data.code).toBe(ErrorCode.PLAN_RULES_VIOLATED);
      expect(refused.data.violations).toEqual([
        expect.objectContaining({ employeeId: me.employeeId, code: 'WEEKLY_REST', article: '110' }),
      ]);
      expect(await rosterOf(me.employeeId, sunday)).toBeUndefined();
      const [row] = await t.database.db
        .select({ status: openShiftClaims.status })
        .from(openShiftClaims)
        .where(eq(openShiftClaims.id, pending.id));
      expect(row!.status).toBe('PENDING');
    } finally {
      await setEnforcement('WARN');
    }

    // Warnings only: the same approval goes through.
    const approved = await post(manager.token, `/open-shift-claims/${pending.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await rosterOf(me.employeeId, sunday)).toEqual([
      { start: '10:00', end: '16:00', breakMinutes: 0 },
    ]);
  });
});

describe('query counts', () => {
  it('the manager’s lists read a fixed number of queries whatever the number of claims', async () => {
    await setMode('APPROVED_ONLY');
    const date = freshDate();
    const shift = await postShift(manager.token, date, { headcount: 10 });
    const session = (t.database.db as unknown as { session: PgSession }).session;
    const spy = vi.spyOn(session, 'prepareQuery');
    const queriesOf = async (url: string) => {
      spy.mockClear();
      expect((await get(manager.token, url)).statusCode).toBe(200);
      return spy.mock.calls.length;
    };
    try {
      await claim((await employee()).token, shift.id);
      const lists = ['/open-shift-claims', `/open-shifts?from=${date}&to=${date}`];
      const before = [];
      for (const url of lists) before.push(await queriesOf(url));
      for (let i = 0; i < 4; i++) await claim((await employee()).token, shift.id);
      const after = [];
      for (const url of lists) after.push(await queriesOf(url));
      expect(before.every((count) => count > 0)).toBe(true);
      expect(after).toEqual(before);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('open shifts: claims applied at once', () => {
  it('two employees claim the last place at once: one wins, the other gets 409', async () => {
    await setMode('AUTO');
    const a = await employee();
    const b = await employee();
    const date = freshDate();
    const shift = await postShift(manager.token, date);
    const answers = await Promise.all([claim(a.token, shift.id), claim(b.token, shift.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const lost = answers.find((answer) => answer.statusCode === 409)!;
    expect(lost.data.message).toBe('Все места на эту смену уже заняты');
    const won = ClaimWithShiftSchema.parse(answers.find((x) => x.statusCode === 201)!.data);
    expect(won.status).toBe('APPROVED');
    const rosters = await t.database.db
      .select({ employeeId: rosterShifts.employeeId })
      .from(rosterShifts)
      .where(
        and(
          eq(rosterShifts.date, date),
          inArray(rosterShifts.employeeId, [a.employeeId, b.employeeId]),
        ),
      );
    expect(rosters.map((row) => row.employeeId)).toEqual([won.employeeId]);
    // The shift is full: no longer offered to the other one.
    const loser = won.employeeId === a.employeeId ? b : a;
    const available = AvailableOpenShiftListSchema.parse(
      (await get(loser.token, '/open-shifts/available')).data,
    );
    expect(available.items.map((item) => item.id)).not.toContain(shift.id);
    await setMode('APPROVED_ONLY');
  });
});

describe('hand-overs', () => {
  async function offered(giver: Member, date: string, toEmployeeId?: number) {
    const response = await post(giver.token, '/shift-swaps', {
      date,
      start: '09:00',
      ...(toEmployeeId ? { toEmployeeId } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return ShiftSwapSchema.parse(response.data);
  }

  it('offered to a colleague, accepted, approved: both rosters change and everyone is told', async () => {
    const giver = await employee();
    const taker = await employee();
    const date = freshDate();
    await putRoster(giver.employeeId, date, [{ start: '09:00', end: '15:00', breakMinutes: 30 }]);
    const colleagues = await get(giver.token, `/shift-swaps/colleagues?date=${date}&start=09:00`);
    expect(colleagues.data.items.map((item: { id: number }) => item.id)).toContain(
      taker.employeeId,
    );

    const swap = await offered(giver, date, taker.employeeId);
    expect(swap).toMatchObject({
      status: 'OFFERED',
      start: '09:00',
      end: '15:00',
      breakMinutes: 30,
    });
    expect((await notificationsOf([taker.userId], 'SHIFT_SWAP')).length).toBe(1);
    const mine = MySwapsSchema.parse((await get(taker.token, '/shift-swaps/mine')).data);
    expect(mine.offeredToMe.map((item) => item.id)).toContain(swap.id);

    // Approval waits for the colleague.
    expect((await post(manager.token, `/shift-swaps/${swap.id}/approve`)).statusCode).toBe(409);
    const accepted = await post(taker.token, `/shift-swaps/${swap.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.data.status).toBe('ACCEPTED');
    expect(
      (await notificationsOf([manager.user.id, giver.userId], 'SHIFT_SWAP'))
        .map((row) => row.userId)
        .sort(),
    ).toEqual([manager.user.id, giver.userId].sort());

    expect((await post(taker.token, `/shift-swaps/${swap.id}/approve`)).statusCode).toBe(403);
    expect((await post(otherManager.token, `/shift-swaps/${swap.id}/approve`)).statusCode).toBe(
      404,
    );
    expect(
      (await post(stranger.admin.tokens.accessToken, `/shift-swaps/${swap.id}/approve`)).statusCode,
    ).toBe(404);
    expect((await post(undefined, `/shift-swaps/${swap.id}/approve`)).statusCode).toBe(401);

    const approved = await post(manager.token, `/shift-swaps/${swap.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.data.status).toBe('APPROVED');
    expect(await rosterOf(giver.employeeId, date)).toEqual([]);
    expect(await rosterOf(taker.employeeId, date)).toEqual([
      { start: '09:00', end: '15:00', breakMinutes: 30 },
    ]);
    const decided = await notificationsOf([giver.userId, taker.userId], 'SHIFT_SWAP');
    expect(
      decided
        .filter((row) => row.title.includes('одобрен'))
        .map((r) => r.userId)
        .sort(),
    ).toEqual([giver.userId, taker.userId].sort());
  });

  it('refuses a swap whose giver’s plan changed since the offer: nothing half-way', async () => {
    const giver = await employee();
    const taker = await employee();
    const date = freshDate();
    await putRoster(giver.employeeId, date, [{ start: '09:00', end: '15:00' }]);
    const swap = await offered(giver, date);
    expect((await post(taker.token, `/shift-swaps/${swap.id}/accept`)).statusCode).toBe(200);
    await putRoster(giver.employeeId, date, [{ start: '11:00', end: '17:00' }]);
    const answer = await post(manager.token, `/shift-swaps/${swap.id}/approve`);
    expect(answer.statusCode).toBe(409);
    expect(answer.data.message).toContain('изменился после предложения');
    expect(await rosterOf(taker.employeeId, date)).toBeUndefined();
    expect(await rosterOf(giver.employeeId, date)).toEqual([
      { start: '11:00', end: '17:00', breakMinutes: 0 },
    ]);
    const [row] = await t.database.db
      .select({ status: shiftSwaps.status })
      .from(shiftSwaps)
      .where(eq(shiftSwaps.id, swap.id));
    expect(row!.status).toBe('ACCEPTED');
  });

  it('an offer to a named colleague is not another’s to accept; a decline and a cancel keep history', async () => {
    const giver = await employee();
    const named = await employee();
    const other = await employee();
    const date = freshDate();
    await putRoster(giver.employeeId, date, [{ start: '09:00', end: '15:00' }]);
    const swap = await offered(giver, date, named.employeeId);
    expect((await post(other.token, `/shift-swaps/${swap.id}/accept`)).statusCode).toBe(404);
    expect((await post(other.token, `/shift-swaps/${swap.id}/cancel`)).statusCode).toBe(404);
    const declined = await post(named.token, `/shift-swaps/${swap.id}/decline`);
    expect(declined.data.status).toBe('CANCELLED');

    const again = await offered(giver, date);
    const cancelled = await post(giver.token, `/shift-swaps/${again.id}/cancel`);
    expect(cancelled.data.status).toBe('CANCELLED');
    const rows = await t.database.db
      .select({ id: shiftSwaps.id })
      .from(shiftSwaps)
      .where(eq(shiftSwaps.fromEmployeeId, giver.employeeId));
    expect(rows).toHaveLength(2);
  });

  it('an offer to anyone reaches the free colleagues of the branch only; strangers get 404', async () => {
    const giver = await employee();
    const free = await employee();
    const busy = await employee();
    const elsewhere = await employee(otherBranchId);
    const date = freshDate();
    await putRoster(giver.employeeId, date, [{ start: '09:00', end: '15:00' }]);
    await putRoster(busy.employeeId, date, [{ start: '14:00', end: '20:00' }]);
    const swap = await offered(giver, date);
    const told = await notificationsOf(
      [free.userId, busy.userId, elsewhere.userId, giver.userId],
      'SHIFT_SWAP',
    );
    expect(told.map((row) => row.userId)).toEqual([free.userId]);
    const seen = async (member: Member) =>
      MySwapsSchema.parse((await get(member.token, '/shift-swaps/mine')).data).offeredToMe.some(
        (item) => item.id === swap.id,
      );
    expect(await seen(free)).toBe(true);
    expect(await seen(busy)).toBe(false);
    expect(await seen(elsewhere)).toBe(false);
    expect((await post(elsewhere.token, `/shift-swaps/${swap.id}/accept`)).statusCode).toBe(404);
    const refused = await post(busy.token, `/shift-swaps/${swap.id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(
      (await post(stranger.admin.tokens.accessToken, `/shift-swaps/${swap.id}/accept`)).statusCode,
    ).toBe(404);
    expect((await post(undefined, `/shift-swaps/${swap.id}/accept`)).statusCode).toBe(401);
    expect((await get(free.token, '/shift-swaps')).statusCode).toBe(403);
    expect((await get(free.token, '/open-shift-claims')).statusCode).toBe(403);
  });

  it('an offer needs the caller’s own shift of that date', async () => {
    const giver = await employee();
    const answer = await post(giver.token, '/shift-swaps', { date: freshDate(), start: '09:00' });
    expect(answer.statusCode).toBe(422);
    expect(answer.data.details[0].field).toBe('start');
    expect(
      (await post(undefined, '/shift-swaps', { date: freshDate(), start: '09:00' })).statusCode,
    ).toBe(401);
  });
});
