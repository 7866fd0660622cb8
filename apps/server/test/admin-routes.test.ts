import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { createCompany, loginSuperAdmin } from './factories.ts';
import { adminFixtures } from './id-fixtures/admin.ts';

/**
 * The super admin's directory (companies, users, countries, cities): ids there cross companies by
 * design, so instead of the route table's 404 rule every route with an :id must answer 403 to a
 * company ADMIN calling it with a real id, and 404 to the super admin for an id that does not exist.
 * A new route under these prefixes without a fixture in id-fixtures/admin.ts fails here.
 */
const PREFIXES = /^\/api\/v1\/admin\/(companies|users|countries|cities)\b/;

type CollectedRoute = { method: string; url: string; access: unknown };

let t: TestApp;
const routes: CollectedRoute[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const collector = await buildApp({
    env: t.env,
    database: t.database,
    sms: { send: async () => {} },
    webRoot: null,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || !PREFIXES.test(route.url)) continue;
        routes.push({ method, url: route.url, access: route.config?.access });
      }
    },
  });
  await collector.ready();
  await collector.close();
});
afterAll(async () => {
  await t.close();
});

describe('super admin directory routes', () => {
  it('are all for the super admin only', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const others = routes.filter(
      (route) => JSON.stringify(route.access) !== JSON.stringify(['SUPERADMIN']),
    );
    expect(others).toEqual([]);
  });

  it('answer 403 to a company ADMIN and 404 to the super admin for a missing id', async () => {
    const companyA = await createCompany(t.app);
    const companyB = await createCompany(t.app);
    const superToken = (await loginSuperAdmin(t.app)).accessToken;
    const idRoutes = routes.filter((route) => route.url.includes(':id'));
    const missing = idRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !adminFixtures[key]);
    expect(missing).toEqual([]);

    for (const route of idRoutes) {
      const key = `${route.method} ${route.url}`;
      const fixture = await adminFixtures[key]!(companyA, t);
      const query = fixture.query ? `?${fixture.query}` : '';
      const payload = fixture.payload !== undefined ? { payload: fixture.payload as object } : {};
      const forbidden = await call(t.app, {
        method: route.method as 'GET',
        url: route.url.replace(':id', String(fixture.id)) + query,
        token: companyB.admin.tokens.accessToken,
        ...payload,
      });
      expect(forbidden.statusCode, key).toBe(403);
      const absent = await call(t.app, {
        method: route.method as 'GET',
        url: route.url.replace(':id', '2147483000') + query,
        token: superToken,
        ...payload,
      });
      expect(absent.statusCode, key).toBe(404);
    }
  });
});
