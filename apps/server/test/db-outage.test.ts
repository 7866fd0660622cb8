import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@smena/contract';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { createCompany, type TestCompany } from './factories.ts';
import { proxiedDatabaseUrl, type PgProxy } from './pg-proxy.ts';
import { createApiKey, createBranch } from '../src/modules/checks/checks.test-helpers.ts';

const RETRY_MESSAGE = 'Сервис временно недоступен. Повторите через несколько секунд';

function expectUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  data: any;
}) {
  expect(response.statusCode, JSON.stringify(response.data)).toBe(503);
  expect(response.data).toMatchObject({
    statusCode: 503,
    code: ErrorCode.SERVICE_UNAVAILABLE,
    message: RETRY_MESSAGE,
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe.skipIf(!process.env.DATABASE_URL)('database outage (PostgreSQL)', () => {
  let t: TestApp;
  let proxy: PgProxy;
  let proxied: Database;
  let app: FastifyInstance;
  let company: TestCompany;
  let apiKey: string;
  let branchId: number;
  let employeeId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const through = await proxiedDatabaseUrl(t.database.pool!.options.connectionString!);
    proxy = through.proxy;
    proxied = await openDatabase({ kind: 'postgres', url: through.url, poolSize: 4 });
    app = await buildApp({
      env: t.env,
      database: proxied,
      sms: { send: async () => {} },
      webRoot: null,
    });
    await app.ready();
    company = await createCompany(app);
    const token = company.admin.tokens.accessToken;
    const branch = await createBranch({ ...t, app }, token);
    branchId = branch.id;
    apiKey = (await createApiKey({ ...t, app }, token)).secret;
    const profile = await call(app, { method: 'GET', url: '/api/v1/profile/employee', token });
    employeeId = profile.data.id;
  });

  afterAll(async () => {
    await proxy?.restore();
    await app?.close();
    await proxied?.close();
    await t?.close();
  });

  it('answers 503 with Retry-After while the database refuses connections, then recovers', async () => {
    const token = company.admin.tokens.accessToken;
    await proxy.cut();

    // The session lookup of the auth hook fails first.
    expectUnavailable(await call(app, { method: 'GET', url: '/api/v1/profile', token }));
    // Public routes that read the database.
    expectUnavailable(
      await call(app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: company.admin.email, password: 'wrong-password-1' },
      }),
    );
    expectUnavailable(
      await call(app, {
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh: company.admin.tokens.refreshToken },
      }),
    );
    // An integration's API key (cached or not, the write fails).
    expectUnavailable(
      await call(app, {
        method: 'POST',
        url: '/api/v1/checks/create',
        headers: { 'x-api-key': apiKey, 'idempotency-key': 'outage-1' },
        payload: {
          employeeId,
          branchId,
          checkInDateTime: new Date(Date.now() - 3_600_000).toISOString(),
        },
      }),
    );
    const ready = await call(app, { method: 'GET', url: '/api/ready' });
    expectUnavailable(ready);
    // Liveness does not depend on the database.
    expect((await call(app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.restore();
    expect((await call(app, { method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: '/api/v1/profile', token })).statusCode).toBe(
      200,
    );
    const refreshed = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: company.admin.tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    company.admin.tokens = refreshed.data;
  });

  it('answers 503 within the connection timeout while the database host does not answer', async () => {
    const token = company.admin.tokens.accessToken;
    await proxy.blackhole();
    const started = Date.now();
    expectUnavailable(await call(app, { method: 'GET', url: '/api/v1/profile', token }));
    expect(Date.now() - started).toBeLessThan(15_000);
    await proxy.restore();
    expect((await call(app, { method: 'GET', url: '/api/v1/profile', token })).statusCode).toBe(
      200,
    );
  }, 30_000);
});
