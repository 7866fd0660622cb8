import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { PunchResultSchema } from '@smena/contract';
import { checks, devicePunches, employees } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, unique, type TestCompany } from '../../../test/factories.ts';
import { createApiKey, createBranch, memberWithToken, minutesAgo } from './checks.test-helpers.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branch: { id: number };
let key: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branch = await createBranch(t, adminToken);
  key = (await createApiKey(t, adminToken)).secret;
});
afterAll(async () => {
  await t.close();
});

function punch(body: Record<string, unknown>, token = key) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/checks/punch',
    token,
    payload: { branchId: branch.id, deviceEventId: unique(), ...body },
  });
}

async function liveChecks(employeeId: number) {
  const rows = await t.database.db
    .select({ checkIn: checks.checkIn, checkOut: checks.checkOut, source: checks.source })
    .from(checks)
    .where(and(eq(checks.employeeId, employeeId), isNull(checks.deletedAt)))
    .orderBy(asc(checks.checkIn));
  return rows.map((row) => [row.checkIn.toISOString(), row.checkOut?.toISOString() ?? null]);
}

describe('POST /checks/punch', () => {
  it('opens a check with the first punch and closes it with the next', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const first = await punch({ employeeId, time: minutesAgo(300) });
    expect(first.statusCode, first.body).toBe(200);
    const opened = PunchResultSchema.parse(first.data);
    expect(opened.result).toBe('IN');
    expect(opened.check).toMatchObject({ source: 'TERMINAL', checkOutDateTime: null });
    const second = await punch({ employeeId, time: minutesAgo(10) });
    expect(second.data.result).toBe('OUT');
    expect(second.data.check.id).toBe(opened.check!.id);
    expect(second.data.check.checkOutDateTime).not.toBeNull();
  });

  it('finds the employee by personnel number', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const personnelNumber = `Т-${unique()}`;
    await t.database.db
      .update(employees)
      .set({ personnelNumber })
      .where(eq(employees.id, employeeId));
    const response = await punch({ personnelNumber, time: minutesAgo(5) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.check.employeeId).toBe(employeeId);
    expect((await punch({ personnelNumber: 'нет-такого', time: minutesAgo(5) })).statusCode).toBe(
      404,
    );
  });

  it('ignores a repeated device event: DUPLICATE, nothing written', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const body = { employeeId, time: minutesAgo(60), deviceEventId: `evt-${unique()}` };
    const first = await punch(body);
    const again = await punch(body);
    expect(first.data.result).toBe('IN');
    expect(again.data).toMatchObject({ result: 'DUPLICATE', check: { id: first.data.check.id } });
    const [stored] = await t.database.db
      .select({ value: count() })
      .from(devicePunches)
      .where(eq(devicePunches.employeeId, employeeId));
    expect(stored!.value).toBe(1);
    expect(await liveChecks(employeeId)).toHaveLength(1);
  });

  it('places late events of an offline device in order, whatever order they arrive in', async () => {
    // The truth: in 09:00, out 13:00, in 14:00 (still in). The device delivers 14:00 first.
    const base = Date.now() - 24 * 3_600_000;
    const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();
    const expected = [
      [at(0), at(4)],
      [at(5), null],
    ];
    for (const order of [
      [5, 0, 4],
      [5, 4, 0],
      [0, 5, 4],
      [4, 0, 5],
    ]) {
      const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
      for (const hours of order) {
        const response = await punch({ employeeId, time: at(hours) });
        expect(response.statusCode, response.body).toBe(200);
      }
      expect(await liveChecks(employeeId), order.join(',')).toEqual(expected);
    }
  });

  it('answers what each punch did, a later one in the middle re-pairing the rest', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const base = Date.now() - 10 * 3_600_000;
    const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();
    expect((await punch({ employeeId, time: at(0) })).data.result).toBe('IN');
    expect((await punch({ employeeId, time: at(8) })).data.result).toBe('OUT');
    // A lunch break arrives late: out 4:00, in 5:00.
    expect((await punch({ employeeId, time: at(4) })).data.result).toBe('OUT');
    expect(await liveChecks(employeeId)).toEqual([
      [at(0), at(4)],
      [at(8), null],
    ]);
    expect((await punch({ employeeId, time: at(5) })).data.result).toBe('IN');
    expect(await liveChecks(employeeId)).toEqual([
      [at(0), at(4)],
      [at(5), at(8)],
    ]);
  });

  it('rejects events older than 72 hours or in the future', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const old = await punch({ employeeId, time: minutesAgo(72 * 60 + 5) });
    expect(old.statusCode).toBe(422);
    expect(old.data.details[0].field).toBe('time');
    expect((await punch({ employeeId, time: minutesAgo(-10) })).statusCode).toBe(422);
    expect((await punch({ time: minutesAgo(1) })).statusCode).toBe(422);
  });

  it('is for API keys only, and a bound key punches at its branch only', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    expect((await punch({ employeeId, time: minutesAgo(1) }, adminToken)).statusCode).toBe(403);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/checks/punch', payload: {} })).statusCode,
    ).toBe(401);
    const other = await createBranch(t, adminToken);
    const bound = (await createApiKey(t, adminToken, { branchId: other.id })).secret;
    expect((await punch({ employeeId, time: minutesAgo(1) }, bound)).statusCode).toBe(403);
    const stranger = await createCompany(t.app);
    const foreignKey = (await createApiKey(t, stranger.admin.tokens.accessToken)).secret;
    expect((await punch({ employeeId, time: minutesAgo(1) }, foreignKey)).statusCode).toBe(404);
  });

  it('answers 409 when the pairing would overlap a check from another source', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const manual = await call(t.app, {
      method: 'POST',
      url: '/api/v1/checks/create',
      token: adminToken,
      payload: {
        employeeId,
        branchId: branch.id,
        checkInDateTime: minutesAgo(120),
        checkOutDateTime: minutesAgo(60),
      },
    });
    expect(manual.statusCode).toBe(201);
    expect((await punch({ employeeId, time: minutesAgo(180) })).statusCode).toBe(409);
    expect(await liveChecks(employeeId)).toHaveLength(1);
  });
});
