import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createCompany, login, loginSuperAdmin } from '../../../test/factories.ts';
import { createApiKey } from '../checks/checks.test-helpers.ts';

/**
 * Immediate effect: blocking a company or a user, revoking a key, logging out — the very next
 * request is refused, API keys included, on this instance and on every other one.
 */

const withKey = (app: FastifyInstance, secret: string) =>
  call(app, { method: 'GET', url: '/api/v1/employees', headers: { 'x-api-key': secret } });

describe('on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a cached API key on the request right after its company is blocked, and takes it back on unblocking', async () => {
    const company = await createCompany(t.app);
    const key = await createApiKey(t, company.admin.tokens.accessToken);
    const superAdmin = await loginSuperAdmin(t.app);
    expect((await withKey(t.app, key.secret)).statusCode).toBe(200);
    const blocked = await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/companies/${company.companyId}/block`,
      token: superAdmin.accessToken,
    });
    expect(blocked.statusCode).toBe(200);
    const refused = await withKey(t.app, key.secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.data).toMatchObject({ code: 'COMPANY_BLOCKED' });
    // The company's people are refused as well.
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/v1/profile',
          token: company.admin.tokens.accessToken,
        })
      ).statusCode,
    ).toBe(403);

    await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/companies/${company.companyId}/unblock`,
      token: superAdmin.accessToken,
    });
    expect((await withKey(t.app, key.secret)).statusCode).toBe(200);
  });

  it('refuses a cached key blocked by a direct database change (any writer, not only the API)', async () => {
    const company = await createCompany(t.app);
    const key = await createApiKey(t, company.admin.tokens.accessToken);
    expect((await withKey(t.app, key.secret)).statusCode).toBe(200);
    await t.database.db
      .update(companies)
      .set({ status: 'BLOCKED' })
      .where(eq(companies.id, company.companyId));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await withKey(t.app, key.secret)).statusCode).toBe(403);
  });

  it('refuses a user’s token on the request right after the user is blocked or logs out', async () => {
    const company = await createCompany(t.app);
    const member = await addMember(t.database.db, company.companyId, 'MANAGER');
    const superAdmin = await loginSuperAdmin(t.app);
    const profile = (token: string) =>
      call(t.app, { method: 'GET', url: '/api/v1/profile', token });

    const session = await login(t.app, member.user.email);
    expect((await profile(session.accessToken)).statusCode).toBe(200);
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/users/${member.user.id}/block`,
      token: superAdmin.accessToken,
    });
    expect((await profile(session.accessToken)).statusCode).toBe(401);
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/users/${member.user.id}/unblock`,
      token: superAdmin.accessToken,
    });

    const next = await login(t.app, member.user.email);
    expect((await profile(next.accessToken)).statusCode).toBe(200);
    await call(t.app, { method: 'DELETE', url: '/api/v1/auth/logout', token: next.accessToken });
    expect((await profile(next.accessToken)).statusCode).toBe(401);
  });
});

/** Two app instances on one PostgreSQL database, as behind a load balancer. */
describe
  .skipIf(!process.env.DATABASE_URL)
  .each<{ name: string; overrides: Record<string, string> }>([
    { name: 'without Redis', overrides: {} },
    { name: 'with REDIS_URL', overrides: { REDIS_URL: 'redis://127.0.0.1:6379' } },
  ])('on two instances ($name)', ({ overrides }) => {
  let t: TestApp;
  let secondDatabase: Database;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp(overrides);
    const url = t.database.pool!.options.connectionString!;
    secondDatabase = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    second = await buildApp({
      env: t.env,
      database: secondDatabase,
      webRoot: null,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
    await t.close();
  });

  it('refuses the key on the other instance on the very next request after a block or a revocation', async () => {
    const company = await createCompany(t.app);
    const key = await createApiKey(t, company.admin.tokens.accessToken);
    const superAdmin = await loginSuperAdmin(t.app);
    // Both instances have the key cached.
    expect((await withKey(second, key.secret)).statusCode).toBe(200);
    expect((await withKey(t.app, key.secret)).statusCode).toBe(200);

    await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/companies/${company.companyId}/block`,
      token: superAdmin.accessToken,
    });
    const refused = await withKey(second, key.secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.data).toMatchObject({ code: 'COMPANY_BLOCKED' });

    await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/companies/${company.companyId}/unblock`,
      token: superAdmin.accessToken,
    });
    expect((await withKey(second, key.secret)).statusCode).toBe(200);

    const revoked = await call(t.app, {
      method: 'POST',
      url: `/api/v1/api-keys/${key.id}/revoke`,
      token: company.admin.tokens.accessToken,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await withKey(second, key.secret)).statusCode).toBe(401);
  });

  it('refuses a session on the other instance on the very next request after logout', async () => {
    const company = await createCompany(t.app);
    const session = await login(t.app, company.admin.email);
    const onSecond = () =>
      call(second, { method: 'GET', url: '/api/v1/profile', token: session.accessToken });
    expect((await onSecond()).statusCode).toBe(200);
    await call(t.app, { method: 'DELETE', url: '/api/v1/auth/logout', token: session.accessToken });
    expect((await onSecond()).statusCode).toBe(401);
  });
});
