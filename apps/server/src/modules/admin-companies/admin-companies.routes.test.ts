import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdminCompaniesPageSchema,
  AdminCompanySchema,
  AuditEntriesPageSchema,
  TRIAL_USER_LIMIT,
} from '@smena/contract';
import { companies, employees } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  makeRegistration,
  unique,
  uniquePhone,
  type TestCompany,
} from '../../../test/factories.ts';
import { DEFAULT_PASSWORD } from '../../../test/test-constants.ts';
import { paidUntilDay, paidUntilInstant } from './admin-companies.service.ts';

let t: TestApp;
let superToken: string;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  superToken = (await loginSuperAdmin(t.app)).accessToken;
  company = await createCompany(t.app);
});
afterAll(async () => {
  await t.close();
});

function adminCall(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return call(t.app, {
    method,
    url,
    token: superToken,
    ...(payload ? { payload } : {}),
  });
}

async function createByAdmin(overrides: Record<string, unknown> = {}) {
  const registration = makeRegistration();
  const payload = {
    title: registration.title,
    email: registration.email,
    phone: registration.phone,
    country: 'RU',
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
  const response = await adminCall('POST', '/api/v1/admin/companies', payload);
  expect(response.statusCode, response.body).toBe(201);
  return { company: AdminCompanySchema.parse(response.data), payload };
}

describe('paid period days', () => {
  it('ends a period when the next day begins in the company’s timezone', () => {
    const instant = paidUntilInstant('2026-03-31', 'Europe/Moscow');
    expect(instant.toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(paidUntilDay(instant, 'Europe/Moscow')).toBe('2026-03-31');
    expect(paidUntilDay(new Date('2026-04-10T07:23:00Z'), 'Asia/Vladivostok')).toBe('2026-04-10');
  });
});

describe('list', () => {
  it('lists companies with counts, country, plan state and admin', async () => {
    await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const dismissed = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    await t.database.db
      .update(employees)
      .set({ status: 'DISMISSED' })
      .where(eq(employees.id, dismissed.employee.id));

    const response = await adminCall(
      'GET',
      `/api/v1/admin/companies?search=${encodeURIComponent(company.admin.email)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = AdminCompaniesPageSchema.parse(response.data);
    expect(page).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(page.items[0]).toMatchObject({
      id: company.companyId,
      email: company.admin.email,
      country: 'RU',
      countryName: 'Россия',
      status: 'ACTIVE',
      isTrial: true,
      planState: 'TRIAL',
      userLimit: TRIAL_USER_LIMIT,
      // The admin and one working employee; the dismissed one does not count.
      activeEmployeeCount: 2,
      admin: { email: company.admin.email, phone: company.admin.phone },
    });
    expect(page.items[0]!.paidUntilDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('finds a company by its phone typed with a mask', async () => {
    const digits = company.admin.phone.slice(2);
    const masked = `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}`;
    const response = await adminCall(
      'GET',
      `/api/v1/admin/companies?search=${encodeURIComponent(masked)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.data.items.map((item: { id: number }) => item.id)).toContain(company.companyId);
  });

  it('filters by status and plan state, sorts and pages', async () => {
    const paid = await createByAdmin({ isTrial: false, paidUntil: '2099-12-31' });
    const expired = await createByAdmin({ paidUntil: '2020-01-31' });
    expect(paid.company.planState).toBe('PAID');
    expect(expired.company.planState).toBe('EXPIRED');

    const ids = async (query: string) => {
      const response = await adminCall('GET', `/api/v1/admin/companies?${query}&limit=100`);
      expect(response.statusCode, response.body).toBe(200);
      return AdminCompaniesPageSchema.parse(response.data).items.map((item) => item.id);
    };
    expect(await ids('plan=PAID')).toContain(paid.company.id);
    expect(await ids('plan=PAID')).not.toContain(expired.company.id);
    expect(await ids('plan=EXPIRED')).toContain(expired.company.id);
    expect(await ids('plan=TRIAL')).toContain(company.companyId);
    expect(await ids('plan=TRIAL')).not.toContain(paid.company.id);
    expect(await ids('status=BLOCKED')).not.toContain(company.companyId);

    const tag = unique();
    await createByAdmin({ title: `Ясень ${tag}` });
    await createByAdmin({ title: `Акация ${tag}` });
    const byTitle = await adminCall(
      'GET',
      `/api/v1/admin/companies?search=${tag}&sort=title&order=asc`,
    );
    expect(byTitle.data.items.map((item: { title: string }) => item.title)).toEqual([
      `Акация ${tag}`,
      `Ясень ${tag}`,
    ]);

    const byPaid = await adminCall('GET', '/api/v1/admin/companies?sort=paidUntil&order=desc');
    expect(byPaid.statusCode).toBe(200);
    expect(byPaid.data.items[0].id).toBe(paid.company.id);

    const second = await adminCall('GET', '/api/v1/admin/companies?limit=1&page=2');
    expect(second.data).toMatchObject({ page: 2, limit: 1 });
    expect(second.data.items).toHaveLength(1);
  });

  it('answers 422 for a bad filter', async () => {
    const response = await adminCall('GET', '/api/v1/admin/companies?plan=FREE&sort=nope');
    expect(response.statusCode).toBe(422);
    expect(response.data.details.map((detail: { field: string }) => detail.field)).toEqual(
      expect.arrayContaining(['plan', 'sort']),
    );
  });
});

describe('create and edit', () => {
  it('creates a company with its admin on a trial, as registration does', async () => {
    const { company: created, payload } = await createByAdmin({
      lastName: 'Сидоров',
      firstName: 'Пётр',
      timezone: 'Asia/Yekaterinburg',
    });
    expect(created).toMatchObject({
      title: payload.title,
      timezone: 'Asia/Yekaterinburg',
      isTrial: true,
      planState: 'TRIAL',
      userLimit: TRIAL_USER_LIMIT,
      activeEmployeeCount: 1,
      admin: { fullName: 'Сидоров Пётр', email: payload.email },
    });
    // The new admin logs in with the password the super admin set.
    const tokens = await login(t.app, payload.email);
    const employee = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: tokens.accessToken,
    });
    expect(employee.data).toMatchObject({ companyId: created.id, role: 'ADMIN' });

    const audit = await adminCall('GET', `/api/v1/admin/companies/${created.id}/audit`);
    expect(audit.data.items[0]).toMatchObject({
      action: 'COMPANY_CREATE',
      user: { fullName: 'Админ Супер' },
    });
  });

  it('answers 409 with a field message when the email is taken', async () => {
    const response = await adminCall('POST', '/api/v1/admin/companies', {
      title: 'ООО Дубль',
      email: company.admin.email,
      phone: uniquePhone(),
      country: 'RU',
      password: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.details).toEqual([
      { field: 'email', message: 'Этот email уже зарегистрирован' },
    ]);
  });

  it('answers 422 with Russian field messages for a bad company', async () => {
    const response = await adminCall('POST', '/api/v1/admin/companies', {
      title: 'А',
      email: 'not-an-email',
      phone: '12',
      country: 'XX',
      password: 'short',
      userLimit: 0,
    });
    expect(response.statusCode).toBe(422);
    const fields = Object.fromEntries(
      response.data.details.map((detail: { field: string; message: string }) => [
        detail.field,
        detail.message,
      ]),
    );
    expect(fields).toMatchObject({
      title: 'Название не короче 2 символов',
      email: 'Некорректный email',
      phone: 'Некорректный номер телефона',
      password: 'Пароль должен быть не короче 8 символов',
      userLimit: 'Не меньше 1',
    });
    const country = await adminCall('POST', '/api/v1/admin/companies', {
      ...makeRegistration({ country: 'XX' }),
    });
    expect(country.statusCode).toBe(422);
    expect(country.data.details).toEqual([
      { field: 'country', message: 'Выберите страну из списка' },
    ]);
  });

  it('edits the company and its plan terms', async () => {
    const { company: created } = await createByAdmin();
    const response = await adminCall('PATCH', `/api/v1/admin/companies/${created.id}`, {
      title: `ООО Новое имя ${unique()}`,
      country: 'KZ',
      timezone: 'Asia/Almaty',
      userLimit: 50,
      paidUntil: '2099-06-30',
      isTrial: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(AdminCompanySchema.parse(response.data)).toMatchObject({
      country: 'KZ',
      countryName: 'Казахстан',
      timezone: 'Asia/Almaty',
      userLimit: 50,
      paidUntilDate: '2099-06-30',
      isTrial: false,
      planState: 'PAID',
    });
    const unchanged = await adminCall('PATCH', `/api/v1/admin/companies/${created.id}`, {
      userLimit: 50,
      country: 'KZ',
    });
    expect(unchanged.statusCode).toBe(200);
    const audit = await adminCall('GET', `/api/v1/admin/companies/${created.id}/audit`);
    expect(audit.data.items[0]).toMatchObject({
      action: 'COMPANY_UPDATE',
      details: {
        fields: ['title', 'timezone', 'userLimit', 'isTrial', 'country', 'paidUntil'],
      },
    });
    // The second PATCH changed nothing and left no entry.
    expect(audit.data.total).toBe(2);

    const cleared = await adminCall('PATCH', `/api/v1/admin/companies/${created.id}`, {
      paidUntil: null,
    });
    expect(cleared.data).toMatchObject({ paidUntil: null, planState: 'EXPIRED' });

    const bad = await adminCall('PATCH', `/api/v1/admin/companies/${created.id}`, {
      paidUntil: '2099-02-30',
      timezone: 'Mars/Olympus',
      status: 'BLOCKED',
    });
    expect(bad.statusCode).toBe(422);
    const unknownCountry = await adminCall('PATCH', `/api/v1/admin/companies/${created.id}`, {
      country: 'QQ',
    });
    expect(unknownCountry.statusCode).toBe(422);
    expect(unknownCountry.data.details[0].field).toBe('country');
  });

  it('answers 404 for a missing company on every route', async () => {
    const calls = [
      adminCall('GET', '/api/v1/admin/companies/999999'),
      adminCall('PATCH', '/api/v1/admin/companies/999999', { userLimit: 5 }),
      adminCall('POST', '/api/v1/admin/companies/999999/block'),
      adminCall('POST', '/api/v1/admin/companies/999999/unblock'),
      adminCall('GET', '/api/v1/admin/companies/999999/audit'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.data.message).toBe('Компания не найдена');
    }
    const huge = await adminCall('GET', '/api/v1/admin/companies/99999999999');
    expect(huge.statusCode).toBe(422);
  });
});

describe('block and unblock', () => {
  it('locks a blocked company’s users out at once, and lets them back in', async () => {
    const target = await createCompany(t.app);
    const member = await addMember(t.database.db, target.companyId, 'EMPLOYEE');
    const memberTokens = await login(t.app, member.user.email);

    const blocked = await adminCall('POST', `/api/v1/admin/companies/${target.companyId}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.data.status).toBe('BLOCKED');

    const loginResponse = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: target.admin.email, password: DEFAULT_PASSWORD },
    });
    expect(loginResponse.statusCode).toBe(403);
    expect(loginResponse.data.message).toBe('Компания заблокирована');

    // Live access tokens stop working on the next request, refresh too.
    const live = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: memberTokens.accessToken,
    });
    expect(live.statusCode).toBe(403);
    expect(live.data.message).toBe('Компания заблокирована');
    const refresh = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: memberTokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.data.message).toBe('Компания заблокирована');

    const listed = await adminCall('GET', '/api/v1/admin/companies?status=BLOCKED&limit=100');
    expect(listed.data.items.map((item: { id: number }) => item.id)).toContain(target.companyId);

    const unblocked = await adminCall(
      'POST',
      `/api/v1/admin/companies/${target.companyId}/unblock`,
    );
    expect(unblocked.data.status).toBe('ACTIVE');
    const back = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: target.admin.tokens.accessToken,
    });
    expect(back.statusCode).toBe(200);

    const audit = await adminCall('GET', `/api/v1/admin/companies/${target.companyId}/audit`);
    expect(audit.data.items.slice(0, 2).map((item: { action: string }) => item.action)).toEqual([
      'COMPANY_UNBLOCK',
      'COMPANY_BLOCK',
    ]);
  });
});

describe('audit log', () => {
  it('shows writes made while impersonating, with both names, newest first', async () => {
    const target = await createCompany(t.app, { title: `ООО Аудит ${unique()}` });
    const enter = await adminCall('POST', `/api/v1/auth/auth-with-admin/${target.companyId}`, {});
    expect(enter.statusCode, enter.body).toBe(200);
    const branch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/branches',
      token: enter.data.accessToken,
      payload: { title: 'Склад', latitude: 55.75, longitude: 37.61 },
    });
    expect(branch.statusCode, branch.body).toBe(201);
    await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/branches/${branch.data.id}`,
      token: enter.data.accessToken,
      payload: { radius: 300 },
    });

    const response = await adminCall(
      'GET',
      `/api/v1/admin/companies/${target.companyId}/audit?limit=3`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = AuditEntriesPageSchema.parse(response.data);
    expect(page.total).toBe(4);
    expect(page.items.map((item) => [item.action, item.entity])).toEqual([
      ['PATCH', '/api/v1/branches/:id'],
      ['POST', '/api/v1/branches'],
      ['IMPERSONATION_START', 'company'],
    ]);
    expect(page.items[0]).toMatchObject({
      entityId: String(branch.data.id),
      user: { id: target.adminUserId, email: target.admin.email },
      impersonator: { fullName: 'Админ Супер' },
    });
    const older = await adminCall(
      'GET',
      `/api/v1/admin/companies/${target.companyId}/audit?limit=3&page=2`,
    );
    expect(older.data.items.map((item: { action: string }) => item.action)).toEqual([
      'REGISTER_COMPANY',
    ]);
    expect(older.data.items[0].impersonator).toBeNull();
  });
});

describe('access', () => {
  it('answers 403 to a company ADMIN and 401 without a token', async () => {
    const routes = [
      ['GET', '/api/v1/admin/companies'],
      ['POST', '/api/v1/admin/companies'],
      ['GET', `/api/v1/admin/companies/${company.companyId}`],
      ['PATCH', `/api/v1/admin/companies/${company.companyId}`],
      ['POST', `/api/v1/admin/companies/${company.companyId}/block`],
      ['POST', `/api/v1/admin/companies/${company.companyId}/unblock`],
      ['GET', `/api/v1/admin/companies/${company.companyId}/audit`],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? {} : { payload: {} };
      const forbidden = await call(t.app, {
        method,
        url,
        token: company.admin.tokens.accessToken,
        ...payload,
      });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await call(t.app, { method, url, ...payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await t.database.db
      .select({ status: companies.status })
      .from(companies)
      .where(eq(companies.id, company.companyId));
    expect(row!.status).toBe('ACTIVE');
  });
});
