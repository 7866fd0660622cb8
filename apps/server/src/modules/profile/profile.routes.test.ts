import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CompanySchema,
  ProfileEmployeeSchema,
  ProfileSchema,
  SessionSchema,
  ProfileUsersPageSchema,
} from '@smena/contract';
import { companies, notificationTokens } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  type TestCompany,
} from '../../../test/factories.ts';
import { DEFAULT_PASSWORD } from '../../../test/test-constants.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
});
afterAll(async () => {
  await t.close();
});

async function memberToken(role: 'MANAGER' | 'EMPLOYEE', companyId = company.companyId) {
  const member = await addMember(t.database.db, companyId, role);
  const tokens = await login(t.app, member.user.email);
  return { ...member, token: tokens.accessToken };
}

describe('GET /profile, /profile/employee, /profile/company', () => {
  it('answer the caller’s own data in the contract’s shape', async () => {
    const profile = ProfileSchema.parse(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: adminToken })).data,
    );
    expect(profile).toMatchObject({
      id: company.adminUserId,
      email: company.admin.email,
      isSuperAdmin: false,
      impersonatorId: null,
    });
    const employee = ProfileEmployeeSchema.parse(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile/employee', token: adminToken }))
        .data,
    );
    expect(employee).toMatchObject({ role: 'ADMIN', companyId: company.companyId });
    const companyData = CompanySchema.parse(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile/company', token: adminToken }))
        .data,
    );
    expect(companyData.id).toBe(company.companyId);
    expect(companyData).toHaveProperty('startNotificationBerofeMinutes');
  });

  it('shows the super admin as SUPERADMIN outside companies', async () => {
    const tokens = await loginSuperAdmin(t.app);
    const employee = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: tokens.accessToken,
    });
    expect(employee.data).toMatchObject({ role: 'SUPERADMIN', companyId: null, id: null });
    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: tokens.accessToken,
    });
    expect(profile.data.isSuperAdmin).toBe(true);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/v1/profile/company',
          token: tokens.accessToken,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers profile, membership and company in one call, as the three routes do', async () => {
    const get = async (url: string, token: string) =>
      (await call(t.app, { method: 'GET', url: `/api/v1${url}`, token })).data;
    const session = SessionSchema.parse(await get('/profile/session', adminToken));
    expect(session).toEqual({
      profile: await get('/profile', adminToken),
      employee: await get('/profile/employee', adminToken),
      company: await get('/profile/company', adminToken),
    });
    expect(session.company?.id).toBe(company.companyId);

    const superAdmin = (await loginSuperAdmin(t.app)).accessToken;
    const outside = SessionSchema.parse(await get('/profile/session', superAdmin));
    expect(outside.employee).toMatchObject({ role: 'SUPERADMIN', companyId: null });
    expect(outside.profile.isSuperAdmin).toBe(true);
    expect(outside.company).toBeNull();
    expect((await call(t.app, { method: 'GET', url: '/api/v1/profile/session' })).statusCode).toBe(
      401,
    );
  });

  it('answers 401 without a token or with a garbage token', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/profile' })).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: 'garbage' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /profile', () => {
  it('updates names, phone and country', async () => {
    const member = await memberToken('EMPLOYEE');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/profile',
      token: member.token,
      payload: {
        firstName: 'Анна',
        lastName: 'Смирнова',
        middleName: 'Сергеевна',
        phone: '8 (912) 345-67-89',
        country: 'kz',
        currentPassword: DEFAULT_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({
      firstName: 'Анна',
      lastName: 'Смирнова',
      phone: '+79123456789',
      country: 'KZ',
    });
  });

  it('answers 409 when the email belongs to someone else, and changes nothing', async () => {
    const member = await memberToken('EMPLOYEE');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/profile',
      token: member.token,
      payload: {
        email: company.admin.email,
        firstName: 'Изменено',
        currentPassword: DEFAULT_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.details[0].field).toBe('email');
    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: member.token,
    });
    expect(profile.data.firstName).toBe('Иван');
  });

  it('changes email or phone only with the current password, and ends the other sessions', async () => {
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const current = await login(t.app, member.user.email);
    const other = await login(t.app, member.user.email);
    const newEmail = `moved-${Date.now()}@example.ru`;
    const post = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/v1/profile', token: current.accessToken, payload });

    const withoutPassword = await post({ email: newEmail });
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.data.details).toEqual([
      {
        field: 'currentPassword',
        message: 'Чтобы изменить email или телефон, введите текущий пароль',
      },
    ]);
    const wrongPassword = await post({ email: newEmail, currentPassword: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.data.details[0]).toEqual({
      field: 'currentPassword',
      message: 'Неверный текущий пароль',
    });
    // The same email sent back is no change: no password needed, nobody logged out.
    const unchanged = await post({ email: member.user.email, firstName: 'Пётр' });
    expect(unchanged.statusCode).toBe(200);
    const stillThere = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: other.accessToken,
    });
    expect(stillThere.statusCode).toBe(200);

    const changed = await post({ email: newEmail, currentPassword: DEFAULT_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.data.email).toBe(newEmail);
    const otherAfter = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: other.accessToken,
    });
    expect(otherAfter.statusCode).toBe(401);
    const currentAfter = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: current.accessToken,
    });
    expect(currentAfter.statusCode).toBe(200);
    await login(t.app, newEmail);
  });

  it('answers 409 when the phone is taken, with the password given', async () => {
    const member = await memberToken('EMPLOYEE');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/profile',
      token: member.token,
      payload: { phone: company.admin.phone, currentPassword: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.details[0].field).toBe('phone');
  });

  it('rejects unknown fields (no mass assignment) and wrong types with 422', async () => {
    const member = await memberToken('EMPLOYEE');
    for (const payload of [
      { isSuperAdmin: true },
      { firstName: 42 },
      { avatar: 'javascript:alert(1)' },
    ]) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/profile',
        token: member.token,
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: member.token,
    });
    expect(profile.data.isSuperAdmin).toBe(false);
  });
});

describe('POST /profile/new-password', () => {
  it('changes the password, keeps the current session and ends the others', async () => {
    const member = await addMember(t.database.db, company.companyId, 'MANAGER');
    const current = await login(t.app, member.user.email);
    const other = await login(t.app, member.user.email);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/profile/new-password',
      token: current.accessToken,
      payload: { old: DEFAULT_PASSWORD, new: 'a-new-password-9' },
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: current.accessToken }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: other.accessToken }))
        .statusCode,
    ).toBe(401);
    await expect(login(t.app, member.user.email, 'a-new-password-9')).resolves.toBeDefined();
  });

  it('answers 422 on the field «old» for a wrong current password', async () => {
    const member = await memberToken('EMPLOYEE');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/profile/new-password',
      token: member.token,
      payload: { old: 'wrong-password', new: 'a-new-password-9' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details).toEqual([{ field: 'old', message: 'Неверный текущий пароль' }]);
  });
});

describe('company settings (ADMIN only)', () => {
  it('saves notification settings', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/profile/company-notification-settings',
      token: adminToken,
      payload: {
        notification: true,
        startNotificationBerofeMinutes: 30,
        endNotificationBerofeMinutes: 10,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({
      notification: true,
      startNotificationBerofeMinutes: 30,
      endNotificationBerofeMinutes: 10,
    });
  });

  it('refuses negative minutes and wrong types with 422 and changes nothing', async () => {
    const before = (
      await call(t.app, { method: 'GET', url: '/api/v1/profile/company', token: adminToken })
    ).data;
    for (const payload of [
      { notification: true, startNotificationBerofeMinutes: -5, endNotificationBerofeMinutes: 10 },
      { notification: 'yes', startNotificationBerofeMinutes: 5, endNotificationBerofeMinutes: 10 },
      { notification: true, startNotificationBerofeMinutes: 5 },
    ]) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/profile/company-notification-settings',
        token: adminToken,
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.data.code).toBe('VALIDATION_ERROR');
    }
    const after = (
      await call(t.app, { method: 'GET', url: '/api/v1/profile/company', token: adminToken })
    ).data;
    expect(after).toEqual(before);
  });

  it.each([
    ['POST', '/api/v1/profile/company-hide-contacts', { hideContacts: true }, 'hideContacts'],
    [
      'PUT',
      '/api/v1/profile/update-comment-notification',
      { disableCommentNotifications: true },
      'disableCommentNotifications',
    ],
    ['PATCH', '/api/v1/profile/company-hide-branches', { hideBranches: true }, 'hideBranches'],
    [
      'PATCH',
      '/api/v1/profile/company-hide-departments',
      { hideDepartments: true },
      'hideDepartments',
    ],
  ] as const)(
    '%s %s switches the flag for the caller’s company only',
    async (method, url, payload, field) => {
      const other = await createCompany(t.app);
      const response = await call(t.app, { method, url, token: adminToken, payload });
      expect(response.statusCode).toBe(200);
      expect(response.data[field]).toBe(true);
      const otherCompany = await call(t.app, {
        method: 'GET',
        url: '/api/v1/profile/company',
        token: other.admin.tokens.accessToken,
      });
      expect(otherCompany.data[field]).toBe(false);
      const bad = await call(t.app, {
        method,
        url,
        token: adminToken,
        payload: { [field]: 'true' },
      });
      expect(bad.statusCode).toBe(422);
    },
  );

  it('is refused to managers and employees with 403', async () => {
    for (const role of ['MANAGER', 'EMPLOYEE'] as const) {
      const member = await memberToken(role);
      const response = await call(t.app, {
        method: 'PATCH',
        url: '/api/v1/profile/company-hide-branches',
        token: member.token,
        payload: { hideBranches: false },
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('GET /profile/users', () => {
  it('lists active users of the caller’s company only, paginated, with search', async () => {
    const own = await createCompany(t.app);
    const other = await createCompany(t.app);
    await addMember(t.database.db, own.companyId, 'EMPLOYEE', {
      lastName: 'Кузнецова',
      firstName: 'Мария',
    });
    await addMember(t.database.db, own.companyId, 'MANAGER', { lastName: 'Орлов' });
    await addMember(t.database.db, other.companyId, 'EMPLOYEE', { lastName: 'Кузнецов' });

    const all = ProfileUsersPageSchema.parse(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/v1/profile/users?limit=2',
          token: own.admin.tokens.accessToken,
        })
      ).data,
    );
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(2);

    const found = await call(t.app, {
      method: 'GET',
      url: `/api/v1/profile/users?search=${encodeURIComponent('кузнец')}`,
      token: own.admin.tokens.accessToken,
    });
    expect(found.data.total).toBe(1);
    expect(found.data.items[0]).toMatchObject({ lastName: 'Кузнецова', role: 'EMPLOYEE' });

    const bad = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/users?limit=1000',
      token: own.admin.tokens.accessToken,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('hides colleagues’ contacts from managers too, but not from admins', async () => {
    const own = await createCompany(t.app);
    const manager = await addMember(t.database.db, own.companyId, 'MANAGER');
    const token = (await login(t.app, manager.user.email)).accessToken;
    await t.database.db
      .update(companies)
      .set({ hideContacts: true })
      .where(eq(companies.id, own.companyId));
    const list = await call(t.app, { method: 'GET', url: '/api/v1/profile/users', token });
    const admin = list.data.items.find((item: { id: number }) => item.id === own.adminUserId);
    expect(admin).toMatchObject({ email: null, phone: null });
  });

  it('hides colleagues’ contacts from employees when the company says so', async () => {
    const own = await createCompany(t.app);
    const employee = await addMember(t.database.db, own.companyId, 'EMPLOYEE');
    const token = (await login(t.app, employee.user.email)).accessToken;
    await t.database.db
      .update(companies)
      .set({ hideContacts: true })
      .where(eq(companies.id, own.companyId));
    const list = await call(t.app, { method: 'GET', url: '/api/v1/profile/users', token });
    const admin = list.data.items.find((item: { id: number }) => item.id === own.adminUserId);
    expect(admin).toMatchObject({ email: null, phone: null });
    const self = list.data.items.find((item: { id: number }) => item.id === employee.user.id);
    expect(self.email).toBe(employee.user.email);
    const asAdmin = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/users',
      token: own.admin.tokens.accessToken,
    });
    expect(asAdmin.data.items.every((item: { email: string | null }) => item.email !== null)).toBe(
      true,
    );
  });
});

describe('DELETE /profile/delete/{id}', () => {
  it('lets an ADMIN deactivate a member of the company, whose sessions end at once', async () => {
    const member = await memberToken('EMPLOYEE');
    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/profile/delete/${member.user.id}`,
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: member.token }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 404 for a user of another company', async () => {
    const other = await createCompany(t.app);
    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/profile/delete/${other.adminUserId}`,
      token: adminToken,
    });
    expect(response.statusCode).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/v1/profile',
          token: other.admin.tokens.accessToken,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses managers deleting others, but lets anybody delete their own account', async () => {
    const manager = await memberToken('MANAGER');
    const employee = await memberToken('EMPLOYEE');
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `/api/v1/profile/delete/${employee.user.id}`,
          token: manager.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `/api/v1/profile/delete/${employee.user.id}`,
          token: employee.token,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: employee.user.email, password: DEFAULT_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('never removes the last ADMIN', async () => {
    const own = await createCompany(t.app);
    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/profile/delete/${own.adminUserId}`,
      token: own.admin.tokens.accessToken,
    });
    expect(response.statusCode).toBe(409);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/v1/profile',
          token: own.admin.tokens.accessToken,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('POST /profile/notification-token', () => {
  it('stores one row per browser token and re-assigns it to the latest user', async () => {
    const member = await memberToken('MANAGER');
    const payload = {
      // A browser's PushSubscription (notifications/push.test.ts covers validation and delivery).
      notificationToken: JSON.stringify({
        endpoint: 'https://push.example/abc',
        expirationTime: null,
        keys: {
          p256dh:
            'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
      key: 'web',
    };
    for (const token of [adminToken, member.token]) {
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/v1/profile/notification-token',
            token,
            payload,
          })
        ).statusCode,
      ).toBe(200);
    }
    const rows = await t.database.db
      .select()
      .from(notificationTokens)
      .where(eq(notificationTokens.token, payload.notificationToken));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(member.user.id);
    const wrongKey = await call(t.app, {
      method: 'POST',
      url: '/api/v1/profile/notification-token',
      token: adminToken,
      payload: { ...payload, key: 'ios' },
    });
    expect(wrongKey.statusCode).toBe(422);
  });
});

describe('PATCH /profile/company (organization)', () => {
  it('lets the ADMIN change title, contacts, timezone and late tolerance', async () => {
    const own = await createCompany(t.app);
    const response = await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/profile/company',
      token: own.admin.tokens.accessToken,
      payload: {
        title: 'ООО «Новое имя»',
        phone: '+7 (495) 123-45-67',
        country: 'KZ',
        timezone: 'Asia/Almaty',
        lateToleranceMinutes: 10,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(CompanySchema.parse(response.data)).toMatchObject({
      title: 'ООО «Новое имя»',
      phone: '+74951234567',
      country: 'KZ',
      timezone: 'Asia/Almaty',
      lateToleranceMinutes: 10,
    });
  });

  it('refuses an unknown timezone, negative tolerance and unknown fields with 422', async () => {
    const own = await createCompany(t.app);
    for (const payload of [
      { timezone: 'Mars/Olympus' },
      { lateToleranceMinutes: -1 },
      { status: 'ACTIVE' },
      { userLimit: 1000 },
    ]) {
      const response = await call(t.app, {
        method: 'PATCH',
        url: '/api/v1/profile/company',
        token: own.admin.tokens.accessToken,
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
  });

  it('is refused to managers', async () => {
    const member = await memberToken('MANAGER');
    const response = await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/profile/company',
      token: member.token,
      payload: { title: 'Чужое имя' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /config/public', () => {
  it('answers without a token and never leaks secrets', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/v1/config/public' });
    expect(response.statusCode).toBe(200);
    // Payments by card are off without CloudPayments settings; the API secret is never sent.
    expect(response.data).toEqual({
      yandexMapsApiKey: null,
      paymentProvider: 'manual',
      cloudPaymentsPublicId: null,
      operator: null,
    });
  });

  it('names the installation’s operator once OPERATOR_NAME is set', async () => {
    const named = await buildTestApp({
      OPERATOR_NAME: 'ООО «Смена»',
      OPERATOR_INN: '7707083893',
      OPERATOR_OGRN: '1027700132195',
      OPERATOR_ADDRESS: '119021, Москва, ул. Тимура Фрунзе, 11',
      OPERATOR_EMAIL: 'privacy@smena.example',
    });
    try {
      const response = await call(named.app, { method: 'GET', url: '/api/v1/config/public' });
      expect(response.data.operator).toEqual({
        name: 'ООО «Смена»',
        inn: '7707083893',
        ogrn: '1027700132195',
        address: '119021, Москва, ул. Тимура Фрунзе, 11',
        email: 'privacy@smena.example',
        phone: null,
      });
    } finally {
      await named.close();
    }
  });
});
