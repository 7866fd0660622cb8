import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { CheckBatchResultSchema, CheckHistorySchema } from '@smena/contract';
import { checks, employees } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany, unique } from '../../../test/factories.ts';
import { createApiKey, createBranch, memberWithToken, minutesAgo } from './checks.test-helpers.ts';

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
  return (await memberWithToken(t, companyId, 'EMPLOYEE')).employeeId;
}

function item(employeeId: number, overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: `item-${unique()}`,
    branchId: branch.id,
    employeeId,
    checkInDateTime: minutesAgo(600),
    checkOutDateTime: minutesAgo(540),
    ...overrides,
  };
}

async function batch(items: unknown[], token: string = adminToken) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/checks/batch',
    token,
    payload: { items },
  });
}

async function countChecks(employeeIds: number[]) {
  const [row] = await t.database.db
    .select({ value: count() })
    .from(checks)
    .where(inArray(checks.employeeId, employeeIds));
  return row!.value;
}

describe('POST /checks/batch', () => {
  it('answers each item: created, replayed, refused as the single create would', async () => {
    const [a, b, c] = [await newEmployee(), await newEmployee(), await newEmployee()];
    const key = await createApiKey(t, adminToken);
    const first = item(a);
    const earlier = await batch([first], key.secret);
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.data.items[0].result).toBe('created');

    const items = [
      item(b),
      first, // its key was seen: the same check again
      { ...first, checkOutDateTime: minutesAgo(500) }, // the same key, another body
      item(b, { checkInDateTime: minutesAgo(570), checkOutDateTime: minutesAgo(480) }), // overlaps
      item(c, { checkInDateTime: 'вчера' }),
      item(c, { checkOutDateTime: minutesAgo(700) }), // the check-out before the check-in
      item(c, { checkInDateTime: minutesAgo(-10), checkOutDateTime: undefined }), // the future
      item(c, { source: 'WEB' }),
      item(c, { checkInDateTime: minutesAgo(300), checkOutDateTime: null }), // open
    ];
    const response = await batch(items, key.secret);
    expect(response.statusCode, response.body).toBe(200);
    const result = CheckBatchResultSchema.parse(response.data);
    expect(result.items.map((entry) => entry.idempotencyKey)).toEqual(
      items.map((entry) => entry.idempotencyKey),
    );
    expect(result.items.map((entry) => entry.result)).toEqual([
      'created',
      'replayed',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'created',
    ]);
    expect(result).toMatchObject({ created: 2, replayed: 1, refused: 6 });
    const [created, replayed, reused, overlapping, badDate, backwards, future, extra, open] =
      result.items;
    expect(created).toMatchObject({
      check: { employeeId: b, branchId: branch.id, source: 'API', autoClosed: false },
    });
    expect(replayed).toEqual({ ...earlier.data.items[0], result: 'replayed' });
    expect(reused).toMatchObject({
      error: {
        statusCode: 422,
        code: 'VALIDATION_ERROR',
        message: 'Этот ключ идемпотентности уже использован с другими данными',
      },
    });
    expect(overlapping).toMatchObject({
      error: {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Отметка пересекается с другой отметкой сотрудника',
      },
    });
    for (const [entry, field] of [
      [badDate, 'checkInDateTime'],
      [backwards, 'checkOutDateTime'],
      [future, 'checkInDateTime'],
      [extra, 'body'],
    ] as const) {
      expect(entry).toMatchObject({ result: 'refused', error: { statusCode: 422 } });
      if (entry?.result !== 'refused') continue;
      expect(entry.error.code).toBe('VALIDATION_ERROR');
      expect(entry.error.details?.map((detail) => detail.field)).toContain(field);
    }
    if (backwards?.result === 'refused') {
      expect(backwards.error.message).toBe('Проверьте поля: Уход должен быть позже прихода');
    }
    if (future?.result === 'refused') {
      expect(future.error.message).toBe('Время прихода ещё не наступило');
    }
    expect(open).toMatchObject({ check: { employeeId: c, checkOutDateTime: null } });
    // Rows in the table: exactly the acknowledged items.
    expect(await countChecks([a, b, c])).toBe(3);

    // The whole batch again: nothing new, every acknowledged item answers the same check.
    const again = CheckBatchResultSchema.parse((await batch(items, key.secret)).data);
    expect(again.items.map((entry) => entry.result)).toEqual(
      result.items.map((entry) => (entry.result === 'created' ? 'replayed' : entry.result)),
    );
    expect(again.items[0]).toEqual({ ...created, result: 'replayed' });
    expect(await countChecks([a, b, c])).toBe(3);
  });

  it('refuses another company’s employee or branch as not found, inactive ones for keys', async () => {
    const stranger = await createCompany(t.app);
    const foreignEmployee = await newEmployee(stranger.companyId);
    const foreignBranch = await createBranch(t, stranger.admin.tokens.accessToken);
    const own = await newEmployee();
    const fired = await newEmployee();
    await t.database.db
      .update(employees)
      .set({ status: 'DISMISSED' })
      .where(eq(employees.id, fired));
    const key = await createApiKey(t, adminToken);
    const items = [
      item(foreignEmployee),
      item(own, { branchId: foreignBranch.id }),
      item(fired),
      item(own),
    ];
    const result = CheckBatchResultSchema.parse((await batch(items, key.secret)).data);
    expect(result.items.map((entry) => (entry.result === 'refused' ? entry.error : null))).toEqual([
      { statusCode: 404, code: 'NOT_FOUND', message: 'Сотрудник не найден' },
      { statusCode: 404, code: 'NOT_FOUND', message: 'Филиал не найден' },
      {
        statusCode: 422,
        code: 'VALIDATION_ERROR',
        message: 'Сотрудник уволен или деактивирован',
        details: [{ field: 'employeeId', message: 'Сотрудник уволен или деактивирован' }],
      },
      null,
    ]);
    expect(await countChecks([foreignEmployee, fired])).toBe(0);
    // A manager's token may record a fired employee's past check, as the single create.
    const manual = CheckBatchResultSchema.parse((await batch([item(fired)])).data);
    expect(manual.items[0]).toMatchObject({ result: 'created', check: { source: 'MANUAL' } });
  });

  it('lets a key bound to a branch create there only', async () => {
    const other = await createBranch(t, adminToken);
    const key = await createApiKey(t, adminToken, { branchId: branch.id });
    const employee = await newEmployee();
    const result = CheckBatchResultSchema.parse(
      (
        await batch(
          [
            item(employee, { branchId: other.id }),
            item(employee, { checkInDateTime: minutesAgo(60), checkOutDateTime: minutesAgo(30) }),
          ],
          key.secret,
        )
      ).data,
    );
    expect(result.items[0]).toMatchObject({
      result: 'refused',
      error: { statusCode: 403, message: 'Этот API-ключ привязан к другому филиалу' },
    });
    expect(result.items[1]?.result).toBe('created');
  });

  it('treats a key twice in one batch as a create and its repeat; overlapping items: the first wins', async () => {
    const employee = await newEmployee();
    const twice = item(employee);
    const rival = item(employee, {
      checkInDateTime: minutesAgo(560),
      checkOutDateTime: minutesAgo(400),
    });
    const result = CheckBatchResultSchema.parse((await batch([twice, twice, rival])).data);
    expect(result.items.map((entry) => entry.result)).toEqual(['created', 'replayed', 'refused']);
    expect(result.items[2]).toMatchObject({ error: { statusCode: 409 } });
    expect(await countChecks([employee])).toBe(1);
  });

  it('shows the creation in the history without a CREATE row: who, when and what', async () => {
    const employee = await newEmployee();
    const body = item(employee);
    const [entry] = CheckBatchResultSchema.parse((await batch([body])).data).items;
    if (entry?.result !== 'created') throw new Error(JSON.stringify(entry));
    const newOut = minutesAgo(520);
    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/checks/${entry.check.id}`,
      token: adminToken,
      payload: { checkOutDateTime: newOut, reason: 'Ушёл позже' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const history = CheckHistorySchema.parse(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/checks/${entry.check.id}/history`,
          token: adminToken,
        })
      ).data,
    ).items;
    expect(history.map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);
    expect(history[0]).toMatchObject({
      before: null,
      after: {
        branchId: branch.id,
        checkIn: body.checkInDateTime,
        checkOut: body.checkOutDateTime,
        autoClosed: false,
      },
      createdAt: entry.check.createdAt,
    });
    expect(history[0]!.changedByName).toBeTruthy();
    expect(history[1]).toMatchObject({ after: { checkOut: newOut } });
  });

  it('answers 401 without a token, 403 to an employee', async () => {
    const employee = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    expect((await batch([item(employee.employeeId)], '')).statusCode).toBe(401);
    expect((await batch([item(employee.employeeId)], employee.token)).statusCode).toBe(403);
    expect(await countChecks([employee.employeeId])).toBe(0);
  });

  it('answers 422 for more than 500 items, none, an item without its key, or no list', async () => {
    const employee = await newEmployee();
    const tooMany = Array.from({ length: 501 }, (_, i) =>
      item(employee, { checkInDateTime: minutesAgo(10_000 - i * 2), checkOutDateTime: undefined }),
    );
    const over = await batch(tooMany);
    expect(over.statusCode).toBe(422);
    expect(over.data.details[0]).toMatchObject({
      field: 'items',
      message: 'Не больше 500 отметок за запрос',
    });
    expect((await batch([])).statusCode).toBe(422);
    const keyless = await batch([{ ...item(employee), idempotencyKey: ' ' }]);
    expect(keyless.statusCode).toBe(422);
    expect(keyless.data.details[0].field).toBe('items.0.idempotencyKey');
    const noList = await call(t.app, {
      method: 'POST',
      url: '/api/v1/checks/batch',
      token: adminToken,
      payload: { items: 'все' },
    });
    expect(noList.statusCode).toBe(422);
    expect(await countChecks([employee])).toBe(0);
  });

  it('takes exactly 500 items, each a row', async () => {
    const people = [await newEmployee(), await newEmployee()];
    const items = Array.from({ length: 500 }, (_, i) => {
      const start = 20_000 - Math.floor(i / 2) * 60;
      return item(people[i % 2]!, {
        checkInDateTime: minutesAgo(start),
        checkOutDateTime: minutesAgo(start - 30),
      });
    });
    const response = await batch(items);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.data).toMatchObject({ created: 500, replayed: 0, refused: 0 });
    expect(await countChecks(people)).toBe(500);
  });
});
