import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManagerScopeSchema, type ManagerScopeInput } from '@smena/contract';
import { branches, departments, employeeBranches, employees } from '../../db/schema/index.ts';
import {
  employeeScopeCondition,
  loadManagerUnitsScope,
  scopeCovers,
  type EmployeeScope,
} from '../../db/employee-scope.ts';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addManager,
  addMember,
  createCompany,
  unique,
  uniquePhone,
  type TestCompany,
} from '../../../test/factories.ts';

/**
 * Decision 016: a manager limited to branches and departments reads and changes only the
 * employees there; the whole company stays for managers set to COMPANY (every existing one).
 */
let t: TestApp;
let company: TestCompany;
let adminToken: string;
let north: number;
let south: number;
let parentDepartment: number;
let childDepartment: number;
/** Works at the north branch. */
let northEmployee: number;
/** Works at the south branch only: outside the north manager's scope. */
let southEmployee: number;
/** In the child department, no branch. */
let childEmployee: number;
let northManager: { id: number; token: string };
let departmentManager: { id: number; token: string };
let companyManager: { id: number; token: string };

async function makeBranch(title: string): Promise<number> {
  const [row] = await t.database.db
    .insert(branches)
    .values({
      companyId: company.companyId,
      title: `${title} ${unique()}`,
      latitude: 55.75,
      longitude: 37.62,
      timezone: 'Europe/Moscow',
    })
    .returning();
  return row!.id;
}

async function makeDepartment(title: string, parentId: number | null = null): Promise<number> {
  const [row] = await t.database.db
    .insert(departments)
    .values({ companyId: company.companyId, title: `${title} ${unique()}`, parentId })
    .returning();
  return row!.id;
}

async function member(
  role: 'EMPLOYEE' | 'MANAGER',
  place: { branchId?: number; departmentId?: number } = {},
) {
  const added = await addMember(t.database.db, company.companyId, role);
  if (place.departmentId) {
    await t.database.db
      .update(employees)
      .set({ departmentId: place.departmentId })
      .where(eq(employees.id, added.employee.id));
  }
  if (place.branchId) {
    await t.database.db.insert(employeeBranches).values({
      companyId: company.companyId,
      employeeId: added.employee.id,
      branchId: place.branchId,
    });
  }
  return added;
}

async function manager(scope: ManagerScopeInput | null) {
  const added = await addManager(
    t.app,
    t.database.db,
    { companyId: company.companyId, adminToken },
    scope,
  );
  return { id: added.employeeId, token: added.token };
}

function get(token: string, url: string) {
  return call(t.app, { method: 'GET', url, token });
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  north = await makeBranch('Север');
  south = await makeBranch('Юг');
  parentDepartment = await makeDepartment('Продажи');
  childDepartment = await makeDepartment('Опт', parentDepartment);
  northEmployee = (await member('EMPLOYEE', { branchId: north })).employee.id;
  southEmployee = (await member('EMPLOYEE', { branchId: south })).employee.id;
  childEmployee = (await member('EMPLOYEE', { departmentId: childDepartment })).employee.id;
  northManager = await manager({ kind: 'UNITS', branchIds: [north] });
  departmentManager = await manager({ kind: 'UNITS', departmentIds: [parentDepartment] });
  companyManager = await manager(null);
});
afterAll(async () => {
  await t.close();
});

describe('the scope helper', () => {
  it('covers the units, the sub-departments loaded with them and the manager', async () => {
    const scope = await loadManagerUnitsScope(
      t.database.db,
      company.companyId,
      departmentManager.id,
    );
    expect(scope).toEqual({
      kind: 'UNITS',
      companyId: company.companyId,
      selfId: departmentManager.id,
      branchIds: [],
      departmentIds: [parentDepartment, childDepartment].sort((a, b) => a - b),
    });
    expect(scopeCovers(scope, { departmentId: childDepartment, branchIds: [] })).toBe(true);
    expect(scopeCovers(scope, { departmentId: null, branchIds: [north] })).toBe(false);
    expect(
      scopeCovers(scope, { id: departmentManager.id, departmentId: null, branchIds: [] }),
    ).toBe(true);
    expect(scopeCovers({ kind: 'COMPANY' }, { departmentId: null, branchIds: [] })).toBe(true);
    expect(
      scopeCovers({ kind: 'SELF', employeeId: 5 }, { id: 6, departmentId: null, branchIds: [] }),
    ).toBe(false);
  });

  it('selects the same employees in SQL', async () => {
    const ids = async (scope: EmployeeScope) =>
      (
        await t.database.db
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.companyId, company.companyId), employeeScopeCondition(scope)))
      ).map((row) => row.id);
    const byBranch = await loadManagerUnitsScope(t.database.db, company.companyId, northManager.id);
    expect(new Set(await ids(byBranch))).toEqual(new Set([northEmployee, northManager.id]));
    const byDepartment = await loadManagerUnitsScope(
      t.database.db,
      company.companyId,
      departmentManager.id,
    );
    expect(new Set(await ids(byDepartment))).toEqual(
      new Set([childEmployee, departmentManager.id]),
    );
    expect(await ids({ kind: 'SELF', employeeId: southEmployee })).toEqual([southEmployee]);
    expect(employeeScopeCondition({ kind: 'COMPANY' })).toBeUndefined();
  });
});

describe('PUT /api/v1/employees/:id/manager-scope', () => {
  it('reads back what the admin set, with titles', async () => {
    const response = await get(adminToken, `/api/v1/employees/${northManager.id}/manager-scope`);
    expect(response.statusCode).toBe(200);
    const scope = ManagerScopeSchema.parse(response.data);
    expect(scope.kind).toBe('UNITS');
    expect(scope.branches.map((branch) => branch.id)).toEqual([north]);
    expect(scope.departments).toEqual([]);
    const whole = await get(adminToken, `/api/v1/employees/${companyManager.id}/manager-scope`);
    expect(whole.data).toEqual({
      employeeId: companyManager.id,
      kind: 'COMPANY',
      branches: [],
      departments: [],
    });
  });

  it('refuses units of another company, an empty choice, a non-manager and a manager', async () => {
    const other = await createCompany(t.app);
    const [foreign] = await t.database.db
      .insert(branches)
      .values({
        companyId: other.companyId,
        title: 'Чужой',
        latitude: 55,
        longitude: 37,
        timezone: 'Europe/Moscow',
      })
      .returning();
    const url = `/api/v1/employees/${companyManager.id}/manager-scope`;
    const put = (token: string, payload: object, target = url) =>
      call(t.app, { method: 'PUT', url: target, token, payload });

    const foreignBranch = await put(adminToken, { kind: 'UNITS', branchIds: [foreign!.id] });
    expect(foreignBranch.statusCode).toBe(422);
    expect(foreignBranch.data.details).toEqual([
      { field: 'branchIds', message: 'Филиал не найден' },
    ]);
    const empty = await put(adminToken, { kind: 'UNITS' });
    expect(empty.statusCode).toBe(422);
    expect(empty.data.details[0].message).toBe('Выберите хотя бы один филиал или отдел');
    const employeeTarget = await put(
      adminToken,
      { kind: 'COMPANY' },
      `/api/v1/employees/${northEmployee}/manager-scope`,
    );
    expect(employeeTarget.statusCode).toBe(409);
    expect((await put(companyManager.token, { kind: 'COMPANY' })).statusCode).toBe(403);
    const own = await put(
      northManager.token,
      { kind: 'COMPANY' },
      `/api/v1/employees/${northManager.id}/manager-scope`,
    );
    expect(own.statusCode).toBe(403);
    expect((await get(adminToken, url)).data.kind).toBe('COMPANY');
  });
});

describe('a manager limited to a branch', () => {
  it('lists and opens only the employees of the branch (and themself)', async () => {
    const list = await get(northManager.token, '/api/v1/employees?status=ALL&limit=100');
    expect(list.statusCode).toBe(200);
    const ids = list.data.items.map((item: { id: number }) => item.id);
    expect(new Set(ids)).toEqual(new Set([northEmployee, northManager.id]));
    expect(list.data.total).toBe(2);
    expect((await get(northManager.token, `/api/v1/employees/${northEmployee}`)).statusCode).toBe(
      200,
    );
    expect((await get(northManager.token, `/api/v1/employees/${southEmployee}`)).statusCode).toBe(
      404,
    );
    const patch = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/employees/${southEmployee}`,
      token: northManager.token,
      payload: { personnelNumber: '77' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it('a manager of the whole company sees everyone', async () => {
    const list = await get(companyManager.token, '/api/v1/employees?status=ALL&limit=100');
    const ids: number[] = list.data.items.map((item: { id: number }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([northEmployee, southEmployee, childEmployee]));
  });

  it('a manager of a department sees its sub-departments', async () => {
    const list = await get(departmentManager.token, '/api/v1/employees?limit=100');
    const ids = list.data.items.map((item: { id: number }) => item.id);
    expect(new Set(ids)).toEqual(new Set([childEmployee, departmentManager.id]));
  });

  it('adds people only into the branch and appoints no managers', async () => {
    const input = (overrides: Record<string, unknown>) => ({
      firstName: 'Анна',
      lastName: `Иванова${unique()}`,
      email: `scope-${unique()}@example.ru`,
      phone: uniquePhone(),
      ...overrides,
    });
    const post = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/v1/employees', token: northManager.token, payload });
    const outside = await post(input({ branchIds: [south] }));
    expect(outside.statusCode).toBe(422);
    expect(outside.data.details.map((d: { field: string }) => d.field)).toContain('branchIds');
    expect((await post(input({ branchIds: [north], role: 'MANAGER' }))).statusCode).toBe(403);
    const inside = await post(input({ branchIds: [north] }));
    expect(inside.statusCode, inside.body).toBe(201);
    // Moving someone out of the scope is refused too.
    const move = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/employees/${inside.data.id}`,
      token: northManager.token,
      payload: { branchIds: [south] },
    });
    expect(move.statusCode).toBe(422);
  });

  it('sees no out-of-scope rows in the calendar, checks, day-offs, reports and dashboard', async () => {
    // A check and a day-off of each of the two branch employees, by the admin.
    const hour = 3_600_000;
    for (const employeeId of [northEmployee, southEmployee]) {
      const check = await call(t.app, {
        method: 'POST',
        url: '/api/v1/checks/create',
        token: adminToken,
        payload: {
          branchId: employeeId === northEmployee ? north : south,
          employeeId,
          checkInDateTime: new Date(Date.now() - 30 * hour).toISOString(),
          checkOutDateTime: new Date(Date.now() - 26 * hour).toISOString(),
        },
      });
      expect(check.statusCode, check.body).toBe(201);
      const dayOff = await call(t.app, {
        method: 'POST',
        url: '/api/v1/weekends',
        token: adminToken,
        payload: { employeeId, type: 'VACATION', from: '2026-02-02', to: '2026-02-03' },
      });
      expect(dayOff.statusCode, dayOff.body).toBe(201);
    }
    const token = northManager.token;
    const idsOf = (items: { employeeId: number | null }[]) =>
      new Set(items.map((item) => item.employeeId));
    /** The branch's people are there; nobody of the other branch or the department is. */
    const inScopeOnly = (ids: Set<number | null>) => {
      expect(ids.has(northEmployee)).toBe(true);
      expect(ids.has(southEmployee)).toBe(false);
      expect(ids.has(childEmployee)).toBe(false);
    };

    const checks = await get(token, '/api/v1/checks?limit=100');
    expect(checks.statusCode).toBe(200);
    expect(idsOf(checks.data.items)).toEqual(new Set([northEmployee]));
    const southCheck = (await get(adminToken, `/api/v1/checks?employeeId=${southEmployee}`)).data
      .items[0].id;
    expect((await get(token, `/api/v1/checks/${southCheck}`)).statusCode).toBe(404);
    const create = await call(t.app, {
      method: 'POST',
      url: '/api/v1/checks/create',
      token,
      payload: {
        branchId: south,
        employeeId: southEmployee,
        checkInDateTime: new Date(Date.now() - 50 * hour).toISOString(),
        checkOutDateTime: new Date(Date.now() - 49 * hour).toISOString(),
      },
    });
    expect(create.statusCode).toBe(404);

    const dayOffs = await get(token, '/api/v1/weekends?limit=100');
    expect(dayOffs.statusCode).toBe(200);
    expect(idsOf(dayOffs.data.items)).toEqual(new Set([northEmployee]));

    const calendar = await get(token, '/api/v1/calendar?from=2026-02-01&to=2026-02-07');
    expect(calendar.statusCode).toBe(200);
    inScopeOnly(idsOf(calendar.data.employees));

    const report = await get(token, '/api/v1/reports/attendance?from=2026-02-01&to=2026-02-07');
    expect(report.statusCode).toBe(200);
    inScopeOnly(idsOf(report.data.rows));
    const card = await get(token, '/api/v1/reports/report-card?month=2026-02');
    expect(card.statusCode).toBe(200);
    inScopeOnly(idsOf(card.data.employees));
    const xlsx = await get(
      token,
      `/api/v1/reports/report-card.xlsx?month=2026-02&employeeId=${southEmployee}`,
    );
    expect(xlsx.statusCode).toBe(404);
    const days = await get(
      token,
      `/api/v1/reports/attendance/days?employeeId=${southEmployee}&from=2026-02-01&to=2026-02-07`,
    );
    expect(days.statusCode).toBe(404);
    const attendance = await get(
      token,
      `/api/v1/attendance?employeeIds=${southEmployee}&from=2026-02-01&to=2026-02-07`,
    );
    expect(attendance.statusCode).toBe(404);

    const dashboard = await get(token, '/api/v1/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.data.branches.map((row: { branchId: number }) => row.branchId)).toEqual([
      north,
    ]);
  });
});
