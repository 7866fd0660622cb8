import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createCompany, unique, uniquePhone } from '../../../test/factories.ts';
import {
  listenOnLoopback,
  requestFrom,
  type LoopbackResponse,
} from '../../../test/loopback-http.ts';
import { DEFAULT_PASSWORD } from '../../../test/test-constants.ts';

/**
 * Brute-force limits keyed on what is attacked, over real sockets: each test sends from its own
 * loopback address, and the server (TRUST_PROXY off) sees those addresses as the client IPs.
 */

const LOCKED_MESSAGE = /^Слишком много неудачных попыток входа\. Повторите через \d+ мин$/;

function expectRetryAfter(response: LoopbackResponse, atMostSeconds: number) {
  const value = Number(response.headers['retry-after']);
  expect(Number.isInteger(value)).toBe(true);
  expect(value).toBeGreaterThan(0);
  expect(value).toBeLessThanOrEqual(atMostSeconds);
}

describe('with the default limits', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    // '' falls back to the production default of the per-IP ceiling.
    t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (from: string, email: string, password: string) =>
    requestFrom(from, baseUrl, {
      method: 'POST',
      path: '/api/v1/auth/login',
      body: { email, password },
    });

  it('lets 60 employees of one office log in and refresh from one address within a minute', async () => {
    const company = await createCompany(t.app);
    const members = [];
    // Straight into the database with one shared password hash: 60 argon2 hashes would take a second.
    for (let i = 0; i < 60; i++) {
      members.push(await addMember(t.database.db, company.companyId, 'EMPLOYEE'));
    }
    const started = Date.now();
    const logins: LoopbackResponse[] = [];
    for (let batch = 0; batch < 60; batch += 10) {
      logins.push(
        ...(await Promise.all(
          members
            .slice(batch, batch + 10)
            .map((member) => login('127.0.0.2', member.user.email, DEFAULT_PASSWORD)),
        )),
      );
    }
    expect(logins.map((response) => response.statusCode)).toEqual(Array(60).fill(200));

    const refreshes = await Promise.all(
      logins.map((response) =>
        requestFrom('127.0.0.2', baseUrl, {
          method: 'POST',
          path: '/api/v1/auth/refresh',
          body: { refresh: response.data.refreshToken },
        }),
      ),
    );
    expect(refreshes.map((response) => response.statusCode)).toEqual(Array(60).fill(200));
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('stops 30 wrong passwords on one account within a minute, the right one included, and leaves other accounts alone', async () => {
    const company = await createCompany(t.app);
    const victim = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const bystander = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const statuses: number[] = [];
    let lastRefusal: LoopbackResponse | undefined;
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await login('127.0.0.3', victim.user.email, `wrong-password-${attempt}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) lastRefusal = response;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect(lastRefusal!.data).toMatchObject({ code: 'RATE_LIMITED' });
    expect(lastRefusal!.data.message).toMatch(LOCKED_MESSAGE);
    expectRetryAfter(lastRefusal!, 15 * 60);

    // The right password is refused too while the account is locked: otherwise the lock would
    // still tell a guesser which password is right.
    const right = await login('127.0.0.3', victim.user.email, DEFAULT_PASSWORD);
    expect(right.statusCode).toBe(429);
    expectRetryAfter(right, 15 * 60);
    // From another address as well: the account is what is protected.
    expect((await login('127.0.0.4', victim.user.email, DEFAULT_PASSWORD)).statusCode).toBe(429);

    // Another account, even from the attacker's address, is not affected.
    expect((await login('127.0.0.3', bystander.user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    // Nor is an email typed in another case counted apart.
    expect(
      (await login('127.0.0.4', victim.user.email.toUpperCase(), DEFAULT_PASSWORD)).statusCode,
    ).toBe(429);
  });

  it('does not count successful logins against the account', async () => {
    const company = await createCompany(t.app);
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    for (let i = 0; i < 9; i++) {
      expect((await login('127.0.0.5', member.user.email, 'wrong-password')).statusCode).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      expect((await login('127.0.0.5', member.user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    }
    expect((await login('127.0.0.5', member.user.email, 'wrong-password')).statusCode).toBe(401);
    expect((await login('127.0.0.5', member.user.email, 'wrong-password')).statusCode).toBe(429);
  });

  it('counts wrong passwords for unknown emails too, so that the answer tells nothing', async () => {
    const statuses: number[] = [];
    const nobody = `nobody-${unique()}@example.ru`;
    for (let i = 0; i < 11; i++) {
      statuses.push((await login('127.0.0.6', nobody, 'wrong-password')).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('unlocks the account when its owner sets a new password by SMS code', async () => {
    const company = await createCompany(t.app);
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    for (let i = 0; i < 11; i++) await login('127.0.0.7', member.user.email, 'wrong-password');
    expect((await login('127.0.0.7', member.user.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
    await requestFrom('127.0.0.7', baseUrl, {
      method: 'POST',
      path: '/api/v1/auth/restore-account',
      body: { phone: member.user.phone },
    });
    const code = t.sms.findLast((sms) => sms.phone === member.user.phone)!.text.match(/\d{6}/)![0];
    const change = await requestFrom('127.0.0.7', baseUrl, {
      method: 'POST',
      path: '/api/v1/auth/change-new-password',
      body: { phone: member.user.phone, otp: code, password: 'a-brand-new-password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await login('127.0.0.7', member.user.email, 'a-brand-new-password')).statusCode).toBe(
      200,
    );
  });
});

describe('with small limits', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({
      AUTH_RATE_LIMIT_MAX: '5',
      REFRESH_SESSION_RATE_LIMIT: '3',
      OTP_PHONE_RATE_LIMIT: '3',
      OTP_IP_RATE_LIMIT: '8',
    });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keys the login ceiling on the client address: a second address still passes', async () => {
    const attempt = (from: string, i: number) =>
      requestFrom(from, baseUrl, {
        method: 'POST',
        path: '/api/v1/auth/login',
        body: { email: `someone-${i}@example.ru`, password: 'wrong-password' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('127.0.1.2', i)).statusCode).toBe(401);
    const refused = await attempt('127.0.1.2', 5);
    expect(refused.statusCode).toBe(429);
    expect(refused.data).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.data.message).toMatch(/^Слишком много запросов с вашего адреса/);
    expectRetryAfter(refused, 60);
    expect((await attempt('127.0.1.3', 6)).statusCode).toBe(401);
  });

  it('limits refresh per session, not per address', async () => {
    const company = await createCompany(t.app);
    const first = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const second = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const signIn = async (email: string) =>
      (
        await requestFrom('127.0.1.4', baseUrl, {
          method: 'POST',
          path: '/api/v1/auth/login',
          body: { email, password: DEFAULT_PASSWORD },
        })
      ).data.refreshToken as string;
    let token = await signIn(first.user.email);
    const refresh = (from: string, refreshToken: string) =>
      requestFrom(from, baseUrl, {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        body: { refresh: refreshToken },
      });
    for (let i = 0; i < 3; i++) {
      const response = await refresh(`127.0.1.${5 + i}`, token);
      expect(response.statusCode).toBe(200);
      token = response.data.refreshToken;
    }
    const refused = await refresh('127.0.1.9', token);
    expect(refused.statusCode).toBe(429);
    expectRetryAfter(refused, 60);
    // The refused token is not consumed: nothing was rotated.
    // Another session from the same address refreshes freely.
    const other = await signIn(second.user.email);
    expect((await refresh('127.0.1.9', other)).statusCode).toBe(200);
  });

  it('limits restore codes per phone and per address', async () => {
    const restore = (from: string, phone: string) =>
      requestFrom(from, baseUrl, {
        method: 'POST',
        path: '/api/v1/auth/restore-account',
        body: { phone },
      });
    const phone = uniquePhone();
    for (let i = 0; i < 3; i++)
      expect((await restore(`127.0.2.${2 + i}`, phone)).statusCode).toBe(200);
    const perPhone = await restore('127.0.2.5', phone);
    expect(perPhone.statusCode).toBe(429);
    expectRetryAfter(perPhone, 3600);
    // Another phone from a fresh address still passes.
    expect((await restore('127.0.2.5', uniquePhone())).statusCode).toBe(200);

    // Per address: 8 requests for 8 phones, the 9th is refused.
    for (let i = 0; i < 8; i++)
      expect((await restore('127.0.2.6', uniquePhone())).statusCode).toBe(200);
    const perAddress = await restore('127.0.2.6', uniquePhone());
    expect(perAddress.statusCode).toBe(429);
    expectRetryAfter(perAddress, 3600);
  });

  it('limits new-password attempts per phone', async () => {
    const phone = uniquePhone();
    const change = (from: string) =>
      requestFrom(from, baseUrl, {
        method: 'POST',
        path: '/api/v1/auth/change-new-password',
        body: { phone, otp: '123456', password: 'a-brand-new-password' },
      });
    for (let i = 0; i < 3; i++) expect((await change(`127.0.3.${2 + i}`)).statusCode).toBe(422);
    const refused = await change('127.0.3.5');
    expect(refused.statusCode).toBe(429);
    expectRetryAfter(refused, 3600);
  });
});

describe('behind a proxy (TRUST_PROXY lists it)', () => {
  let t: TestApp;
  let baseUrl: string;
  const PROXY = '127.0.3.1';
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '5', TRUST_PROXY: `${PROXY},10.0.0.0/8` });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (from: string, forwardedFor: string, i: number) =>
    requestFrom(from, baseUrl, {
      method: 'POST',
      path: '/api/v1/auth/login',
      body: { email: `forged-${unique()}-${i}@example.ru`, password: 'wrong-password' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy: 15 forged addresses are one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push((await attempt('127.0.3.2', `203.0.113.${i + 1}`, i)).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);
  });

  it('through the proxy, keys on the address the proxy appended, not the one the client wrote', async () => {
    // nginx `$proxy_add_x_forwarded_for`: whatever the client sent, then the peer nginx saw.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await attempt(PROXY, `198.51.100.${i + 1}, 192.0.2.10`, i)).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(2).fill(429)]);
    // Another real client behind the same proxy (the whole office shares the proxy) still passes.
    expect((await attempt(PROXY, '192.0.2.11', 8)).statusCode).toBe(401);
    // A chain of trusted proxies (the office's own 10.x proxy in front) is walked through.
    expect((await attempt(PROXY, '192.0.2.12, 10.1.2.3', 9)).statusCode).toBe(401);
  });
});
