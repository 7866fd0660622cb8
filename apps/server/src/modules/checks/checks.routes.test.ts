import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { CheckHistorySchema, CheckSchema, ChecksPageSchema } from '@smena/contract';
import { addDays } from '@smena/time';
import { checks, departments, employees } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import {
  createApiKey,
  createBranch,
  employeeWithShift,
  memberWithToken,
  minutesAgo,
} from './checks.test-helpers.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branch: { id: number; title: string };

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branch = await createBranch(t, adminToken);
});
afterAll(async () => {
  await t.close();
});

async function newEmployee(companyId = company.companyId) {
  return memberWithToken(t, companyId, 'EMPLOYEE');
}

function createBody(employeeId: number, overrides: Record<string, unknown> = {}) {
  return {
    branchId: branch.id,
    employeeId,
    checkInDateTime: minutesAgo(600),
    checkOutDateTime: minutesAgo(120),
    ...overrides,
  };
}

async function create(body: Record<string, unknown>, token = adminToken, headers = {}) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/checks/create',
    token,
    payload: body,
    headers,
  });
}

async function countChecks(employeeId: number) {
  const [row] = await t.database.db
    .select({ value: count() })
    .from(checks)
    .where(eq(checks.employeeId, employeeId));
  return row!.value;
}

describe('POST /checks/create', () => {
  it('creates a closed check as the spec names it, source MANUAL, with the device', async () => {
    const { employeeId } = await newEmployee();
    const body = createBody(employeeId);
    const response = await create(body, adminToken, { 'user-agent': '  Mozilla/5.0 тест  ' });
    expect(response.statusCode, response.body).toBe(201);
    const check = CheckSchema.parse(response.data);
    expect(check).toMatchObject({
      employeeId,
      branchId: branch.id,
      branchTitle: branch.title,
      checkInDateTime: body.checkInDateTime,
      checkOutDateTime: body.checkOutDateTime,
      source: 'MANUAL',
      autoClosed: false,
      device: 'Mozilla/5.0 тест',
      checkInLocation: null,
    });
    expect(check.employeeName).toContain('Иван');
  });

  it('creates an open check without checkOutDateTime, and a MANAGER may too', async () => {
    const { employeeId } = await newEmployee();
    const { token } = await memberWithToken(t, company.companyId, 'MANAGER');
    const response = await create(createBody(employeeId, { checkOutDateTime: undefined }), token);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.data.checkOutDateTime).toBeNull();
  });

  it('answers 403 to an EMPLOYEE and 401 without a token', async () => {
    const employee = await newEmployee();
    expect((await create(createBody(employee.employeeId), employee.token)).statusCode).toBe(403);
    expect((await create(createBody(employee.employeeId), '')).statusCode).toBe(401);
  });

  it('answers 404 for another company’s employee or branch', async () => {
    const stranger = await createCompany(t.app);
    const foreignEmployee = await newEmployee(stranger.companyId);
    const foreignBranch = await createBranch(t, stranger.admin.tokens.accessToken);
    const own = await newEmployee();
    const employee404 = await create(createBody(foreignEmployee.employeeId));
    expect(employee404.statusCode).toBe(404);
    expect(employee404.data.message).toBe('Сотрудник не найден');
    const branch404 = await create(createBody(own.employeeId, { branchId: foreignBranch.id }));
    expect(branch404.statusCode).toBe(404);
    expect(branch404.data.message).toBe('Филиал не найден');
    expect(await countChecks(foreignEmployee.employeeId)).toBe(0);
  });

  it('answers 422 with the field for bad bodies, a check-out before the check-in, the future', async () => {
    const { employeeId } = await newEmployee();
    const cases: [Record<string, unknown>, string][] = [
      [{ checkInDateTime: 'вчера' }, 'checkInDateTime'],
      [{ checkInDateTime: '2026-01-01T09:00:00' }, 'checkInDateTime'],
      [{ branchId: undefined }, 'branchId'],
      [{ employeeId: 'abc' }, 'employeeId'],
      [{ checkOutDateTime: minutesAgo(700) }, 'checkOutDateTime'],
      [{ checkInDateTime: minutesAgo(-10), checkOutDateTime: undefined }, 'checkInDateTime'],
      [{ checkInDateTime: minutesAgo(10), checkOutDateTime: minutesAgo(-30) }, 'checkOutDateTime'],
      [{ source: 'WEB' }, 'body'],
    ];
    for (const [overrides, field] of cases) {
      const response = await create(createBody(employeeId, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.data.code).toBe('VALIDATION_ERROR');
      if (field !== 'body') {
        expect(response.data.details.map((d: { field: string }) => d.field)).toContain(field);
      }
    }
    // Within two minutes of clock skew the future is still now.
    const skewed = await create(
      createBody(employeeId, { checkInDateTime: minutesAgo(-1), checkOutDateTime: undefined }),
    );
    expect(skewed.statusCode, skewed.body).toBe(201);
    expect(await countChecks(employeeId)).toBe(1);
  });

  it('answers 409 when the check overlaps another of the employee', async () => {
    const { employeeId } = await newEmployee();
    expect((await create(createBody(employeeId))).statusCode).toBe(201);
    const overlapping = await create(
      createBody(employeeId, {
        checkInDateTime: minutesAgo(300),
        checkOutDateTime: minutesAgo(60),
      }),
    );
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.data).toMatchObject({
      code: 'CONFLICT',
      message: 'Отметка пересекается с другой отметкой сотрудника',
    });
    // Touching is not overlapping: [in, out) ranges.
    const after = await create(
      createBody(employeeId, {
        checkInDateTime: minutesAgo(120),
        checkOutDateTime: minutesAgo(90),
      }),
    );
    expect(after.statusCode, after.body).toBe(201);
    // An open check blocks everything after its check-in.
    expect(
      (
        await create(
          createBody(employeeId, { checkInDateTime: minutesAgo(80), checkOutDateTime: null }),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await create(
          createBody(employeeId, {
            checkInDateTime: minutesAgo(30),
            checkOutDateTime: minutesAgo(20),
          }),
        )
      ).statusCode,
    ).toBe(409);
  });
});

describe('Idempotency-Key', () => {
  it('answers the first check again for the same key and body, and 422 for another body', async () => {
    const { employeeId } = await newEmployee();
    const body = createBody(employeeId);
    const headers = { 'idempotency-key': `key-${employeeId}` };
    const first = await create(body, adminToken, headers);
    const second = await create(body, adminToken, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.data).toEqual(first.data);
    expect(await countChecks(employeeId)).toBe(1);

    const other = await create({ ...body, checkOutDateTime: minutesAgo(100) }, adminToken, headers);
    expect(other.statusCode).toBe(422);
    expect(other.data.details[0].field).toBe('Idempotency-Key');
    expect(await countChecks(employeeId)).toBe(1);
  });

  it('writes exactly one row for 50 concurrent requests with one key', async () => {
    const { employeeId } = await newEmployee();
    const key = await createApiKey(t, adminToken);
    const body = createBody(employeeId);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, {
          method: 'POST',
          url: '/api/v1/checks/create',
          token: key.secret,
          payload: body,
          headers: { 'idempotency-key': 'burst-1' },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(responses.map((response) => response.data.id)).size).toBe(1);
    expect(responses[0]!.data.source).toBe('API');
    expect(await countChecks(employeeId)).toBe(1);
    const [stored] = await t.database.db
      .select({ value: count() })
      .from(checks)
      .where(and(eq(checks.companyId, company.companyId), eq(checks.idempotencyKey, 'burst-1')));
    expect(stored!.value).toBe(1);
  });

  it('rejects an empty or too long key', async () => {
    const { employeeId } = await newEmployee();
    for (const value of [' ', 'x'.repeat(201)]) {
      const response = await create(createBody(employeeId), adminToken, {
        'idempotency-key': value,
      });
      expect(response.statusCode).toBe(422);
    }
  });
});

describe('API key scope on checks', () => {
  it('lets a key bound to a branch create checks there only', async () => {
    const other = await createBranch(t, adminToken);
    const key = await createApiKey(t, adminToken, { branchId: branch.id });
    const { employeeId } = await newEmployee();
    const elsewhere = await create(createBody(employeeId, { branchId: other.id }), key.secret);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.data.message).toBe('Этот API-ключ привязан к другому филиалу');
    const here = await create(createBody(employeeId), key.secret);
    expect(here.statusCode, here.body).toBe(201);
  });

  it('acts inside its company only', async () => {
    const stranger = await createCompany(t.app);
    const key = await createApiKey(t, stranger.admin.tokens.accessToken);
    const { employeeId } = await newEmployee();
    expect((await create(createBody(employeeId), key.secret)).statusCode).toBe(404);
  });
});

describe('list, read, correct, delete', () => {
  it('filters by dates, employee, branch, department and open, and pages', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const home = await createBranch(t, token);
    const away = await createBranch(t, token);
    const first = await newEmployee(own.companyId);
    const second = await newEmployee(own.companyId);
    const [department] = await t.database.db
      .insert(departments)
      .values({ companyId: own.companyId, title: 'Склад' })
      .returning();
    await t.database.db
      .update(employees)
      .set({ departmentId: department!.id })
      .where(eq(employees.id, second.employeeId));
    const ids: number[] = [];
    for (const [employeeId, branchId, inAgo, outAgo] of [
      [first.employeeId, home.id, 3 * 24 * 60, 3 * 24 * 60 - 60],
      [first.employeeId, away.id, 600, 500],
      [second.employeeId, home.id, 400, null],
    ] as const) {
      const response = await create(
        {
          employeeId,
          branchId,
          checkInDateTime: minutesAgo(inAgo),
          checkOutDateTime: outAgo === null ? null : minutesAgo(outAgo),
        },
        token,
      );
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.data.id);
    }
    const list = async (query: string) => {
      const response = await call(t.app, { method: 'GET', url: `/api/v1/checks?${query}`, token });
      expect(response.statusCode, response.body).toBe(200);
      return ChecksPageSchema.parse(response.data);
    };
    expect((await list('')).items.map((item) => item.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list(`employeeId=${first.employeeId}`)).total).toBe(2);
    expect((await list(`branchId=${home.id}`)).items.map((item) => item.id)).toEqual([
      ids[2],
      ids[0],
    ]);
    expect((await list(`departmentId=${department!.id}`)).items.map((item) => item.id)).toEqual([
      ids[2],
    ]);
    expect((await list('open=true')).items.map((item) => item.id)).toEqual([ids[2]]);
    expect((await list('open=false')).total).toBe(2);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 + 3 * 3_600_000)
      .toISOString()
      .slice(0, 10);
    const old = await list(`from=${threeDaysAgo}&to=${threeDaysAgo}`);
    expect(old.items.map((item) => item.id)).toContain(ids[0]);
    expect(old.items.map((item) => item.id)).not.toContain(ids[2]);
    expect(await list('page=2&limit=2')).toMatchObject({
      total: 3,
      page: 2,
      limit: 2,
      items: [{ id: ids[0] }],
    });

    const bad = await call(t.app, { method: 'GET', url: '/api/v1/checks?from=2026-13-01', token });
    expect(bad.statusCode).toBe(422);
    const late = await call(t.app, { method: 'GET', url: '/api/v1/checks?late=true', token });
    expect(late.statusCode).toBe(422);
  });

  it('lists the late: the first check-in of a working day after the start plus tolerance', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const home = await createBranch(t, token);
    const late = await employeeWithShift(t, own.companyId, token);
    const punctual = await employeeWithShift(t, own.companyId, token);
    const minute = 60_000;
    const at = (ms: number) => new Date(ms).toISOString();
    const made: number[] = [];
    for (const [employeeId, inMs, outMs] of [
      [late.employeeId, late.shift.startMs + 30 * minute, late.shift.startMs + 120 * minute],
      [late.employeeId, late.shift.startMs + 180 * minute, late.shift.endMs],
      [punctual.employeeId, punctual.shift.startMs - 5 * minute, punctual.shift.endMs],
    ] as const) {
      const response = await create(
        { employeeId, branchId: home.id, checkInDateTime: at(inMs), checkOutDateTime: at(outMs) },
        token,
      );
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.data.id);
    }
    const response = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks?late=true&from=${late.date}&to=${late.date}`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ChecksPageSchema.parse(response.data)).toMatchObject({
      total: 1,
      items: [{ id: made[0] }],
    });
  });

  it('answers a page with its employees’ attendance in one request (withAttendance=true)', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const home = await createBranch(t, token);
    const late = await employeeWithShift(t, own.companyId, token);
    const punctual = await employeeWithShift(t, own.companyId, token);
    const minute = 60_000;
    const at = (ms: number) => new Date(ms).toISOString();
    for (const [employeeId, inMs, outMs] of [
      [late.employeeId, late.shift.startMs + 30 * minute, late.shift.endMs],
      [punctual.employeeId, punctual.shift.startMs - 5 * minute, punctual.shift.endMs],
    ] as const) {
      const response = await create(
        { employeeId, branchId: home.id, checkInDateTime: at(inMs), checkOutDateTime: at(outMs) },
        token,
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const list = (extra: string) =>
      call(t.app, {
        method: 'GET',
        url: `/api/v1/checks?from=${late.date}&to=${late.date}${extra}`,
        token,
      });

    const plain = await list('');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.data).not.toHaveProperty('attendance');

    const response = await list('&withAttendance=true');
    expect(response.statusCode, response.body).toBe(200);
    const page = ChecksPageSchema.parse(response.data);
    expect(page.total).toBe(2);
    const byEmployee = new Map(page.attendance?.map((employee) => [employee.employeeId, employee]));
    expect([...byEmployee.keys()].sort()).toEqual([late.employeeId, punctual.employeeId].sort());
    const dateOf = (employeeId: number) =>
      byEmployee.get(employeeId)?.days.find((day) => day.date === late.date);
    expect(dateOf(late.employeeId)).toMatchObject({ late: true, lateMinutes: 30 });
    expect(dateOf(punctual.employeeId)).toMatchObject({ late: false, lateMinutes: 0 });
    // The same figures as GET /attendance for those employees and dates.
    const ids = [...byEmployee.keys()];
    const direct = await call(t.app, {
      method: 'GET',
      url: `/api/v1/attendance?employeeIds=${ids.join(',')}&from=${addDays(late.date, -1)}&to=${late.date}`,
      token,
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(page.attendance).toEqual((direct.data as { employees: unknown[] }).employees);

    const empty = await call(t.app, {
      method: 'GET',
      url: '/api/v1/checks?from=2020-01-01&to=2020-01-01&withAttendance=true',
      token,
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.data).toMatchObject({ total: 0, items: [] });
    expect(empty.data).not.toHaveProperty('attendance');
  });

  it('shows an EMPLOYEE their own checks only', async () => {
    const me = await newEmployee();
    const other = await newEmployee();
    const mine = await create(createBody(me.employeeId));
    const theirs = await create(createBody(other.employeeId));
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks?employeeId=${other.employeeId}`,
      token: me.token,
    });
    expect(list.data.items.map((item: { id: number }) => item.id)).toEqual([mine.data.id]);
    const own = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${mine.data.id}`,
      token: me.token,
    });
    expect(own.statusCode).toBe(200);
    for (const url of [
      `/api/v1/checks/${theirs.data.id}`,
      `/api/v1/checks/${theirs.data.id}/history`,
    ]) {
      expect((await call(t.app, { method: 'GET', url, token: me.token })).statusCode).toBe(404);
    }
    const patch = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/checks/${mine.data.id}`,
      token: me.token,
      payload: { checkOutDateTime: minutesAgo(100), reason: 'Ушёл позже' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('corrects with a reason and keeps every change in the history', async () => {
    const { employeeId } = await newEmployee();
    const created = (await create(createBody(employeeId))).data;
    const noReason = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/checks/${created.id}`,
      token: adminToken,
      payload: { checkOutDateTime: minutesAgo(60) },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.data.details[0].field).toBe('reason');

    const newOut = minutesAgo(60);
    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/checks/${created.id}`,
      token: adminToken,
      payload: { checkOutDateTime: newOut, reason: 'Забыл отметить уход' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.data.checkOutDateTime).toBe(newOut);

    const backwards = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/checks/${created.id}`,
      token: adminToken,
      payload: { checkInDateTime: minutesAgo(30), reason: 'Ошибка' },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.data.details[0].field).toBe('checkOutDateTime');

    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${created.id}/history`,
      token: adminToken,
    });
    const entries = CheckHistorySchema.parse(history.data).items;
    expect(entries.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE']);
    expect(entries[1]).toMatchObject({
      reason: 'Забыл отметить уход',
      before: { checkOut: created.checkOutDateTime },
      after: { checkOut: newOut },
    });
    expect(entries[1]!.changedByName).toBeTruthy();
  });

  it('answers 409 when a correction makes checks overlap', async () => {
    const { employeeId } = await newEmployee();
    await create(
      createBody(employeeId, {
        checkInDateTime: minutesAgo(600),
        checkOutDateTime: minutesAgo(500),
      }),
    );
    const second = await create(
      createBody(employeeId, {
        checkInDateTime: minutesAgo(400),
        checkOutDateTime: minutesAgo(300),
      }),
    );
    const response = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/checks/${second.data.id}`,
      token: adminToken,
      payload: { checkInDateTime: minutesAgo(550), reason: 'Пришёл раньше' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.message).toBe('Отметка пересекается с другой отметкой сотрудника');
  });

  it('deletes softly with a reason, kept in the history', async () => {
    const { employeeId } = await newEmployee();
    const created = (await create(createBody(employeeId))).data;
    const noReason = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/checks/${created.id}`,
      token: adminToken,
    });
    expect(noReason.statusCode).toBe(422);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/checks/${created.id}`,
      token: adminToken,
      payload: { reason: 'Ошибочная отметка' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.data).toEqual({ result: 'deleted' });
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/checks/${created.id}`, token: adminToken }))
        .statusCode,
    ).toBe(404);
    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${created.id}/history`,
      token: adminToken,
    });
    expect(history.data.items.map((entry: { action: string }) => entry.action)).toEqual([
      'CREATE',
      'DELETE',
    ]);
    expect(history.data.items[1].reason).toBe('Ошибочная отметка');
    // The time is free again.
    expect((await create(createBody(employeeId))).statusCode).toBe(201);
    const again = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/checks/${created.id}`,
      token: adminToken,
      payload: { reason: 'Ещё раз' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 to another company’s ADMIN on every check route', async () => {
    const { employeeId } = await newEmployee();
    const created = (await create(createBody(employeeId))).data;
    const stranger = (await createCompany(t.app)).admin.tokens.accessToken;
    for (const attempt of [
      { method: 'GET' as const, url: `/api/v1/checks/${created.id}` },
      { method: 'GET' as const, url: `/api/v1/checks/${created.id}/history` },
      {
        method: 'PATCH' as const,
        url: `/api/v1/checks/${created.id}`,
        payload: { reason: 'Чужая' },
      },
      {
        method: 'DELETE' as const,
        url: `/api/v1/checks/${created.id}`,
        payload: { reason: 'Чужая' },
      },
    ]) {
      expect((await call(t.app, { ...attempt, token: stranger })).statusCode, attempt.method).toBe(
        404,
      );
    }
    const list = await call(t.app, { method: 'GET', url: '/api/v1/checks', token: stranger });
    expect(list.data.total).toBe(0);
  });
});
