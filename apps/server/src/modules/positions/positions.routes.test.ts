import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DeleteResultSchema, PositionSchema, PositionsPageSchema } from '@smena/contract';
import { employees } from '../../db/schema/index.ts';
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

async function memberToken(role: 'MANAGER' | 'EMPLOYEE') {
  const member = await addMember(t.database.db, company.companyId, role);
  const tokens = await login(t.app, member.user.email);
  return { ...member, token: tokens.accessToken };
}

async function createPosition(title = `Должность ${unique()}`, token = adminToken) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/positions',
    token,
    payload: { title },
  });
  expect(response.statusCode, response.body).toBe(201);
  return PositionSchema.parse(response.data);
}

async function assignEmployee(
  positionId: number,
  status: 'ACTIVE' | 'DISMISSED' = 'ACTIVE',
  companyId = company.companyId,
) {
  const member = await addMember(t.database.db, companyId, 'EMPLOYEE');
  await t.database.db
    .update(employees)
    .set({ positionId, status })
    .where(eq(employees.id, member.employee.id));
  return member;
}

describe('positions CRUD', () => {
  it('creates, reads, lists, updates and deletes a position', async () => {
    const created = await createPosition('Кассир');
    expect(created).toMatchObject({ title: 'Кассир', employeeCount: 0 });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const fetched = await call(t.app, {
      method: 'GET',
      url: `/api/v1/positions/${created.id}`,
      token: adminToken,
    });
    expect(PositionSchema.parse(fetched.data)).toEqual(created);

    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/positions?search=касс',
      token: adminToken,
    });
    expect(PositionsPageSchema.parse(list.data)).toMatchObject({
      total: 1,
      page: 1,
      limit: 20,
      items: [created],
    });

    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/positions/${created.id}`,
      token: adminToken,
      payload: { title: '  Старший кассир ' },
    });
    expect(patched.statusCode).toBe(200);
    expect(PositionSchema.parse(patched.data).title).toBe('Старший кассир');

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/positions/${created.id}`,
      token: adminToken,
    });
    expect(DeleteResultSchema.parse(deleted.data)).toEqual({ result: 'deleted' });
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/positions/${created.id}`,
          token: adminToken,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('counts active employees only and sorts by the count', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const driver = await createPosition('Водитель', token);
    const loader = await createPosition('Грузчик', token);
    await assignEmployee(loader.id, 'ACTIVE', own.companyId);
    await assignEmployee(loader.id, 'ACTIVE', own.companyId);
    await assignEmployee(driver.id, 'ACTIVE', own.companyId);
    await assignEmployee(driver.id, 'DISMISSED', own.companyId);

    const byCount = await call(t.app, {
      method: 'GET',
      url: '/api/v1/positions?sort=employeeCount&order=desc',
      token,
    });
    expect(
      PositionsPageSchema.parse(byCount.data).items.map((item) => [item.id, item.employeeCount]),
    ).toEqual([
      [loader.id, 2],
      [driver.id, 1],
    ]);
    const byTitle = await call(t.app, {
      method: 'GET',
      url: '/api/v1/positions?order=desc&limit=1',
      token,
    });
    expect(PositionsPageSchema.parse(byTitle.data)).toMatchObject({
      total: 2,
      items: [{ id: loader.id }],
    });
  });
});

describe('position validation', () => {
  it('answers 422 for an empty or too long title and unknown fields', async () => {
    for (const payload of [
      { title: '' },
      { title: 'я'.repeat(201) },
      { title: 'A', extra: 1 },
      {},
    ]) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/positions',
        token: adminToken,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.data.code).toBe('VALIDATION_ERROR');
    }
    const empty = await call(t.app, {
      method: 'POST',
      url: '/api/v1/positions',
      token: adminToken,
      payload: { title: '' },
    });
    expect(empty.data.details[0].field).toBe('title');
  });

  it('answers 409 on title when the title is taken, whatever the case', async () => {
    await createPosition('Менеджер по продажам');
    for (const title of ['Менеджер по продажам', 'менеджер ПО ПРОДАЖАМ']) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/positions',
        token: adminToken,
        payload: { title },
      });
      expect(response.statusCode).toBe(409);
      expect(response.data).toMatchObject({
        message: 'Должность с таким названием уже есть',
        details: [{ field: 'title' }],
      });
    }
    const other = await createPosition();
    const rename = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/positions/${other.id}`,
      token: adminToken,
      payload: { title: 'МЕНЕДЖЕР по продажам' },
    });
    expect(rename.statusCode).toBe(409);
  });
});

describe('position deletion', () => {
  it('refuses while active employees hold it and clears former employees on delete', async () => {
    const position = await createPosition();
    const active = await assignEmployee(position.id);
    const former = await assignEmployee(position.id, 'DISMISSED');
    const refused = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/positions/${position.id}`,
      token: adminToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.message).toBe('Должность назначена сотрудникам');

    await t.database.db
      .update(employees)
      .set({ positionId: null })
      .where(eq(employees.id, active.employee.id));
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/positions/${position.id}`,
      token: adminToken,
    });
    expect(deleted.data).toEqual({ result: 'deleted' });
    const [row] = await t.database.db
      .select({ positionId: employees.positionId })
      .from(employees)
      .where(eq(employees.id, former.employee.id));
    expect(row?.positionId).toBeNull();
  });
});

describe('position access', () => {
  it('lets an EMPLOYEE read but not write, and a MANAGER write', async () => {
    const position = await createPosition();
    const employee = await memberToken('EMPLOYEE');
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/positions', token: employee.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/positions/${position.id}`,
          token: employee.token,
        })
      ).statusCode,
    ).toBe(200);
    for (const write of [
      { method: 'POST' as const, url: '/api/v1/positions', payload: { title: 'Новая' } },
      {
        method: 'PATCH' as const,
        url: `/api/v1/positions/${position.id}`,
        payload: { title: 'Новая' },
      },
      { method: 'DELETE' as const, url: `/api/v1/positions/${position.id}` },
    ]) {
      expect((await call(t.app, { ...write, token: employee.token })).statusCode).toBe(403);
    }

    const manager = await memberToken('MANAGER');
    const created = await createPosition(undefined, manager.token);
    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/positions/${created.id}`,
      token: manager.token,
      payload: { title: `Продавец ${unique()}` },
    });
    expect(patched.statusCode).toBe(200);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/positions/${created.id}`,
      token: manager.token,
    });
    expect(deleted.data).toEqual({ result: 'deleted' });
  });

  it('answers 404 to another company’s ADMIN and hides the position from its list', async () => {
    const position = await createPosition();
    const stranger = await createCompany(t.app);
    const token = stranger.admin.tokens.accessToken;
    for (const attempt of [
      { method: 'GET' as const, url: `/api/v1/positions/${position.id}` },
      {
        method: 'PATCH' as const,
        url: `/api/v1/positions/${position.id}`,
        payload: { title: 'Захват' },
      },
      { method: 'DELETE' as const, url: `/api/v1/positions/${position.id}` },
    ]) {
      const response = await call(t.app, { ...attempt, token });
      expect(response.statusCode, attempt.method).toBe(404);
      expect(response.data.message).toBe('Должность не найдена');
    }
    const list = await call(t.app, { method: 'GET', url: '/api/v1/positions', token });
    expect(PositionsPageSchema.parse(list.data).total).toBe(0);
    const unchanged = await call(t.app, {
      method: 'GET',
      url: `/api/v1/positions/${position.id}`,
      token: adminToken,
    });
    expect(unchanged.data).toEqual(position);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/positions' })).statusCode).toBe(401);
  });
});
