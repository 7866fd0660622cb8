import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { addManager, createCompany } from './factories.ts';
import * as allIdFixtures from './id-fixtures/index.ts';
import type { IdFixture } from './id-fixtures/types.ts';

/**
 * Guards that cover every route the day it is added: each API route declares its access; every
 * non-public route answers 401 without a token; every route with an :id answers 404 when an ADMIN
 * of another company calls it with this company's ids; every route with the :id of an employee's
 * record answers 404 to a MANAGER of the same company whose scope leaves that employee out
 * (decision 016).
 */
type CollectedRoute = { method: string; url: string; access: unknown };

/**
 * For each company route with an :id: how to get an id owned by company A (and a valid body or
 * query string, so that the call reaches the tenant check rather than validation). Each module keeps its entries
 * in test/id-fixtures/<module>.ts; a new :id route without an entry fails the suite.
 */
const ID_FIXTURES: Record<string, IdFixture> = Object.assign({}, ...Object.values(allIdFixtures));

/** Routes where ids cross companies by design (the super admin's area). */
function isSuperAdminOnly(route: CollectedRoute): boolean {
  return (
    Array.isArray(route.access) && route.access.length === 1 && route.access[0] === 'SUPERADMIN'
  );
}

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
        if (method === 'HEAD' || !route.url.startsWith('/api/v1/')) continue;
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

function fillParams(url: string, id: number | string = 1): string {
  return url.replace(/:(\w+)/g, () => String(id));
}

describe('route table', () => {
  it('collects the API routes', () => {
    expect(routes.length).toBeGreaterThan(15);
  });

  it('declares access on every API route', () => {
    const undeclared = routes.filter((route) => route.access === undefined);
    expect(undeclared).toEqual([]);
  });

  it('answers 401 without a token on every non-public route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await call(t.app, {
        method: route.method as 'GET',
        url: fillParams(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (response.statusCode !== 401)
        failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 to another company’s ADMIN on every company route with an :id', async () => {
    const companyA = await createCompany(t.app);
    const companyB = await createCompany(t.app);
    // Params that name a record (`:id`, `:employeeId` …); a `:date` or `:country` names no row.
    const idRoutes = routes.filter(
      (route) =>
        /:(\w*Id|id)\b/.test(route.url) && route.access !== 'public' && !isSuperAdminOnly(route),
    );
    const missing = idRoutes.filter((route) => !ID_FIXTURES[`${route.method} ${route.url}`]);
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);

    for (const route of idRoutes) {
      const fixture = await ID_FIXTURES[`${route.method} ${route.url}`]!(companyA, t);
      const response = await call(t.app, {
        method: route.method as 'GET',
        url: fillParams(route.url, fixture.id) + (fixture.query ? `?${fixture.query}` : ''),
        token: companyB.admin.tokens.accessToken,
        ...(fixture.payload !== undefined ? { payload: fixture.payload as object } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  /**
   * Routes whose :id names an employee or an employee's record (a check, a day-off, an
   * assignment), or a future employee (an invitation, a registration link: their proposed
   * department and branches), or an employee's correction request: reached by a manager only
   * within their scope. Other :id routes name the company's structure (branches, schedules …),
   * which every manager reads.
   */
  const EMPLOYEE_RECORD_ROUTE =
    /^\/api\/v1\/(employees\/:id|checks\/:id|weekends\/:id|schedule-assignments\/:id|invitations\/:id|registration-links\/:id|correction-requests\/:id|schedule-publications\/:id)/;

  it('answers 404 to a MANAGER of the same company outside whose scope the record lies', async () => {
    const companyA = await createCompany(t.app);
    const adminToken = companyA.admin.tokens.accessToken;
    const branch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/branches',
      token: adminToken,
      payload: { title: 'Филиал менеджера', latitude: 55.75, longitude: 37.62 },
    });
    expect(branch.statusCode).toBe(201);
    const { token: managerToken } = await addManager(
      t.app,
      t.database.db,
      { companyId: companyA.companyId, adminToken },
      { kind: 'UNITS', branchIds: [branch.data.id] },
    );

    const scoped = routes.filter(
      (route) =>
        EMPLOYEE_RECORD_ROUTE.test(route.url) &&
        Array.isArray(route.access) &&
        route.access.includes('MANAGER'),
    );
    expect(scoped.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of scoped) {
      const fixture = await ID_FIXTURES[`${route.method} ${route.url}`]!(companyA, t);
      const response = await call(t.app, {
        method: route.method as 'GET',
        url: fillParams(route.url, fixture.id) + (fixture.query ? `?${fixture.query}` : ''),
        token: managerToken,
        ...(fixture.payload !== undefined ? { payload: fixture.payload as object } : {}),
      });
      if (response.statusCode !== 404)
        failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
