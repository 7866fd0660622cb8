import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorResponseSchema, TokenPairSchema } from '@smena/contract';
import { auditLog, refreshTokens, sessions } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { hashRefreshToken } from './tokens.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  makeRegistration,
} from '../../../test/factories.ts';
import { DEFAULT_PASSWORD, TEST_SUPERADMIN } from '../../../test/test-constants.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /auth/login', () => {
  it('answers tokens for the right password', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: TEST_SUPERADMIN.email.toUpperCase(), password: TEST_SUPERADMIN.password },
    });
    expect(response.statusCode).toBe(200);
    const tokens = TokenPairSchema.parse(response.data);
    expect(tokens.refreshToken).toMatch(/^[\w-]{43}$/);
  });

  it('answers 401 «Неверный email или пароль» for a wrong password and an unknown email alike', async () => {
    for (const payload of [
      { email: TEST_SUPERADMIN.email, password: 'wrong-password' },
      { email: 'nobody@example.ru', password: 'whatever-password' },
    ]) {
      const response = await call(t.app, { method: 'POST', url: '/api/v1/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(ErrorResponseSchema.parse(response.data)).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Неверный email или пароль',
      });
    }
  });

  it('answers 422 with field details for a malformed body', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'not-an-email', password: 5 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.code).toBe('VALIDATION_ERROR');
    const fields = response.data.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers 422, not 400, for an empty JSON body', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(422);
  });

  it('answers 400 for broken JSON', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.data).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('POST /auth/refresh', () => {
  it('rotates the refresh token, and a reused one revokes the whole session', async () => {
    const first = await loginSuperAdmin(t.app);
    const rotated = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: first.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const second = TokenPairSchema.parse(rotated.data);
    expect(second.refreshToken).not.toBe(first.refreshToken);

    // The new access token works…
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: second.accessToken }))
        .statusCode,
    ).toBe(200);

    // …until the old refresh token is presented again after the grace window: that revokes
    // the session.
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refreshToken)));
    const reuse = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: second.accessToken }))
        .statusCode,
    ).toBe(401);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: second.refreshToken },
    });
    expect(again.statusCode).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    const tokens = await loginSuperAdmin(t.app);
    const stored = await t.database.db.select().from(refreshTokens);
    expect(stored.some((row) => row.tokenHash === tokens.refreshToken)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('answers 401 for an unknown token and 422 without one', async () => {
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refresh: 'nope' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/auth/refresh', payload: {} })).statusCode,
    ).toBe(422);
  });
});

describe('DELETE /auth/logout and /auth/clear-session', () => {
  it('revokes the current session at once', async () => {
    const tokens = await loginSuperAdmin(t.app);
    const other = await loginSuperAdmin(t.app);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: '/api/v1/auth/logout',
          token: tokens.accessToken,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: tokens.accessToken }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refresh: tokens.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    // Another session of the same user is untouched.
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/profile', token: other.accessToken }))
        .statusCode,
    ).toBe(200);
  });

  it('clear-session revokes every session of the user', async () => {
    const company = await createCompany(t.app);
    const a = await login(t.app, company.admin.email);
    const b = await login(t.app, company.admin.email);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: '/api/v1/auth/clear-session',
          token: a.accessToken,
        })
      ).statusCode,
    ).toBe(200);
    for (const token of [a.accessToken, b.accessToken, company.admin.tokens.accessToken]) {
      expect((await call(t.app, { method: 'GET', url: '/api/v1/profile', token })).statusCode).toBe(
        401,
      );
    }
  });

  it('answers 401 without a token', async () => {
    expect((await call(t.app, { method: 'DELETE', url: '/api/v1/auth/logout' })).statusCode).toBe(
      401,
    );
    expect(
      (await call(t.app, { method: 'DELETE', url: '/api/v1/auth/clear-session' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /auth/register', () => {
  it('creates the company on a trial with its ADMIN', async () => {
    const registration = makeRegistration({
      phone: '+7 (916) 555-12-34',
      email: 'Owner@Example.RU',
      lastName: ' Кадрова ',
      firstName: 'Нина',
    });
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registration,
    });
    expect(response.statusCode).toBe(201);
    const { accessToken } = TokenPairSchema.parse(response.data);
    const employee = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: accessToken,
    });
    expect(employee.data).toMatchObject({ role: 'ADMIN', status: 'ACTIVE' });
    const company = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/company',
      token: accessToken,
    });
    expect(company.data).toMatchObject({
      title: registration.title,
      isTrial: true,
      status: 'ACTIVE',
      country: 'RU',
    });
    expect(Date.parse(company.data.paidUntil)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: accessToken,
    });
    expect(profile.data).toMatchObject({
      email: 'owner@example.ru',
      phone: '+79165551234',
      lastName: 'Кадрова',
      firstName: 'Нина',
    });
  });

  it('answers 409 with a Russian message for a taken email or phone', async () => {
    const company = await createCompany(t.app);
    const byEmail = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: makeRegistration({ email: company.admin.email }),
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.data.message).toBe('Пользователь с таким email уже зарегистрирован');
    const byPhone = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: makeRegistration({ phone: company.admin.phone }),
    });
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.data.message).toBe('Пользователь с таким телефоном уже зарегистрирован');
  });

  it('creates exactly one account when the same email registers twice at once', async () => {
    const registration = makeRegistration();
    const responses = await Promise.all([
      call(t.app, { method: 'POST', url: '/api/v1/auth/register', payload: registration }),
      call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { ...registration, phone: '+79990001122' },
      }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('rejects a short password, an unknown country and a bad phone with field messages', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: makeRegistration({ password: 'short', phone: '12' }),
    });
    expect(response.statusCode).toBe(422);
    const fields = Object.fromEntries(
      response.data.details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    expect(fields.password).toBe('Пароль должен быть не короче 8 символов');
    expect(fields.phone).toBe('Некорректный номер телефона');

    const country = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: makeRegistration({ country: 'XX' }),
    });
    expect(country.statusCode).toBe(422);
    expect(country.data.details[0].field).toBe('country');
  });

  it('accepts a 128-character password and refuses 129', async () => {
    const ok = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: makeRegistration({ password: 'x'.repeat(128) }),
    });
    expect(ok.statusCode).toBe(201);
    const tooLong = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: makeRegistration({ password: 'x'.repeat(129) }),
    });
    expect(tooLong.statusCode).toBe(422);
  });
});

describe('restore-account and change-new-password', () => {
  it('sends a 6-digit code and lets the user set a new password with it', async () => {
    const company = await createCompany(t.app);
    const restore = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/restore-account',
      payload: { phone: company.admin.phone },
    });
    expect(restore.statusCode).toBe(200);
    const sms = t.sms.findLast((message) => message.phone === company.admin.phone);
    const code = sms?.text.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();

    const change = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-new-password',
      payload: { phone: company.admin.phone, otp: code, password: 'brand-new-password' },
    });
    expect(change.statusCode).toBe(200);
    // Old sessions end; the new password works, the old one does not.
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/v1/profile',
          token: company.admin.tokens.accessToken,
        })
      ).statusCode,
    ).toBe(401);
    await expect(login(t.app, company.admin.email, 'brand-new-password')).resolves.toBeDefined();
    await expect(login(t.app, company.admin.email, DEFAULT_PASSWORD)).rejects.toThrow();
    // The code is single-use.
    const reuse = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-new-password',
      payload: { phone: company.admin.phone, otp: code, password: 'another-password' },
    });
    expect(reuse.statusCode).toBe(422);
  });

  it('answers the same for an unknown phone and sends nothing', async () => {
    const company = await createCompany(t.app);
    const before = t.sms.length;
    const known = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/restore-account',
      payload: { phone: company.admin.phone },
    });
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/restore-account',
      payload: { phone: '+79000000001' },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(t.sms.length).toBe(before + 1);
  });

  it('allows 5 tries, then refuses even the right code', async () => {
    const company = await createCompany(t.app);
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/restore-account',
      payload: { phone: company.admin.phone },
    });
    const code = t.sms
      .findLast((message) => message.phone === company.admin.phone)!
      .text.match(/\d{6}/)![0];
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/change-new-password',
        payload: { phone: company.admin.phone, otp: wrong, password: 'brand-new-password' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.data.code).toBe('OTP_INVALID');
    }
    const right = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-new-password',
      payload: { phone: company.admin.phone, otp: code, password: 'brand-new-password' },
    });
    expect(right.statusCode).toBe(429);
    expect(right.data.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('refuses an expired code', async () => {
    const company = await createCompany(t.app);
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/restore-account',
      payload: { phone: company.admin.phone },
    });
    const code = t.sms
      .findLast((message) => message.phone === company.admin.phone)!
      .text.match(/\d{6}/)![0];
    const { otpCodes } = await import('../../db/schema/index.ts');
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.phone, company.admin.phone));
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-new-password',
      payload: { phone: company.admin.phone, otp: code, password: 'brand-new-password' },
    });
    expect(response.statusCode).toBe(422);
    // The same answer as a wrong code, and as any code for an unknown phone.
    expect(response.data).toMatchObject({
      code: 'OTP_INVALID',
      message: 'Неверный или устаревший код',
    });
  });
});

describe('POST /auth/auth-with-admin/{companyId}', () => {
  it('gives the super admin tokens acting as the company ADMIN, audited with both users', async () => {
    const company = await createCompany(t.app);
    const superTokens = await loginSuperAdmin(t.app);
    const superProfile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: superTokens.accessToken,
    });
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/v1/auth/auth-with-admin/${company.companyId}`,
      token: superTokens.accessToken,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const { accessToken } = TokenPairSchema.parse(response.data);
    const employee = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: accessToken,
    });
    expect(employee.data).toMatchObject({ role: 'ADMIN', companyId: company.companyId });
    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: accessToken,
    });
    expect(profile.data).toMatchObject({
      id: company.adminUserId,
      impersonatorId: superProfile.data.id,
    });

    // A write under impersonation is recorded with both users.
    await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/profile/company-hide-branches',
      token: accessToken,
      payload: { hideBranches: true },
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.companyId, company.companyId));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['IMPERSONATION_START', 'PATCH']),
    );
    expect(entries.find((entry) => entry.action === 'PATCH')).toMatchObject({
      userId: company.adminUserId,
      impersonatorId: superProfile.data.id,
    });
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.impersonatorId, superProfile.data.id));
    expect(session?.companyId).toBe(company.companyId);
  });

  it('is refused to company admins, managers and employees', async () => {
    const company = await createCompany(t.app);
    const other = await createCompany(t.app);
    const manager = await addMember(t.database.db, company.companyId, 'MANAGER');
    const managerTokens = await login(t.app, manager.user.email);
    for (const token of [company.admin.tokens.accessToken, managerTokens.accessToken]) {
      const response = await call(t.app, {
        method: 'POST',
        url: `/api/v1/auth/auth-with-admin/${other.companyId}`,
        token,
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    }
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `/api/v1/auth/auth-with-admin/${other.companyId}`,
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 404 for an unknown company', async () => {
    const superTokens = await loginSuperAdmin(t.app);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/auth-with-admin/999999',
      token: superTokens.accessToken,
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('blocked users and companies', () => {
  it('refuses login and requests of a blocked company with 403 «Компания заблокирована»', async () => {
    const company = await createCompany(t.app);
    const { companies } = await import('../../db/schema/index.ts');
    await t.database.db
      .update(companies)
      .set({ status: 'BLOCKED' })
      .where(eq(companies.id, company.companyId));
    const loginResponse = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: company.admin.email, password: DEFAULT_PASSWORD },
    });
    expect(loginResponse.statusCode).toBe(403);
    expect(loginResponse.data.message).toBe('Компания заблокирована');
    const request = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: company.admin.tokens.accessToken,
    });
    expect(request.statusCode).toBe(403);
    const refresh = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: company.admin.tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(403);
  });
});

describe('rate limits', () => {
  it('answers 429 with a Russian message and Retry-After over the per-IP ceiling', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = () =>
        call(limited.app, {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: 'x@example.ru', password: 'wrong-password' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.data).toMatchObject({ code: 'RATE_LIMITED' });
      expect(blocked.data.message).toMatch(/^Слишком много запросов с вашего адреса/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
