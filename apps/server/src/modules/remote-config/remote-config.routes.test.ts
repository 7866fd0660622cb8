import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ConfigEntryListSchema,
  ConfigEntrySchema,
  REMOTE_CONFIG_TTL_SECONDS,
  RemoteConfigSchema,
  defaultRemoteConfig,
} from '@smena/contract';
import { auditLog } from '../../db/schema/index.ts';
import { seedRemoteConfig } from '../../db/seed.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, loginSuperAdmin, type TestCompany } from '../../../test/factories.ts';

let t: TestApp;
let superToken: string;
let companyA: TestCompany;
let companyB: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  superToken = (await loginSuperAdmin(t.app)).accessToken;
  [companyA, companyB] = await Promise.all([createCompany(t.app), createCompany(t.app)]);
});
afterAll(async () => {
  await t.close();
});

async function getConfig(token?: string) {
  const response = await call(t.app, { method: 'GET', url: '/api/v1/config', token });
  expect(response.statusCode, response.body).toBe(200);
  return { response, config: RemoteConfigSchema.parse(response.data) };
}

function admin(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return call(t.app, {
    method,
    url: `/api/v1/admin/config${url}`,
    token: superToken,
    ...(payload ? { payload } : {}),
  });
}

function auditOf(key: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'config'), eq(auditLog.entityId, key)))
    .orderBy(auditLog.id);
}

describe('GET /api/v1/config', () => {
  it('answers the shipped values without a token, with the TTL and a short cache', async () => {
    const { response, config } = await getConfig();
    expect(config).toEqual({ values: defaultRemoteConfig, ttlSeconds: REMOTE_CONFIG_TTL_SECONDS });
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers the global values to an invalid token instead of 401', async () => {
    const { config } = await getConfig('not-a-token');
    expect(config.values).toEqual(defaultRemoteConfig);
  });

  it('applies a company’s own value for that company’s token only', async () => {
    const set = await admin('PUT', `/features.comments/overrides/${companyA.companyId}`, {
      value: false,
    });
    expect(set.statusCode, set.body).toBe(200);

    expect((await getConfig(companyA.admin.tokens.accessToken)).config.values).toMatchObject({
      'features.comments': false,
      'app.versionCheckMinutes': 5,
    });
    expect(
      (await getConfig(companyB.admin.tokens.accessToken)).config.values['features.comments'],
    ).toBe(true);
    expect((await getConfig()).config.values['features.comments']).toBe(true);
    expect((await getConfig(superToken)).config.values['features.comments']).toBe(true);

    const cleared = await admin('DELETE', `/features.comments/overrides/${companyA.companyId}`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(ConfigEntrySchema.parse(cleared.data).overrides).toEqual([]);
    expect(
      (await getConfig(companyA.admin.tokens.accessToken)).config.values['features.comments'],
    ).toBe(true);
  });
});

describe('/api/v1/admin/config', () => {
  it('answers 401 without a token and 403 to a company admin on every route', async () => {
    const routes: ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', ''],
      ['POST', '', { key: 'features.x', type: 'boolean', value: true }],
      ['PATCH', '/app.maintenanceBanner', { value: 'x' }],
      ['DELETE', '/app.maintenanceBanner'],
      ['PUT', `/features.comments/overrides/${companyA.companyId}`, { value: false }],
      ['DELETE', `/features.comments/overrides/${companyA.companyId}`],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await call(t.app, {
        method,
        url: `/api/v1/admin/config${url}`,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(t.app, {
        method,
        url: `/api/v1/admin/config${url}`,
        token: companyA.admin.tokens.accessToken,
        ...(payload ? { payload } : {}),
      });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists the seeded keys with types, Russian descriptions and overrides with company titles', async () => {
    await admin('PUT', `/features.comments/overrides/${companyB.companyId}`, { value: false });
    const response = await admin('GET', '');
    expect(response.statusCode).toBe(200);
    const { items } = ConfigEntryListSchema.parse(response.data);
    const byKey = new Map(items.map((item) => [item.key, item]));
    expect(byKey.get('app.versionCheckMinutes')).toMatchObject({
      type: 'number',
      value: 5,
      companyOverridable: false,
    });
    expect(byKey.get('analytics.enabled')).toMatchObject({ type: 'boolean', value: true });
    expect(byKey.get('app.maintenanceBanner')).toMatchObject({ type: 'string', value: '' });
    const comments = byKey.get('features.comments')!;
    expect(comments.companyOverridable).toBe(true);
    expect(comments.description).toBe('Комментарии к дням и отметкам');
    expect(comments.overrides).toEqual([
      {
        companyId: companyB.companyId,
        companyTitle: expect.stringMatching(/^ООО Ромашка/),
        value: false,
      },
    ]);
    await admin('DELETE', `/features.comments/overrides/${companyB.companyId}`);
  });

  it('creates a key, refuses a duplicate with 409, and audits the creation', async () => {
    const input = {
      key: 'features.newDashboard',
      type: 'boolean',
      value: false,
      description: 'Новая сводка',
    };
    const created = await admin('POST', '', input);
    expect(created.statusCode, created.body).toBe(201);
    expect(ConfigEntrySchema.parse(created.data)).toMatchObject({
      ...input,
      companyOverridable: false,
      overrides: [],
    });
    expect((await getConfig()).config.values['features.newDashboard']).toBe(false);

    const duplicate = await admin('POST', '', input);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.data.message).toBe('Ключ features.newDashboard уже есть');

    const [entry] = await auditOf('features.newDashboard');
    expect(entry).toMatchObject({ action: 'CONFIG_CREATE', companyId: null });
  });

  it('answers 422 to a value of the wrong type and to a malformed key', async () => {
    const created = await admin('POST', '', {
      key: 'limits.maxThings',
      type: 'number',
      value: 'много',
    });
    expect(created.statusCode).toBe(422);
    expect(created.data.details).toEqual([
      { field: 'value', message: 'Значение должно быть типа «число»' },
    ]);

    const patched = await admin('PATCH', '/app.versionCheckMinutes', { value: '10' });
    expect(patched.statusCode).toBe(422);
    expect(patched.data.details).toEqual([
      { field: 'value', message: 'Значение должно быть типа «число»' },
    ]);

    const badKey = await admin('POST', '', { key: 'Плохой ключ', type: 'string', value: '' });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.data.details[0]).toEqual({
      field: 'key',
      message: 'Ключ латиницей, например features.comments',
    });
  });

  it('changes a value, which GET /config answers at once, and audits before and after', async () => {
    const response = await admin('PATCH', '/app.maintenanceBanner', {
      value: 'Технические работы в 23:00',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ConfigEntrySchema.parse(response.data).value).toBe('Технические работы в 23:00');
    expect((await getConfig()).config.values['app.maintenanceBanner']).toBe(
      'Технические работы в 23:00',
    );
    const entries = await auditOf('app.maintenanceBanner');
    expect(entries.at(-1)).toMatchObject({
      action: 'CONFIG_UPDATE',
      details: { value: { before: '', after: 'Технические работы в 23:00' } },
    });
    await admin('PATCH', '/app.maintenanceBanner', { value: '' });
  });

  it('answers 404 to an unknown key', async () => {
    const response = await admin('PATCH', '/features.unknown', { value: true });
    expect(response.statusCode).toBe(404);
    expect(response.data.message).toBe('Ключ настройки не найден');
    expect((await admin('DELETE', '/features.unknown')).statusCode).toBe(404);
  });

  it('deletes an added key but refuses to delete a shipped one with 409', async () => {
    const shipped = await admin('DELETE', '/features.comments');
    expect(shipped.statusCode).toBe(409);
    expect(shipped.data.message).toBe(
      'Этот ключ нужен приложению: его можно изменить, но нельзя удалить',
    );

    await admin('POST', '', { key: 'features.trial', type: 'string', value: 'a' });
    const deleted = await admin('DELETE', '/features.trial');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await getConfig()).config.values).not.toHaveProperty('features.trial');
    expect((await auditOf('features.trial')).map((entry) => entry.action)).toEqual([
      'CONFIG_CREATE',
      'CONFIG_DELETE',
    ]);
  });

  it('sets company values only on overridable keys, for existing companies, of the right type', async () => {
    const notOverridable = await admin(
      'PUT',
      `/app.versionCheckMinutes/overrides/${companyA.companyId}`,
      { value: 1 },
    );
    expect(notOverridable.statusCode).toBe(422);
    expect(notOverridable.data.message).toBe(
      'У этого ключа не может быть своего значения для компании',
    );

    const unknownCompany = await admin('PUT', '/features.comments/overrides/2147483000', {
      value: false,
    });
    expect(unknownCompany.statusCode).toBe(404);
    expect(unknownCompany.data.message).toBe('Компания не найдена');

    const wrongType = await admin('PUT', `/features.comments/overrides/${companyA.companyId}`, {
      value: 'нет',
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.data.details[0].field).toBe('value');

    const absent = await admin('DELETE', `/features.comments/overrides/${companyA.companyId}`);
    expect(absent.statusCode).toBe(404);

    const set = await admin('PUT', `/features.comments/overrides/${companyA.companyId}`, {
      value: false,
    });
    expect(set.statusCode).toBe(200);
    const overrideAudit = (await auditOf('features.comments')).at(-1);
    expect(overrideAudit).toMatchObject({
      action: 'CONFIG_OVERRIDE_SET',
      companyId: companyA.companyId,
      details: { before: null, after: false },
    });
  });

  it('drops the company values of a key that stops being overridable', async () => {
    await admin('POST', '', {
      key: 'features.pilot',
      type: 'boolean',
      value: false,
      companyOverridable: true,
    });
    await admin('PUT', `/features.pilot/overrides/${companyA.companyId}`, { value: true });
    expect(
      (await getConfig(companyA.admin.tokens.accessToken)).config.values['features.pilot'],
    ).toBe(true);

    const response = await admin('PATCH', '/features.pilot', {
      value: false,
      companyOverridable: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ConfigEntrySchema.parse(response.data)).toMatchObject({
      companyOverridable: false,
      overrides: [],
    });
    expect(
      (await getConfig(companyA.admin.tokens.accessToken)).config.values['features.pilot'],
    ).toBe(false);
    expect((await auditOf('features.pilot')).at(-1)).toMatchObject({
      action: 'CONFIG_UPDATE',
      details: { companyOverridable: false, overridesRemoved: 1 },
    });
  });
});

describe('seedRemoteConfig', () => {
  it('adds missing keys and keeps the values the super admin changed', async () => {
    await admin('PATCH', '/app.versionCheckMinutes', { value: 15 });
    await seedRemoteConfig(t.database.db);
    expect((await getConfig()).config.values['app.versionCheckMinutes']).toBe(15);
    await admin('PATCH', '/app.versionCheckMinutes', { value: 5 });
  });
});
