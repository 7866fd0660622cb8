import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { makeRegistration, unique, uniquePhone } from './factories.ts';
import { proxiedDatabaseUrl, type PgProxy } from './pg-proxy.ts';

/**
 * Runs a whole API scenario with the logger at `trace` into memory — register, login, refresh,
 * restore and a new password, an employee with an email and a phone, a search by email, an
 * integration's check, a query PostgreSQL refuses, a database outage during refresh — and then
 * looks for every value it used in the captured log: none may be there.
 */
const isPostgres = Boolean(process.env.DATABASE_URL);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe(`log hygiene (${isPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let appDatabase: Database;
  let proxy: PgProxy | undefined;
  const lines: string[] = [];
  /** Every value that must not reach the log, with what it is (for the failure message). */
  const secrets = new Map<string, string>();
  const remember = (what: string, value: string | null | undefined) => {
    if (value) secrets.set(value, what);
  };
  const rememberPhone = (what: string, phone: string) => {
    remember(what, phone);
    // Without the "+", and without the country code: any way a phone could be printed.
    remember(`${what} (digits)`, phone.replace(/\D/g, ''));
    remember(`${what} (national)`, phone.replace(/\D/g, '').slice(1));
  };
  const rememberTokens = (what: string, tokens: { accessToken: string; refreshToken: string }) => {
    remember(`${what}: access token`, tokens.accessToken);
    remember(`${what}: refresh token`, tokens.refreshToken);
    remember(`${what}: refresh token SHA-256`, sha256(tokens.refreshToken));
  };

  beforeAll(async () => {
    t = await buildTestApp();
    appDatabase = t.database;
    if (isPostgres) {
      // A real outage on PostgreSQL: the app's own pool goes through a proxy the test can cut.
      const through = await proxiedDatabaseUrl(t.database.pool!.options.connectionString!);
      proxy = through.proxy;
      appDatabase = await openDatabase({ kind: 'postgres', url: through.url, poolSize: 4 });
    }
    app = await buildApp({
      env: { ...t.env, LOG_LEVEL: 'trace' },
      database: appDatabase,
      sms: { send: async (phone, text) => void t.sms.push({ phone, text }) },
      webRoot: null,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });

  afterAll(async () => {
    await proxy?.restore();
    await app?.close();
    if (appDatabase !== t?.database) await appDatabase?.close();
    await t?.close();
  });

  it('writes no email, phone, password, hash, token, key or code to the log', async () => {
    // A company registers and its admin signs in and refreshes.
    const registration = makeRegistration();
    remember('admin email', registration.email);
    rememberPhone('admin phone', registration.phone);
    remember('admin password', registration.password);
    const registered = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registration,
    });
    expect(registered.statusCode).toBe(201);
    rememberTokens('register', registered.data);

    const loggedIn = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: registration.email, password: registration.password },
    });
    expect(loggedIn.statusCode).toBe(200);
    rememberTokens('login', loggedIn.data);
    const wrongPassword = 'not-the-password-42';
    remember('wrong password', wrongPassword);
    expect(
      (
        await call(app, {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: registration.email, password: wrongPassword },
        })
      ).statusCode,
    ).toBe(401);

    const refreshed = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: loggedIn.data.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    rememberTokens('refresh', refreshed.data);

    // Restore by phone, and a new password with the code.
    expect(
      (
        await call(app, {
          method: 'POST',
          url: '/api/v1/auth/restore-account',
          payload: { phone: registration.phone },
        })
      ).statusCode,
    ).toBe(200);
    const code = t.sms
      .findLast((sms) => sms.phone === registration.phone)
      ?.text.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();
    remember('restore code', code);
    const newPassword = `Новый-пароль-${unique()}`;
    remember('new password', newPassword);
    const changed = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/change-new-password',
      payload: { phone: registration.phone, otp: code, password: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const again = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: registration.email, password: newPassword },
    });
    expect(again.statusCode).toBe(200);
    rememberTokens('login after restore', again.data);
    const token = again.data.accessToken as string;

    // An employee with an email, a phone and a password; a search by the email.
    const employee = {
      firstName: 'Анна',
      lastName: `Иванова${unique()}`,
      email: `employee-${unique()}@example.ru`,
      phone: uniquePhone(),
      password: `Пароль-сотрудника-${unique()}`,
    };
    remember('employee email', employee.email);
    rememberPhone('employee phone', employee.phone);
    remember('employee password', employee.password);
    const created = await call(app, {
      method: 'POST',
      url: '/api/v1/employees',
      token,
      payload: employee,
    });
    expect(created.statusCode, created.body).toBe(201);
    const searched = await call(app, {
      method: 'GET',
      url: `/api/v1/employees?search=${encodeURIComponent(employee.email)}`,
      token,
    });
    expect(searched.statusCode).toBe(200);
    // The same email again: whatever the service answers, a unique key may be hit on the way.
    await call(app, {
      method: 'POST',
      url: '/api/v1/employees',
      token,
      payload: { ...employee, lastName: `Другая${unique()}`, phone: registration.phone },
    });

    // An integration: an API key writes a check.
    const branch = await call(app, {
      method: 'POST',
      url: '/api/v1/branches',
      token,
      payload: { title: `Филиал ${unique()}`, latitude: 55.75, longitude: 37.62, radius: 100 },
    });
    expect(branch.statusCode).toBe(201);
    const key = await call(app, {
      method: 'POST',
      url: '/api/v1/api-keys',
      token,
      payload: { name: `Турникет ${unique()}` },
    });
    expect(key.statusCode).toBe(201);
    remember('API key', key.data.secret);
    remember('API key SHA-256', sha256(key.data.secret));
    const check = await call(app, {
      method: 'POST',
      url: '/api/v1/checks/create',
      headers: { 'x-api-key': key.data.secret, 'idempotency-key': `punch-${unique()}` },
      payload: {
        employeeId: created.data.id,
        branchId: branch.data.id,
        checkInDateTime: new Date(Date.now() - 3_600_000).toISOString(),
      },
    });
    expect(check.statusCode, check.body).toBe(201);

    // A query PostgreSQL refuses, with the values in its parameters, message and detail: the
    // insert of a user (email, phone, argon2 hash) fails in a trigger.
    await t.database.db.execute(sql`
      create function log_hygiene_refuse() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Сбой' then
          raise exception 'refused value: "%"', new.email
            using errcode = 'XX000', detail = format('Key (email, phone)=(%s, %s)', new.email, new.phone);
        end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger log_hygiene_refuse before insert on users
      for each row execute function log_hygiene_refuse()`);
    const failing = {
      firstName: 'Сбой',
      lastName: `Сбоев${unique()}`,
      email: `failing-${unique()}@example.ru`,
      phone: uniquePhone(),
      password: `Пароль-сбоя-${unique()}`,
    };
    remember('failing email', failing.email);
    rememberPhone('failing phone', failing.phone);
    remember('failing password', failing.password);
    const refused = await call(app, {
      method: 'POST',
      url: '/api/v1/employees',
      token,
      payload: failing,
    });
    expect(refused.statusCode).toBe(500);
    await t.database.db.execute(sql`drop trigger log_hygiene_refuse on users`);
    await t.database.db.execute(sql`drop function log_hygiene_refuse()`);

    // The database goes away during a refresh: 503, and the token's hash stays out of the log.
    const { refreshToken } = again.data as { refreshToken: string };
    const refreshDuringOutage = () =>
      call(app, {
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh: refreshToken },
      });
    if (proxy) {
      await proxy.cut();
      expect((await refreshDuringOutage()).statusCode).toBe(503);
      await proxy.restore();
    }
    // The same on either database: every statement on refresh_tokens fails as after a shutdown.
    await t.database.db.execute(sql`
      create function log_hygiene_shutdown() returns boolean language plpgsql as $$
      begin
        raise exception 'terminating connection due to administrator command' using errcode = '57P01';
      end $$`);
    await t.database.db.execute(sql`alter table refresh_tokens rename to log_hygiene_tokens`);
    await t.database.db.execute(sql`
      create view refresh_tokens as select * from log_hygiene_tokens where log_hygiene_shutdown()
      with check option`);
    expect((await refreshDuringOutage()).statusCode).toBe(503);
    await t.database.db.execute(sql`drop view refresh_tokens`);
    await t.database.db.execute(sql`alter table log_hygiene_tokens rename to refresh_tokens`);
    await t.database.db.execute(sql`drop function log_hygiene_shutdown()`);
    const afterOutage = await refreshDuringOutage();
    expect(afterOutage.statusCode).toBe(200);
    rememberTokens('refresh after the outage', afterOutage.data);

    // The password hashes as stored.
    const stored = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(inArray(users.email, [registration.email, employee.email]));
    expect(stored.length).toBe(2);
    for (const { hash } of stored) remember('argon2 hash', hash);

    const log = lines.join('');
    // The scenario was logged, failures included (the test would prove nothing otherwise).
    expect(log).toContain('"msg":"incoming request"');
    const logged = (...parts: string[]) =>
      lines.some((line) => parts.every((part) => line.includes(part)));
    expect(logged('"msg":"unhandled error"', 'Failed query: insert into \\"users\\"')).toBe(true);
    expect(logged('"msg":"database unavailable"', '"code":"57P01"')).toBe(true);

    const hits = [...secrets]
      .filter(([value]) =>
        /^\d+$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(log) : log.includes(value),
      )
      .map(([, what]) => what);
    expect(hits).toEqual([]);
    expect(log).not.toMatch(/params|\$argon2|"detail"|@example\.ru/);
  }, 60_000);
});
