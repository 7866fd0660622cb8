import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { BranchSchema, BranchesPageSchema, DeleteResultSchema } from '@smena/contract';
import { branches, cities, companies, employeeBranches, employees } from '../../db/schema/index.ts';
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
let city: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  const [first] = await t.database.db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .orderBy(asc(cities.id))
    .limit(1);
  city = first!;
});
afterAll(async () => {
  await t.close();
});

async function memberToken(role: 'MANAGER' | 'EMPLOYEE', companyId = company.companyId) {
  const member = await addMember(t.database.db, companyId, role);
  const tokens = await login(t.app, member.user.email);
  return { ...member, token: tokens.accessToken };
}

function branchInput(overrides: Record<string, unknown> = {}) {
  return { title: `Филиал ${unique()}`, latitude: 55.7558, longitude: 37.6173, ...overrides };
}

async function createBranch(overrides: Record<string, unknown> = {}, token = adminToken) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/branches',
    token,
    payload: branchInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return BranchSchema.parse(response.data);
}

async function linkEmployee(branchId: number, employeeId: number, companyId = company.companyId) {
  await t.database.db.insert(employeeBranches).values({ branchId, employeeId, companyId });
}

describe('branches CRUD', () => {
  it('creates, reads, lists, updates and deletes a branch', async () => {
    const created = await createBranch({
      title: 'Центральный офис',
      address: 'ул. Тверская, 1',
      cityId: city.id,
      radius: 250,
    });
    expect(created).toMatchObject({
      title: 'Центральный офис',
      address: 'ул. Тверская, 1',
      cityId: city.id,
      cityName: city.name,
      latitude: 55.7558,
      longitude: 37.6173,
      radius: 250,
      timezone: 'Europe/Moscow',
      active: true,
      employeeCount: 0,
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const fetched = await call(t.app, {
      method: 'GET',
      url: `/api/v1/branches/${created.id}`,
      token: adminToken,
    });
    expect(fetched.statusCode).toBe(200);
    expect(BranchSchema.parse(fetched.data)).toEqual(created);

    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/branches?search=тверская',
      token: adminToken,
    });
    expect(list.statusCode).toBe(200);
    const page = BranchesPageSchema.parse(list.data);
    expect(page.items.map((item) => item.id)).toEqual([created.id]);
    expect(page).toMatchObject({ total: 1, page: 1, limit: 20 });

    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/branches/${created.id}`,
      token: adminToken,
      payload: { title: 'Главный офис', cityId: null, timezone: 'Asia/Yekaterinburg', radius: 10 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(BranchSchema.parse(patched.data)).toMatchObject({
      title: 'Главный офис',
      address: 'ул. Тверская, 1',
      cityId: null,
      cityName: null,
      timezone: 'Asia/Yekaterinburg',
      radius: 10,
    });

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/branches/${created.id}`,
      token: adminToken,
    });
    expect(deleted.statusCode).toBe(200);
    expect(DeleteResultSchema.parse(deleted.data)).toEqual({ result: 'deleted' });
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/branches/${created.id}`,
          token: adminToken,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('takes the company’s timezone when none is given', async () => {
    const other = await createCompany(t.app);
    await t.database.db
      .update(companies)
      .set({ timezone: 'Asia/Novosibirsk' })
      .where(eq(companies.id, other.companyId));
    const branch = await createBranch({}, other.admin.tokens.accessToken);
    expect(branch.timezone).toBe('Asia/Novosibirsk');
    const explicit = await createBranch(
      { timezone: 'Europe/Kaliningrad' },
      other.admin.tokens.accessToken,
    );
    expect(explicit.timezone).toBe('Europe/Kaliningrad');
  });

  it('accepts an empty PATCH and changes nothing', async () => {
    const branch = await createBranch();
    const response = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/branches/${branch.id}`,
      token: adminToken,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(BranchSchema.parse(response.data)).toEqual(branch);
  });

  it('filters by active, sorts and paginates', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const first = await createBranch({ title: 'Бета' }, token);
    const second = await createBranch({ title: 'альфа', active: false }, token);
    const third = await createBranch({ title: 'Гамма' }, token);

    const byTitle = await call(t.app, { method: 'GET', url: '/api/v1/branches', token });
    expect(BranchesPageSchema.parse(byTitle.data).items.map((item) => item.id)).toEqual([
      second.id,
      first.id,
      third.id,
    ]);

    const active = await call(t.app, {
      method: 'GET',
      url: '/api/v1/branches?active=true&sort=createdAt&order=desc',
      token,
    });
    const activePage = BranchesPageSchema.parse(active.data);
    expect(activePage.items.map((item) => item.id)).toEqual([third.id, first.id]);
    expect(activePage.total).toBe(2);

    const archived = await call(t.app, {
      method: 'GET',
      url: '/api/v1/branches?active=false',
      token,
    });
    expect(BranchesPageSchema.parse(archived.data).items.map((item) => item.id)).toEqual([
      second.id,
    ]);

    const paged = await call(t.app, {
      method: 'GET',
      url: '/api/v1/branches?page=2&limit=2',
      token,
    });
    expect(BranchesPageSchema.parse(paged.data)).toMatchObject({
      total: 3,
      page: 2,
      limit: 2,
      items: [{ id: third.id }],
    });
  });

  it('finds `50%` literally, not as a wildcard', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const literal = await createBranch({ title: 'Скидка 50%' }, token);
    await createBranch({ title: 'Склад 500' }, token);
    const response = await call(t.app, {
      method: 'GET',
      url: `/api/v1/branches?search=${encodeURIComponent('50%')}`,
      token,
    });
    expect(BranchesPageSchema.parse(response.data).items.map((item) => item.id)).toEqual([
      literal.id,
    ]);
  });
});

describe('branch validation', () => {
  it('answers 422 with the field for wrong values and unknown fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ radius: 5 }, 'radius'],
      [{ radius: 6000 }, 'radius'],
      [{ radius: 100.5 }, 'radius'],
      [{ latitude: 91 }, 'latitude'],
      [{ longitude: -181 }, 'longitude'],
      [{ title: '   ' }, 'title'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ companyId: 999 }, 'body'],
    ];
    for (const [overrides, field] of cases) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/branches',
        token: adminToken,
        payload: branchInput(overrides),
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.data.code).toBe('VALIDATION_ERROR');
      const fields = response.data.details.map((detail: { field: string }) => detail.field);
      if (field !== 'body') expect(fields).toContain(field);
    }
    const missing = await call(t.app, {
      method: 'POST',
      url: '/api/v1/branches',
      token: adminToken,
      payload: { title: 'Без координат' },
    });
    expect(missing.statusCode).toBe(422);
  });

  it('answers 422 on cityId when the city does not exist', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/branches',
      token: adminToken,
      payload: branchInput({ cityId: 987654 }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details).toEqual([{ field: 'cityId', message: expect.any(String) }]);

    const branch = await createBranch();
    const patch = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/branches/${branch.id}`,
      token: adminToken,
      payload: { cityId: 987654 },
    });
    expect(patch.statusCode).toBe(422);
    expect(patch.data.details[0].field).toBe('cityId');
  });

  it('validates PATCH bodies too', async () => {
    const branch = await createBranch();
    for (const payload of [{ radius: 5 }, { latitude: 91 }, { active: 'yes' }, { id: 5 }]) {
      const response = await call(t.app, {
        method: 'PATCH',
        url: `/api/v1/branches/${branch.id}`,
        token: adminToken,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('answers 409 on title when the title is taken, whatever the case', async () => {
    await createBranch({ title: 'Склад на Ленина' });
    for (const title of ['Склад на Ленина', 'СКЛАД НА ЛЕНИНА', '  склад на ленина ']) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/branches',
        token: adminToken,
        payload: branchInput({ title }),
      });
      expect(response.statusCode, title).toBe(409);
      expect(response.data).toMatchObject({
        code: 'CONFLICT',
        message: 'Филиал с таким названием уже есть',
        details: [{ field: 'title' }],
      });
    }
    const other = await createBranch();
    const rename = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/branches/${other.id}`,
      token: adminToken,
      payload: { title: 'склад на Ленина' },
    });
    expect(rename.statusCode).toBe(409);
    // Another company may use the same title.
    const stranger = await createCompany(t.app);
    await createBranch({ title: 'Склад на Ленина' }, stranger.admin.tokens.accessToken);
  });
  it('lets only one of two simultaneous requests take a title', async () => {
    const payload = branchInput({ title: `Одновременный ${unique()}` });
    const responses = await Promise.all(
      [payload, { ...payload, title: payload.title.toUpperCase() }].map((body) =>
        call(t.app, { method: 'POST', url: '/api/v1/branches', token: adminToken, payload: body }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('branch access', () => {
  it('lets an EMPLOYEE read but not write', async () => {
    const branch = await createBranch();
    const { token } = await memberToken('EMPLOYEE');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/branches', token })).statusCode).toBe(
      200,
    );
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/branches/${branch.id}`, token }))
        .statusCode,
    ).toBe(200);
    const writes = [
      { method: 'POST' as const, url: '/api/v1/branches', payload: branchInput() },
      { method: 'PATCH' as const, url: `/api/v1/branches/${branch.id}`, payload: { radius: 50 } },
      { method: 'DELETE' as const, url: `/api/v1/branches/${branch.id}` },
    ];
    for (const write of writes) {
      expect((await call(t.app, { ...write, token })).statusCode, write.method).toBe(403);
    }
  });

  it('lets a MANAGER write', async () => {
    const { token } = await memberToken('MANAGER');
    const branch = await createBranch({}, token);
    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/branches/${branch.id}`,
      token,
      payload: { radius: 300 },
    });
    expect(patched.data.radius).toBe(300);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/branches/${branch.id}`,
      token,
    });
    expect(deleted.data).toEqual({ result: 'deleted' });
  });

  it('answers 404 to another company’s ADMIN and hides the branch from its list', async () => {
    const branch = await createBranch({ title: `Чужой ${unique()}` });
    const stranger = await createCompany(t.app);
    const token = stranger.admin.tokens.accessToken;
    const attempts = [
      { method: 'GET' as const, url: `/api/v1/branches/${branch.id}` },
      { method: 'PATCH' as const, url: `/api/v1/branches/${branch.id}`, payload: { radius: 50 } },
      { method: 'DELETE' as const, url: `/api/v1/branches/${branch.id}` },
    ];
    for (const attempt of attempts) {
      const response = await call(t.app, { ...attempt, token });
      expect(response.statusCode, attempt.method).toBe(404);
      expect(response.data.message).toBe('Филиал не найден');
    }
    const list = await call(t.app, { method: 'GET', url: '/api/v1/branches', token });
    expect(BranchesPageSchema.parse(list.data).total).toBe(0);
    const unchanged = await call(t.app, {
      method: 'GET',
      url: `/api/v1/branches/${branch.id}`,
      token: adminToken,
    });
    expect(unchanged.data).toEqual(branch);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/branches' })).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/branches', payload: branchInput() }))
        .statusCode,
    ).toBe(401);
  });
});

describe('branch employees and deletion', () => {
  it('counts active linked employees only, and sorts by the count', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const busy = await createBranch({ title: 'Много людей' }, token);
    const quiet = await createBranch({ title: 'Мало людей' }, token);
    const first = await addMember(t.database.db, own.companyId, 'EMPLOYEE');
    const second = await addMember(t.database.db, own.companyId, 'MANAGER');
    const dismissed = await addMember(t.database.db, own.companyId, 'EMPLOYEE');
    await t.database.db
      .update(employees)
      .set({ status: 'DISMISSED' })
      .where(eq(employees.id, dismissed.employee.id));
    for (const member of [first, second, dismissed]) {
      await linkEmployee(busy.id, member.employee.id, own.companyId);
    }
    await linkEmployee(quiet.id, first.employee.id, own.companyId);

    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/branches?sort=employeeCount&order=desc',
      token,
    });
    const page = BranchesPageSchema.parse(list.data);
    expect(page.items.map((item) => [item.id, item.employeeCount])).toEqual([
      [busy.id, 2],
      [quiet.id, 1],
    ]);
    const single = await call(t.app, {
      method: 'GET',
      url: `/api/v1/branches/${busy.id}`,
      token,
    });
    expect(single.data.employeeCount).toBe(2);
  });

  it('archives a branch that an employee is linked to, and deletes an unused one', async () => {
    const used = await createBranch();
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    await linkEmployee(used.id, member.employee.id);

    const archived = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/branches/${used.id}`,
      token: adminToken,
    });
    expect(archived.statusCode).toBe(200);
    expect(DeleteResultSchema.parse(archived.data)).toEqual({ result: 'archived' });
    const [row] = await t.database.db.select().from(branches).where(eq(branches.id, used.id));
    expect(row?.active).toBe(false);
    const links = await t.database.db
      .select()
      .from(employeeBranches)
      .where(eq(employeeBranches.branchId, used.id));
    expect(links).toHaveLength(1);

    const unused = await createBranch();
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/branches/${unused.id}`,
      token: adminToken,
    });
    expect(deleted.data).toEqual({ result: 'deleted' });
    expect(
      await t.database.db.select().from(branches).where(eq(branches.id, unused.id)),
    ).toHaveLength(0);
  });
});
