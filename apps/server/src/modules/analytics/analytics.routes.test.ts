import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  AdminAnalyticsSchema,
  AnalyticsBatchResultSchema,
  MAX_ANALYTICS_BATCH,
  type AdminAnalytics,
} from '@smena/contract';
import { analyticsEvents, checks, companies } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  loginSuperAdmin,
  type TestCompany,
} from '../../../test/factories.ts';
import { createBranch, memberWithToken } from '../checks/checks.test-helpers.ts';
import { MAX_EVENT_AGE_MS } from './analytics-sanitizer.ts';

const RATE_LIMIT = 5;
let t: TestApp;
let company: TestCompany;
let superToken: string;

beforeAll(async () => {
  t = await buildTestApp({ ANALYTICS_RATE_LIMIT_MAX: String(RATE_LIMIT) });
  company = await createCompany(t.app);
  superToken = (await loginSuperAdmin(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
});

type EventInput = {
  name: string;
  route?: string;
  occurredAt?: string;
  props?: Record<string, unknown>;
};

function batchOf(events: EventInput[] = [{ name: 'page_view', route: '/company/employees' }]) {
  return {
    deviceId: randomUUID(),
    appVersion: '1.4.0',
    events: events.map((event) => ({ occurredAt: new Date().toISOString(), ...event })),
  };
}

async function send(body: object, token?: string) {
  return call(t.app, { method: 'POST', url: '/api/v1/analytics/events', payload: body, token });
}

function storedOf(deviceId: string) {
  return t.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.deviceId, deviceId))
    .orderBy(analyticsEvents.id);
}

async function setAnalyticsEnabled(value: boolean) {
  const response = await call(t.app, {
    method: 'PATCH',
    url: '/api/v1/admin/config/analytics.enabled',
    token: superToken,
    payload: { value },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('POST /api/v1/analytics/events', () => {
  it('stores an anonymous batch with route patterns instead of ids', async () => {
    const batch = batchOf([
      { name: 'page_view', route: '/company/employees/42' },
      { name: 'page_view', route: '/join/3f2b8c1e-9a4d-4c2b-8e1f-0a1b2c3d4e5f' },
      { name: 'sign_in' },
    ]);
    const response = await send(batch);
    expect(response.statusCode, response.body).toBe(200);
    expect(AnalyticsBatchResultSchema.parse(response.data)).toEqual({ accepted: 3 });

    const rows = await storedOf(batch.deviceId);
    expect(rows.map((row) => [row.name, row.route])).toEqual([
      ['page_view', '/company/employees/:id'],
      ['page_view', '/join/:id'],
      ['sign_in', null],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: null,
        companyId: null,
        role: null,
        appVersion: '1.4.0',
        props: {},
      });
    }
  });

  it('answers 422 to an unknown event name, too many events and a bad device id', async () => {
    const badName = await send(batchOf([{ name: 'user_email_seen' }]));
    expect(badName.statusCode).toBe(422);
    expect(badName.data.code).toBe('VALIDATION_ERROR');
    expect(badName.data.details[0].field).toBe('events.0.name');

    const tooMany = await send(
      batchOf(Array.from({ length: MAX_ANALYTICS_BATCH + 1 }, () => ({ name: 'sign_in' }))),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.data.details[0].field).toBe('events');

    const badDevice = await send({ ...batchOf(), deviceId: 'ivan@example.ru' });
    expect(badDevice.statusCode).toBe(422);
    expect(badDevice.data.details[0].field).toBe('deviceId');

    const urlRoute = await send(batchOf([{ name: 'page_view', route: '/employees?email=a@b.ru' }]));
    expect(urlRoute.statusCode).toBe(422);
    expect(urlRoute.data.details[0].message).toBe('Маршрут — шаблон вида /company/employees/:id');
  });

  it('never stores personal fields sent in props', async () => {
    const batch = batchOf([
      {
        name: 'report_exported',
        props: {
          report: 't13',
          format: 'xlsx',
          email: 'ivan.petrov@example.ru',
          phone: '+79991234567',
          firstName: 'Иван',
          latitude: 55.7558,
          token: 'secret-token',
          source: 'ivan.petrov@example.ru',
        },
      },
    ]);
    expect((await send(batch)).data).toEqual({ accepted: 1 });
    const [row] = await storedOf(batch.deviceId);
    expect(row!.props).toEqual({ report: 't13', format: 'xlsx' });
    const text = JSON.stringify(row);
    for (const secret of ['ivan.petrov', '79991234567', 'Иван', '55.7558', 'secret-token'])
      expect(text).not.toContain(secret);
  });

  it('clamps the device time to the last 7 days and 5 minutes ahead', async () => {
    const batch = batchOf([
      { name: 'sign_in', occurredAt: '2001-01-01T00:00:00Z' },
      { name: 'sign_out', occurredAt: '2999-01-01T00:00:00+03:00' },
    ]);
    const before = Date.now();
    await send(batch);
    const [old, future] = await storedOf(batch.deviceId);
    expect(old!.occurredAt.getTime()).toBeGreaterThanOrEqual(before - MAX_EVENT_AGE_MS - 1000);
    expect(old!.occurredAt.getTime()).toBeLessThanOrEqual(Date.now() - MAX_EVENT_AGE_MS + 1000);
    expect(future!.occurredAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });

  it('attributes events to the user, company and role of a token in the body, and does not keep it', async () => {
    const member = await memberWithToken(t, company.companyId, 'MANAGER');
    const batch = { ...batchOf([{ name: 'check_recorded' }]), token: member.token };
    const response = await send(batch);
    expect(response.data).toEqual({ accepted: 1 });
    const [row] = await storedOf(batch.deviceId);
    expect(row).toMatchObject({
      userId: member.user.id,
      companyId: company.companyId,
      role: 'MANAGER',
    });
    expect(JSON.stringify(row)).not.toContain(member.token);
    expect(JSON.stringify(row)).not.toContain(member.token.split('.')[2]!);
  });

  it('takes the user from the Authorization header too', async () => {
    const batch = batchOf([{ name: 'branch_created' }]);
    await send(batch, company.admin.tokens.accessToken);
    const [row] = await storedOf(batch.deviceId);
    expect(row).toMatchObject({
      userId: company.adminUserId,
      companyId: company.companyId,
      role: 'ADMIN',
    });
  });

  it('stores events anonymously with an invalid or revoked token, never 401', async () => {
    const garbage = { ...batchOf(), token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad' };
    const first = await send(garbage, 'not-a-token');
    expect(first.statusCode).toBe(200);
    expect(first.data).toEqual({ accepted: 1 });

    const member = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const logout = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      token: member.token,
    });
    expect(logout.statusCode).toBeLessThan(300);
    const revoked = { ...batchOf(), token: member.token };
    expect((await send(revoked)).statusCode).toBe(200);

    for (const deviceId of [garbage.deviceId, revoked.deviceId]) {
      const [row] = await storedOf(deviceId);
      expect(row).toMatchObject({ userId: null, companyId: null, role: null });
    }
  });

  it('reads a JSON batch sent as text/plain (navigator.sendBeacon with a string)', async () => {
    const batch = { ...batchOf(), token: company.admin.tokens.accessToken };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(batch),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await storedOf(batch.deviceId);
    expect(row?.userId).toBe(company.adminUserId);
  });

  it('stores nothing for a user who switched analytics off, and again after switching on', async () => {
    const member = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const initial = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/analytics',
      token: member.token,
    });
    expect(initial.data).toEqual({ enabled: true });

    const off = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/analytics',
      token: member.token,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.data).toEqual({ enabled: false });

    const batch = { ...batchOf(), token: member.token };
    expect((await send(batch)).data).toEqual({ accepted: 0 });
    expect(await storedOf(batch.deviceId)).toEqual([]);

    await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/analytics',
      token: member.token,
      payload: { enabled: true },
    });
    expect((await send({ ...batchOf(), token: member.token })).data).toEqual({ accepted: 1 });
  });

  it('stores nothing while analytics.enabled is false', async () => {
    await setAnalyticsEnabled(false);
    try {
      const anonymous = batchOf();
      expect((await send(anonymous)).data).toEqual({ accepted: 0 });
      const signedIn = { ...batchOf(), token: company.admin.tokens.accessToken };
      expect((await send(signedIn)).data).toEqual({ accepted: 0 });
      expect(await storedOf(anonymous.deviceId)).toEqual([]);
      expect(await storedOf(signedIn.deviceId)).toEqual([]);
    } finally {
      await setAnalyticsEnabled(true);
    }
    expect((await send(batchOf())).data).toEqual({ accepted: 1 });
  });

  it('answers 429 to a device over its limit while another device still passes', async () => {
    const batch = batchOf();
    for (let i = 0; i < RATE_LIMIT; i++) expect((await send(batch)).statusCode).toBe(200);
    const limited = await send(batch);
    expect(limited.statusCode).toBe(429);
    expect(limited.data.code).toBe('RATE_LIMITED');
    expect(limited.data.message).toMatch(
      /^Слишком много событий с этого устройства\. Повторите через \d+ с$/,
    );
    expect(await storedOf(batch.deviceId)).toHaveLength(RATE_LIMIT);

    expect((await send(batchOf())).statusCode).toBe(200);
  });
});

describe('/api/v1/profile/analytics', () => {
  it('answers 401 without a token', async () => {
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile/analytics' })).statusCode,
    ).toBe(401);
  });

  it('is the super admin’s own choice too', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/analytics',
      token: superToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ enabled: true });
  });

  it('cannot be changed while the super admin acts as the company admin, whose events stay anonymous', async () => {
    const entered = await call(t.app, {
      method: 'POST',
      url: `/api/v1/auth/auth-with-admin/${company.companyId}`,
      token: superToken,
      payload: {},
    });
    expect(entered.statusCode, entered.body).toBeLessThan(300);
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/analytics',
      token: entered.data.accessToken,
      payload: { enabled: false },
    });
    expect(response.statusCode).toBe(403);
    expect(response.data.message).toBe('Эту настройку меняет только сам пользователь');

    // The super admin's visit is not the company's usage: kept without user and company.
    const batch = { ...batchOf(), token: entered.data.accessToken };
    expect((await send(batch)).data).toEqual({ accepted: 1 });
    const [row] = await storedOf(batch.deviceId);
    expect(row).toMatchObject({ userId: null, companyId: null, role: null });
  });
});

describe('GET /api/v1/admin/analytics', () => {
  const url = '/api/v1/admin/analytics';

  async function getAnalytics(query: string): Promise<AdminAnalytics> {
    const response = await call(t.app, {
      method: 'GET',
      url: `${url}?${query}`,
      token: superToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    return AdminAnalyticsSchema.parse(response.data);
  }

  it('answers 401 without a token and 403 to a company admin', async () => {
    const query = '?from=2024-01-01&to=2024-01-10';
    expect((await call(t.app, { method: 'GET', url: url + query })).statusCode).toBe(401);
    const forbidden = await call(t.app, {
      method: 'GET',
      url: url + query,
      token: company.admin.tokens.accessToken,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('answers 422 to a period longer than 366 days or ending before it starts', async () => {
    const long = await call(t.app, {
      method: 'GET',
      url: `${url}?from=2024-01-01&to=2025-01-01`,
      token: superToken,
    });
    expect(long.statusCode).toBe(422);
    expect(long.data.details).toEqual([{ field: 'to', message: 'Период — не больше 366 дней' }]);
    const reversed = await call(t.app, {
      method: 'GET',
      url: `${url}?from=2024-01-10&to=2024-01-01`,
      token: superToken,
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.data.message).toBe('Конец периода раньше начала');
    // 2024 is a leap year: 2024-01-01…2024-12-31 is 366 days, allowed.
    await getAnalytics('from=2024-01-01&to=2024-12-31');
  });

  it('counts DAU, WAU, companies, features, pages and the funnel on a hand-built set', async () => {
    // Events of the first two weeks of 2024 (no other test writes events that old).
    const other = await createCompany(t.app);
    const x = company.companyId;
    const event = (
      at: string,
      name: string,
      userId: number | null,
      companyId: number | null,
      route: string | null = null,
    ) => ({
      occurredAt: new Date(at),
      receivedAt: new Date(Date.parse(at) + 60_000),
      name,
      route,
      props: {},
      deviceId: randomUUID(),
      userId,
      companyId,
      role: userId === null ? null : 'ADMIN',
      appVersion: '1.0.0',
    });
    await t.database.db.insert(analyticsEvents).values([
      event('2024-01-01T10:00:00Z', 'page_view', 901, x, '/company/employees'),
      event('2024-01-01T11:00:00Z', 'employee_created', 901, x),
      event('2024-01-01T12:00:00Z', 'page_view', 902, x, '/company/employees'),
      event('2024-01-02T09:00:00Z', 'report_exported', 901, x),
      event('2024-01-08T09:00:00Z', 'page_view', 902, x, '/company/reports'),
      event('2024-01-08T09:30:00Z', 'report_exported', 902, x),
      event('2024-01-01T23:59:00Z', 'sign_in', 903, other.companyId),
      event('2024-01-03T08:00:00Z', 'page_view', null, null, '/login'),
      // Outside the period.
      event('2023-12-31T23:59:59Z', 'sign_in', 904, x),
      event('2024-01-11T00:00:00Z', 'sign_in', 905, x),
    ]);

    // Funnel: three companies registered in the period, one before it.
    const registered = await Promise.all([1, 2, 3, 4].map(() => createCompany(t.app)));
    const [withCheck, withManager, bare, earlier] = registered;
    const inPeriod = [withCheck!, withManager!, bare!].map((c) => c.companyId);
    await t.database.db
      .update(companies)
      .set({ createdAt: new Date('2024-01-05T12:00:00Z') })
      .where(inArray(companies.id, inPeriod));
    await t.database.db
      .update(companies)
      .set({ createdAt: new Date('2023-12-01T12:00:00Z') })
      .where(eq(companies.id, earlier!.companyId));
    const employee = await addMember(t.database.db, withCheck!.companyId, 'EMPLOYEE');
    const branch = await createBranch(t, withCheck!.admin.tokens.accessToken);
    await t.database.db.insert(checks).values({
      companyId: withCheck!.companyId,
      employeeId: employee.employee.id,
      branchId: branch.id,
      checkIn: new Date(),
      source: 'WEB',
    });
    await addMember(t.database.db, withManager!.companyId, 'MANAGER');
    await addMember(t.database.db, earlier!.companyId, 'EMPLOYEE');

    const all = await getAnalytics('from=2024-01-01&to=2024-01-10');
    expect(all.dailyActiveUsers).toHaveLength(10);
    expect(all.dailyActiveUsers.slice(0, 3)).toEqual([
      { date: '2024-01-01', users: 3 },
      { date: '2024-01-02', users: 1 },
      { date: '2024-01-03', users: 0 },
    ]);
    expect(all.dailyActiveUsers[7]).toEqual({ date: '2024-01-08', users: 1 });
    expect(all.weeklyActiveUsers).toEqual([
      { weekStart: '2024-01-01', users: 3 },
      { weekStart: '2024-01-08', users: 1 },
    ]);
    expect(all.activeCompanies).toBe(2);
    expect(all.topFeatures).toEqual([
      { name: 'report_exported', events: 2 },
      { name: 'employee_created', events: 1 },
      { name: 'sign_in', events: 1 },
    ]);
    expect(all.topPages).toEqual([
      { route: '/company/employees', views: 2 },
      { route: '/company/reports', views: 1 },
      { route: '/login', views: 1 },
    ]);
    expect(all.funnel).toEqual({ registered: 3, withEmployee: 2, withCheck: 1 });

    const own = await getAnalytics(`from=2024-01-01&to=2024-01-10&companyId=${x}`);
    expect(own.dailyActiveUsers[0]).toEqual({ date: '2024-01-01', users: 2 });
    expect(own.weeklyActiveUsers).toEqual([
      { weekStart: '2024-01-01', users: 2 },
      { weekStart: '2024-01-08', users: 1 },
    ]);
    expect(own.activeCompanies).toBe(1);
    expect(own.topFeatures).toEqual([
      { name: 'report_exported', events: 2 },
      { name: 'employee_created', events: 1 },
    ]);
    expect(own.topPages).toEqual([
      { route: '/company/employees', views: 2 },
      { route: '/company/reports', views: 1 },
    ]);
    // That company registered now, not in January 2024.
    expect(own.funnel).toEqual({ registered: 0, withEmployee: 0, withCheck: 0 });
    const funnelOfOne = await getAnalytics(
      `from=2024-01-01&to=2024-01-10&companyId=${withCheck!.companyId}`,
    );
    expect(funnelOfOne.funnel).toEqual({ registered: 1, withEmployee: 1, withCheck: 1 });

    // A period starting mid-week counts that week from its Monday, with the days inside only.
    const midWeek = await getAnalytics('from=2024-01-02&to=2024-01-08');
    expect(midWeek.weeklyActiveUsers).toEqual([
      { weekStart: '2024-01-01', users: 1 },
      { weekStart: '2024-01-08', users: 1 },
    ]);
  });
});
