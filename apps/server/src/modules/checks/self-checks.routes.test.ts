import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { CheckSchema } from '@smena/contract';
import { checkRefusals, checks } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken, MOSCOW, north } from './checks.test-helpers.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let office: { id: number; title: string };

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  office = await createBranch(t, adminToken, { ...MOSCOW, radius: 100 });
});
afterAll(async () => {
  await t.close();
});

const checkIn = (token: string, payload: Record<string, unknown>, headers = {}) =>
  call(t.app, { method: 'POST', url: '/api/v1/checks/check-in', token, payload, headers });
const checkOut = (token: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/v1/checks/check-out', token, payload });

describe('self check-in and check-out', () => {
  it('checks in at the branch on the server’s clock, then out, recording where', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const before = Date.now();
    const position = north(MOSCOW, 30);
    const response = await checkIn(
      me.token,
      { ...position, accuracy: 15 },
      { 'user-agent': 'Телефон' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const check = CheckSchema.parse(response.data);
    expect(check).toMatchObject({
      employeeId: me.employeeId,
      branchId: office.id,
      source: 'WEB',
      device: 'Телефон',
      checkOutDateTime: null,
      checkInLocation: { ...position, accuracy: 15 },
    });
    expect(check.checkInLocation!.distance).toBeCloseTo(30, 0);
    const inMs = Date.parse(check.checkInDateTime);
    expect(inMs).toBeGreaterThanOrEqual(before - 1000);
    expect(inMs).toBeLessThanOrEqual(Date.now() + 1000);

    const out = await checkOut(me.token, { ...MOSCOW, accuracy: 5 });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.data.id).toBe(check.id);
    expect(out.data.checkOutDateTime).not.toBeNull();
    expect(out.data.checkOutLocation).toMatchObject({ ...MOSCOW, accuracy: 5, distance: 0 });
  });

  it('refuses a second check-in with the time of the first', async () => {
    const me = await memberWithToken(t, company.companyId, 'MANAGER');
    const first = await checkIn(me.token, MOSCOW);
    expect(first.statusCode).toBe(201);
    const second = await checkIn(me.token, MOSCOW);
    expect(second.statusCode).toBe(409);
    const time = new Intl.DateTimeFormat('ru-RU', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Moscow',
    }).format(new Date(first.data.checkInDateTime));
    expect(second.data.message).toBe(`Вы уже отметили приход в ${time}`);
  });

  it('refuses a check-out without an open check', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const response = await checkOut(me.token, MOSCOW);
    expect(response.statusCode).toBe(409);
    expect(response.data.message).toBe('Нет открытой отметки прихода');
  });

  it('answers 422 with the metres beyond the zone; accuracy widens it by 100 m at most', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const far = await checkIn(me.token, { ...north(MOSCOW, 500), accuracy: 20 });
    expect(far.statusCode).toBe(422);
    expect(far.data.message).toMatch(/^Вы находитесь вне зоны филиала: 38[01] м$/);
    expect(far.data.details[0].field).toBe('latitude');
    // From another city the distance reads in kilometres (it was «2810577 м»).
    const novosibirsk = await checkIn(me.token, { latitude: 55.03, longitude: 82.92 });
    expect(novosibirsk.data.message).toMatch(/^Вы находитесь вне зоны филиала: 2\u00a0\d{3} км$/);
    const capped = await checkIn(me.token, { ...north(MOSCOW, 250), accuracy: 5000 });
    expect(capped.statusCode).toBe(422);
    const widened = await checkIn(me.token, { ...north(MOSCOW, 150), accuracy: 60 });
    expect(widened.statusCode, widened.body).toBe(201);
    // Check-out is held to the check's branch zone too.
    const outside = await checkOut(me.token, north(MOSCOW, 400));
    expect(outside.statusCode).toBe(422);
    // Each refusal is logged for the deviations inbox: no position, the metres and the accuracy.
    const refusals = await t.database.db
      .select()
      .from(checkRefusals)
      .where(eq(checkRefusals.employeeId, me.employeeId))
      .orderBy(asc(checkRefusals.id));
    expect(refusals.map((row) => [row.direction, row.reason, row.branchId, row.accuracy])).toEqual([
      ['IN', 'OUTSIDE_ZONE', office.id, 20],
      ['IN', 'OUTSIDE_ZONE', office.id, null],
      ['IN', 'OUTSIDE_ZONE', office.id, 5000],
      ['OUT', 'OUTSIDE_ZONE', office.id, null],
    ]);
    expect(refusals.map((row) => row.companyId)).toEqual(Array(4).fill(company.companyId));
    expect(refusals[0]!.distance).toBeGreaterThanOrEqual(380);
  });

  it('takes the nearest of the employee’s branches; others are not allowed', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const a = await createBranch(t, token, { ...MOSCOW, radius: 200 });
    const b = await createBranch(t, token, { ...north(MOSCOW, 1000), radius: 200 });
    const c = await createBranch(t, token, { ...north(MOSCOW, 2000), radius: 200 });
    const me = await memberWithToken(t, own.companyId, 'EMPLOYEE');
    // No branches of their own: any active branch of the company.
    const nearB = await checkIn(me.token, north(MOSCOW, 950));
    expect(nearB.data.branchId).toBe(b.id);
    await checkOut(me.token, north(MOSCOW, 950));

    await linkBranch(t, own.companyId, me.employeeId, a.id);
    await linkBranch(t, own.companyId, me.employeeId, c.id);
    const notMine = await checkIn(me.token, north(MOSCOW, 1000));
    expect(notMine.statusCode).toBe(422);
    const chosen = await checkIn(me.token, { ...north(MOSCOW, 1000), branchId: b.id });
    expect(chosen.statusCode).toBe(422);
    expect(chosen.data.details[0].field).toBe('branchId');
    const nearC = await checkIn(me.token, north(MOSCOW, 2100));
    expect(nearC.statusCode, nearC.body).toBe(201);
    expect(nearC.data.branchId).toBe(c.id);
  });

  it('answers 422 in a company without branches, and validates the body', async () => {
    const empty = await createCompany(t.app);
    const me = await memberWithToken(t, empty.companyId, 'EMPLOYEE');
    expect((await checkIn(me.token, MOSCOW)).statusCode).toBe(422);
    for (const payload of [
      {},
      { latitude: 91, longitude: 0 },
      { ...MOSCOW, accuracy: -1 },
      { ...MOSCOW, time: 'x' },
    ]) {
      const response = await checkIn(me.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('closes a forgotten check of an earlier day first, flagged, instead of refusing', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const yesterday = new Date(Date.now() - 20 * 3_600_000);
    const [stale] = await t.database.db
      .insert(checks)
      .values({
        companyId: company.companyId,
        employeeId: me.employeeId,
        branchId: office.id,
        checkIn: yesterday,
        source: 'WEB',
      })
      .returning();
    const response = await checkIn(me.token, MOSCOW);
    expect(response.statusCode, response.body).toBe(201);
    const [closed] = await t.database.db.select().from(checks).where(eq(checks.id, stale!.id));
    expect(closed!.autoClosed).toBe(true);
    expect(closed!.checkOut!.getTime()).toBe(yesterday.getTime() + 16 * 3_600_000);
    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${stale!.id}/history`,
      token: adminToken,
    });
    expect(history.data.items.map((entry: { action: string }) => entry.action)).toEqual([
      'AUTO_CLOSE',
    ]);
  });

  it('answers 401 without a token and 403 to an API key', async () => {
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/checks/check-in', payload: MOSCOW }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/checks/check-out', payload: MOSCOW }))
        .statusCode,
    ).toBe(401);
  });
});
