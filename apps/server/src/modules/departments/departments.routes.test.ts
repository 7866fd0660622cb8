import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DeleteResultSchema, DepartmentSchema, DepartmentsPageSchema } from '@smena/contract';
import { departments, employees } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  unique,
  type TestCompany,
} from '../../../test/factories.ts';

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

async function memberToken(role: 'MANAGER' | 'EMPLOYEE', companyId = company.companyId) {
  const member = await addMember(t.database.db, companyId, role);
  const tokens = await login(t.app, member.user.email);
  return { ...member, token: tokens.accessToken };
}

async function createDepartment(overrides: Record<string, unknown> = {}, token = adminToken) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/departments',
    token,
    payload: { title: `Отдел ${unique()}`, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return DepartmentSchema.parse(response.data);
}

function patchDepartment(id: number, payload: Record<string, unknown>, token = adminToken) {
  return call(t.app, { method: 'PATCH', url: `/api/v1/departments/${id}`, token, payload });
}

async function getDepartment(id: number, token = adminToken) {
  const response = await call(t.app, { method: 'GET', url: `/api/v1/departments/${id}`, token });
  return { statusCode: response.statusCode, data: response.data };
}

async function assignEmployee(departmentId: number, status: 'ACTIVE' | 'DISMISSED' = 'ACTIVE') {
  const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
  await t.database.db
    .update(employees)
    .set({ departmentId, status })
    .where(eq(employees.id, member.employee.id));
  return member;
}

describe('departments CRUD', () => {
  it('creates, reads, lists, updates and deletes a department', async () => {
    const head = await addMember(t.database.db, company.companyId, 'MANAGER', {
      firstName: 'Мария',
      lastName: 'Кузнецова',
    });
    const parent = await createDepartment({ title: 'Продажи' });
    const created = await createDepartment({
      title: 'Розница',
      parentId: parent.id,
      headEmployeeId: head.employee.id,
    });
    expect(created).toMatchObject({
      title: 'Розница',
      parentId: parent.id,
      headEmployeeId: head.employee.id,
      headName: 'Кузнецова Мария',
      employeeCount: 0,
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const fetched = await getDepartment(created.id);
    expect(DepartmentSchema.parse(fetched.data)).toEqual(created);

    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/departments?search=розн',
      token: adminToken,
    });
    const page = DepartmentsPageSchema.parse(list.data);
    expect(page).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(page.items[0]).toEqual(created);

    const patched = await patchDepartment(created.id, {
      title: 'Розничные продажи',
      parentId: null,
      headEmployeeId: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(DepartmentSchema.parse(patched.data)).toMatchObject({
      title: 'Розничные продажи',
      parentId: null,
      headEmployeeId: null,
      headName: null,
    });

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/departments/${created.id}`,
      token: adminToken,
    });
    expect(deleted.statusCode).toBe(200);
    expect(DeleteResultSchema.parse(deleted.data)).toEqual({ result: 'deleted' });
    expect((await getDepartment(created.id)).statusCode).toBe(404);
  });

  it('counts active employees only, sorts and paginates', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const big = await createDepartment({ title: 'Бухгалтерия' }, token);
    const small = await createDepartment({ title: 'архив' }, token);
    const add = async (departmentId: number, status: 'ACTIVE' | 'DISMISSED') => {
      const member = await addMember(t.database.db, own.companyId, 'EMPLOYEE');
      await t.database.db
        .update(employees)
        .set({ departmentId, status })
        .where(eq(employees.id, member.employee.id));
    };
    await add(big.id, 'ACTIVE');
    await add(big.id, 'ACTIVE');
    await add(big.id, 'DISMISSED');
    await add(small.id, 'ACTIVE');

    const byCount = await call(t.app, {
      method: 'GET',
      url: '/api/v1/departments?sort=employeeCount&order=desc',
      token,
    });
    expect(
      DepartmentsPageSchema.parse(byCount.data).items.map((item) => [item.id, item.employeeCount]),
    ).toEqual([
      [big.id, 2],
      [small.id, 1],
    ]);
    const byTitle = await call(t.app, {
      method: 'GET',
      url: '/api/v1/departments?limit=1&page=2',
      token,
    });
    expect(DepartmentsPageSchema.parse(byTitle.data)).toMatchObject({
      total: 2,
      items: [{ id: big.id }],
    });
  });
});

describe('department validation', () => {
  it('answers 422 for an empty title, wrong types and unknown fields', async () => {
    for (const [payload, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'Отдел', parentId: 'один' }, 'parentId'],
      [{ title: 'Отдел', headEmployeeId: -1 }, 'headEmployeeId'],
      [{ title: 'Отдел', companyId: 1 }, 'body'],
    ] as const) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/departments',
        token: adminToken,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.data.details.map((detail: { field: string }) => detail.field)).toContain(
        field,
      );
    }
  });

  it('answers 422 on parentId for a department of another company or a missing one', async () => {
    const stranger = await createCompany(t.app);
    const foreign = await createDepartment({}, stranger.admin.tokens.accessToken);
    for (const parentId of [foreign.id, 999999]) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/departments',
        token: adminToken,
        payload: { title: `Отдел ${unique()}`, parentId },
      });
      expect(response.statusCode).toBe(422);
      expect(response.data.details).toEqual([{ field: 'parentId', message: 'Отдел не найден' }]);
    }
  });

  it('answers 422 on headEmployeeId for an employee of another company or a dismissed one', async () => {
    const stranger = await createCompany(t.app);
    const foreign = await addMember(t.database.db, stranger.companyId, 'EMPLOYEE');
    const dismissed = await assignEmployee((await createDepartment()).id, 'DISMISSED');
    for (const employeeId of [foreign.employee.id, dismissed.employee.id]) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/departments',
        token: adminToken,
        payload: { title: `Отдел ${unique()}`, headEmployeeId: employeeId },
      });
      expect(response.statusCode).toBe(422);
      expect(response.data.details[0].field).toBe('headEmployeeId');
    }
  });

  it('refuses to put a department inside itself or its descendant', async () => {
    const top = await createDepartment();
    const middle = await createDepartment({ parentId: top.id });
    const bottom = await createDepartment({ parentId: middle.id });
    for (const parentId of [top.id, middle.id, bottom.id]) {
      const response = await patchDepartment(top.id, { parentId });
      expect(response.statusCode, `parent ${parentId}`).toBe(422);
      expect(response.data.details).toEqual([
        { field: 'parentId', message: 'Отдел не может входить сам в себя' },
      ]);
    }
    expect((await getDepartment(top.id)).data.parentId).toBeNull();
    // Moving a branch of the tree elsewhere is fine.
    const other = await createDepartment();
    const moved = await patchDepartment(middle.id, { parentId: other.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.data.parentId).toBe(other.id);
  });

  it('answers 409 on title when the title is taken, whatever the case', async () => {
    await createDepartment({ title: 'Отдел кадров' });
    for (const title of ['Отдел кадров', 'ОТДЕЛ КАДРОВ']) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/departments',
        token: adminToken,
        payload: { title },
      });
      expect(response.statusCode).toBe(409);
      expect(response.data).toMatchObject({
        code: 'CONFLICT',
        message: 'Отдел с таким названием уже есть',
        details: [{ field: 'title' }],
      });
    }
    const other = await createDepartment();
    expect((await patchDepartment(other.id, { title: 'отдел Кадров' })).statusCode).toBe(409);
  });
});

describe('department deletion', () => {
  it('refuses while active employees work there, allows it after they leave', async () => {
    const department = await createDepartment();
    const member = await assignEmployee(department.id);
    const refused = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/departments/${department.id}`,
      token: adminToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.message).toBe('В отделе есть сотрудники — переведите их в другой отдел');

    await t.database.db
      .update(employees)
      .set({ status: 'DISMISSED' })
      .where(eq(employees.id, member.employee.id));
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/departments/${department.id}`,
      token: adminToken,
    });
    expect(deleted.data).toEqual({ result: 'deleted' });
    const [former] = await t.database.db
      .select({ departmentId: employees.departmentId })
      .from(employees)
      .where(eq(employees.id, member.employee.id));
    expect(former?.departmentId).toBeNull();
  });

  it('moves the children up to the deleted department’s parent', async () => {
    const top = await createDepartment();
    const middle = await createDepartment({ parentId: top.id });
    const left = await createDepartment({ parentId: middle.id });
    const right = await createDepartment({ parentId: middle.id });
    const grandchild = await createDepartment({ parentId: left.id });

    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/departments/${middle.id}`,
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    expect((await getDepartment(left.id)).data.parentId).toBe(top.id);
    expect((await getDepartment(right.id)).data.parentId).toBe(top.id);
    expect((await getDepartment(grandchild.id)).data.parentId).toBe(left.id);

    // Deleting a top-level department makes its children top-level.
    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/departments/${top.id}`,
      token: adminToken,
    });
    const rows = await t.database.db
      .select({ id: departments.id, parentId: departments.parentId })
      .from(departments)
      .where(eq(departments.parentId, top.id));
    expect(rows).toEqual([]);
    expect((await getDepartment(left.id)).data.parentId).toBeNull();
  });
});

describe('department access', () => {
  it('lets an EMPLOYEE read but not write, and a MANAGER write', async () => {
    const department = await createDepartment();
    const employee = await memberToken('EMPLOYEE');
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/departments', token: employee.token }))
        .statusCode,
    ).toBe(200);
    expect((await getDepartment(department.id, employee.token)).statusCode).toBe(200);
    for (const write of [
      { method: 'POST' as const, url: '/api/v1/departments', payload: { title: 'Новый' } },
      {
        method: 'PATCH' as const,
        url: `/api/v1/departments/${department.id}`,
        payload: { title: 'Новый' },
      },
      { method: 'DELETE' as const, url: `/api/v1/departments/${department.id}` },
    ]) {
      expect((await call(t.app, { ...write, token: employee.token })).statusCode).toBe(403);
    }

    const manager = await memberToken('MANAGER');
    const created = await createDepartment({}, manager.token);
    expect(
      (await patchDepartment(created.id, { title: `Склад ${unique()}` }, manager.token)).statusCode,
    ).toBe(200);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/departments/${created.id}`,
      token: manager.token,
    });
    expect(deleted.data).toEqual({ result: 'deleted' });
  });

  it('answers 404 to another company’s ADMIN and hides the department from its list', async () => {
    const department = await createDepartment();
    const stranger = await createCompany(t.app);
    const token = stranger.admin.tokens.accessToken;
    for (const attempt of [
      { method: 'GET' as const, url: `/api/v1/departments/${department.id}` },
      {
        method: 'PATCH' as const,
        url: `/api/v1/departments/${department.id}`,
        payload: { title: 'Захват' },
      },
      { method: 'DELETE' as const, url: `/api/v1/departments/${department.id}` },
    ]) {
      const response = await call(t.app, { ...attempt, token });
      expect(response.statusCode, attempt.method).toBe(404);
      expect(response.data.message).toBe('Отдел не найден');
    }
    const list = await call(t.app, { method: 'GET', url: '/api/v1/departments', token });
    expect(DepartmentsPageSchema.parse(list.data).total).toBe(0);
    expect((await getDepartment(department.id)).data).toEqual(department);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/departments' })).statusCode).toBe(401);
  });
});
