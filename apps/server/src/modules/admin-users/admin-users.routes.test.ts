import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminUserSchema, AdminUsersPageSchema } from '@smena/contract';
import { employees, otpCodes, users } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  unique,
  type TestCompany,
} from '../../../test/factories.ts';
import { DEFAULT_PASSWORD, TEST_SUPERADMIN } from '../../../test/test-constants.ts';

let t: TestApp;
let superToken: string;
let superUserId: number;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  superToken = (await loginSuperAdmin(t.app)).accessToken;
  const [superUser] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, TEST_SUPERADMIN.email));
  superUserId = superUser!.id;
  company = await createCompany(t.app);
});
afterAll(async () => {
  await t.close();
});

function adminCall(method: 'GET' | 'POST', url: string) {
  return call(t.app, { method, url, token: superToken });
}

describe('list', () => {
  it('lists users with their companies and roles, found by name, email or phone', async () => {
    const lastName = `Кузнецова${unique()}`;
    const member = await addMember(t.database.db, company.companyId, 'MANAGER', {
      lastName,
      firstName: 'Анна',
    });
    const other = await createCompany(t.app);
    // The same person in a second company: both memberships come with the user.
    await t.database.db
      .insert(employees)
      .values({ companyId: other.companyId, userId: member.user.id, role: 'EMPLOYEE' });

    for (const search of [lastName, `Анна ${lastName}`, member.user.email, member.user.phone]) {
      const response = await adminCall(
        'GET',
        `/api/v1/admin/users?search=${encodeURIComponent(search)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = AdminUsersPageSchema.parse(response.data);
      expect(
        page.items.map((item) => item.id),
        search,
      ).toEqual([member.user.id]);
      expect(page.items[0]).toMatchObject({
        firstName: 'Анна',
        lastName,
        status: 'ACTIVE',
        isSuperAdmin: false,
      });
      expect(page.items[0]!.memberships).toEqual([
        {
          companyId: company.companyId,
          companyTitle: expect.any(String),
          companyStatus: 'ACTIVE',
          role: 'MANAGER',
          status: 'ACTIVE',
        },
        {
          companyId: other.companyId,
          companyTitle: expect.any(String),
          companyStatus: 'ACTIVE',
          role: 'EMPLOYEE',
          status: 'ACTIVE',
        },
      ]);
    }
  });

  it('filters by status, sorts and pages', async () => {
    const all = await adminCall('GET', '/api/v1/admin/users?limit=100');
    expect(all.statusCode).toBe(200);
    const page = AdminUsersPageSchema.parse(all.data);
    expect(page.items.some((item) => item.isSuperAdmin && item.memberships.length === 0)).toBe(
      true,
    );

    const tag = unique();
    await addMember(t.database.db, company.companyId, 'EMPLOYEE', { email: `zz${tag}@example.ru` });
    await addMember(t.database.db, company.companyId, 'EMPLOYEE', { email: `aa${tag}@example.ru` });
    const sorted = await adminCall(
      'GET',
      `/api/v1/admin/users?search=${tag}&sort=email&order=desc`,
    );
    expect(sorted.data.items.map((item: { email: string }) => item.email)).toEqual([
      `zz${tag}@example.ru`,
      `aa${tag}@example.ru`,
    ]);

    const blocked = await adminCall('GET', '/api/v1/admin/users?status=BLOCKED');
    expect(
      AdminUsersPageSchema.parse(blocked.data).items.every((item) => item.status === 'BLOCKED'),
    ).toBe(true);

    const second = await adminCall('GET', '/api/v1/admin/users?limit=1&page=2');
    expect(second.data).toMatchObject({ page: 2, limit: 1 });

    const bad = await adminCall('GET', '/api/v1/admin/users?status=DELETED&limit=1000');
    expect(bad.statusCode).toBe(422);
  });
});

describe('block and unblock', () => {
  it('ends a blocked user’s sessions and refuses their login; unblocking lets them back', async () => {
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const tokens = await login(t.app, member.user.email);

    const blocked = await adminCall('POST', `/api/v1/admin/users/${member.user.id}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(AdminUserSchema.parse(blocked.data).status).toBe('BLOCKED');

    const request = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: tokens.accessToken,
    });
    expect(request.statusCode).toBe(401);
    const refresh = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const loginResponse = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: member.user.email, password: DEFAULT_PASSWORD },
    });
    expect(loginResponse.statusCode).toBe(403);
    expect(loginResponse.data).toMatchObject({
      code: 'USER_BLOCKED',
      message: 'Учётная запись заблокирована',
    });

    const unblocked = await adminCall('POST', `/api/v1/admin/users/${member.user.id}/unblock`);
    expect(unblocked.data.status).toBe('ACTIVE');
    await login(t.app, member.user.email);
  });

  it('does not let a super admin block themselves', async () => {
    const response = await adminCall('POST', `/api/v1/admin/users/${superUserId}/block`);
    expect(response.statusCode).toBe(409);
    expect(response.data.message).toBe('Нельзя заблокировать самого себя');
  });

  it('answers 404 for a missing user', async () => {
    for (const url of [
      '/api/v1/admin/users/999999/block',
      '/api/v1/admin/users/999999/unblock',
      '/api/v1/admin/users/999999/reset-password',
    ]) {
      const response = await adminCall('POST', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.data.message).toBe('Пользователь не найден');
    }
    const get = await adminCall('GET', '/api/v1/admin/users/999999');
    expect(get.statusCode).toBe(404);
    const bad = await adminCall('POST', '/api/v1/admin/users/abc/block');
    expect(bad.statusCode).toBe(422);
  });
});

describe('reset password', () => {
  it('sends the restore SMS the user can set a new password with', async () => {
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const response = await adminCall(
      'POST',
      `/api/v1/admin/users/${member.user.id}/reset-password`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.message).toContain(member.user.phone);
    const sms = t.sms.filter((message) => message.phone === member.user.phone);
    expect(sms).toHaveLength(1);
    const code = /(\d{6})/.exec(sms[0]!.text)![1]!;

    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-new-password',
      payload: { phone: member.user.phone, otp: code, password: 'a-brand-new-password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await login(t.app, member.user.email, 'a-brand-new-password');
  });

  it('answers 429 when a code went out less than a minute ago, 409 for a blocked user', async () => {
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    await adminCall('POST', `/api/v1/admin/users/${member.user.id}/reset-password`);
    const again = await adminCall('POST', `/api/v1/admin/users/${member.user.id}/reset-password`);
    expect(again.statusCode).toBe(429);
    expect(again.data.message).toBe('Код уже отправлен меньше минуты назад. Повторите позже');
    const codes = await t.database.db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(eq(otpCodes.phone, member.user.phone));
    expect(codes).toHaveLength(1);

    const other = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    await adminCall('POST', `/api/v1/admin/users/${other.user.id}/block`);
    const blocked = await adminCall('POST', `/api/v1/admin/users/${other.user.id}/reset-password`);
    expect(blocked.statusCode).toBe(409);
  });
});

describe('access', () => {
  it('answers 403 to a company ADMIN and 401 without a token', async () => {
    const routes = [
      ['GET', '/api/v1/admin/users'],
      ['GET', `/api/v1/admin/users/${company.adminUserId}`],
      ['POST', `/api/v1/admin/users/${company.adminUserId}/block`],
      ['POST', `/api/v1/admin/users/${company.adminUserId}/unblock`],
      ['POST', `/api/v1/admin/users/${company.adminUserId}/reset-password`],
    ] as const;
    for (const [method, url] of routes) {
      const forbidden = await call(t.app, {
        method,
        url,
        token: company.admin.tokens.accessToken,
      });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await call(t.app, { method, url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('PATCH /admin/users/:id', () => {
  it('changes a person’s email and phone, ends their sessions, answers 409 when taken', async () => {
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const session = await login(t.app, member.user.email);
    const newEmail = `restored-${unique()}@example.ru`;
    const response = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/users/${member.user.id}`,
      token: superToken,
      payload: { email: newEmail, phone: '+79990001122' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(AdminUserSchema.parse(response.data)).toMatchObject({
      email: newEmail,
      phone: '+79990001122',
    });
    const old = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: session.accessToken,
    });
    expect(old.statusCode).toBe(401);
    await login(t.app, newEmail, DEFAULT_PASSWORD);

    const taken = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/users/${member.user.id}`,
      token: superToken,
      payload: { email: company.admin.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.data.details).toEqual([{ field: 'email', message: 'Этот email уже занят' }]);
  });

  it('is the super admin’s only: a company ADMIN gets 403, no token 401, unknown id 404', async () => {
    const forbidden = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/users/${company.adminUserId}`,
      token: company.admin.tokens.accessToken,
      payload: { firstName: 'Взлом' },
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/users/${company.adminUserId}`,
      payload: { firstName: 'Взлом' },
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/admin/users/2000000000',
      token: superToken,
      payload: { firstName: 'Никто' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
