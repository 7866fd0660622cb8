import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiKeyListSchema, ApiKeySchema, CreatedApiKeySchema } from '@smena/contract';
import { apiKeys } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import { createApiKey, createBranch, memberWithToken } from '../checks/checks.test-helpers.ts';
import { hashApiKey } from './api-key-secret.ts';

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

describe('API keys', () => {
  it('creates a key shown once and stores only its SHA-256', async () => {
    const branch = await createBranch(t, adminToken);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/api-keys',
      token: adminToken,
      payload: { name: 'Турникет у входа', branchId: branch.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = CreatedApiKeySchema.parse(response.data);
    expect(created.secret).toMatch(/^smk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Турникет у входа',
      prefix: created.secret.slice(0, 12),
      branchId: branch.id,
      branchTitle: branch.title,
      lastUsedAt: null,
      revokedAt: null,
    });
    const [stored] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(stored!.secretHash).toBe(hashApiKey(created.secret));
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    const list = await call(t.app, { method: 'GET', url: '/api/v1/api-keys', token: adminToken });
    expect(list.statusCode).toBe(200);
    const items = ApiKeyListSchema.parse(list.data).items;
    expect(items.find((item) => item.id === created.id)).toMatchObject({ prefix: created.prefix });
    expect(list.body).not.toContain(created.secret);
  });

  it('answers 422 with the field for a bad name or another company’s branch', async () => {
    const stranger = await createCompany(t.app);
    const foreign = await createBranch(t, stranger.admin.tokens.accessToken);
    for (const [payload, field] of [
      [{ name: '  ' }, 'name'],
      [{}, 'name'],
      [{ name: 'Ключ', branchId: foreign.id }, 'branchId'],
      [{ name: 'Ключ', secret: 'x' }, 'body'],
    ] as const) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/api-keys',
        token: adminToken,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (field !== 'body')
        expect(response.data.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('is for ADMINs only', async () => {
    const key = await createApiKey(t, adminToken);
    for (const role of ['MANAGER', 'EMPLOYEE'] as const) {
      const { token } = await memberWithToken(t, company.companyId, role);
      const attempts = [
        { method: 'GET' as const, url: '/api/v1/api-keys' },
        { method: 'POST' as const, url: '/api/v1/api-keys', payload: { name: 'Ключ' } },
        { method: 'DELETE' as const, url: `/api/v1/api-keys/${key.id}` },
        { method: 'POST' as const, url: `/api/v1/api-keys/${key.id}/revoke` },
      ];
      for (const attempt of attempts) {
        const response = await call(t.app, { ...attempt, token });
        expect(response.statusCode, `${role} ${attempt.method} ${attempt.url}`).toBe(403);
      }
    }
    expect((await call(t.app, { method: 'GET', url: '/api/v1/api-keys' })).statusCode).toBe(401);
  });

  it('answers 404 to another company’s ADMIN', async () => {
    const key = await createApiKey(t, adminToken);
    const stranger = await createCompany(t.app);
    for (const [method, url] of [
      ['DELETE', `/api/v1/api-keys/${key.id}`],
      ['POST', `/api/v1/api-keys/${key.id}/revoke`],
    ] as const) {
      const response = await call(t.app, { method, url, token: stranger.admin.tokens.accessToken });
      expect(response.statusCode).toBe(404);
    }
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/api-keys',
      token: stranger.admin.tokens.accessToken,
    });
    expect(list.data.items).toEqual([]);
  });
});

describe('authentication with a key', () => {
  it('reads employees and branches with Bearer or X-Api-Key, inside its company only', async () => {
    const key = await createApiKey(t, adminToken);
    const bearer = await call(t.app, {
      method: 'GET',
      url: '/api/v1/employees',
      token: key.secret,
    });
    expect(bearer.statusCode, bearer.body).toBe(200);
    expect(bearer.data.total).toBeGreaterThanOrEqual(1);
    const header = await call(t.app, {
      method: 'GET',
      url: '/api/v1/branches',
      headers: { 'x-api-key': key.secret },
    });
    expect(header.statusCode, header.body).toBe(200);
    const stranger = await createCompany(t.app);
    await createBranch(t, stranger.admin.tokens.accessToken, { title: 'Чужой филиал' });
    expect(JSON.stringify(header.data)).not.toContain('Чужой филиал');
  });

  it('answers 403 on every other route', async () => {
    const key = await createApiKey(t, adminToken);
    const attempts = [
      { method: 'GET' as const, url: '/api/v1/api-keys' },
      { method: 'GET' as const, url: '/api/v1/checks' },
      { method: 'GET' as const, url: '/api/v1/profile' },
      { method: 'GET' as const, url: '/api/v1/employees/export' },
      {
        method: 'POST' as const,
        url: '/api/v1/branches',
        payload: { title: 'X', ...{ latitude: 1, longitude: 1 } },
      },
      {
        method: 'POST' as const,
        url: '/api/v1/checks/check-in',
        payload: { latitude: 1, longitude: 1 },
      },
      { method: 'GET' as const, url: '/api/v1/comments' },
    ];
    for (const attempt of attempts) {
      const response = await call(t.app, { ...attempt, token: key.secret });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
  });

  it('answers 401 for an unknown or malformed key', async () => {
    for (const secret of [`smk_${'A'.repeat(43)}`, 'smk_short']) {
      const response = await call(t.app, {
        method: 'GET',
        url: '/api/v1/employees',
        token: secret,
      });
      expect(response.statusCode).toBe(401);
      const viaHeader = await call(t.app, {
        method: 'GET',
        url: '/api/v1/employees',
        headers: { 'x-api-key': secret },
      });
      expect(viaHeader.statusCode).toBe(401);
    }
  });

  it('stops working the moment it is revoked (DELETE or POST …/revoke)', async () => {
    for (const revoke of [
      (id: number) => ({ method: 'DELETE' as const, url: `/api/v1/api-keys/${id}` }),
      (id: number) => ({ method: 'POST' as const, url: `/api/v1/api-keys/${id}/revoke` }),
    ]) {
      const key = await createApiKey(t, adminToken);
      const before = await call(t.app, {
        method: 'GET',
        url: '/api/v1/branches',
        token: key.secret,
      });
      expect(before.statusCode).toBe(200);
      const revoked = await call(t.app, { ...revoke(key.id), token: adminToken });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(ApiKeySchema.parse(revoked.data).revokedAt).not.toBeNull();
      const after = await call(t.app, {
        method: 'GET',
        url: '/api/v1/branches',
        token: key.secret,
      });
      expect(after.statusCode).toBe(401);
      // Revoking again keeps the first date.
      const again = await call(t.app, { ...revoke(key.id), token: adminToken });
      expect(again.data.revokedAt).toBe(revoked.data.revokedAt);
    }
  });

  it('records the last use at most once a minute', async () => {
    const key = await createApiKey(t, adminToken);
    await call(t.app, { method: 'GET', url: '/api/v1/branches', token: key.secret });
    const read = async () =>
      (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.lastUsedAt;
    const first = await read();
    expect(first).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await call(t.app, { method: 'GET', url: '/api/v1/branches', token: key.secret });
    expect((await read())!.getTime()).toBe(first!.getTime());
  });
});
