import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  KIOSK_QR_WINDOW_MS,
  KioskPairResultSchema,
  KioskPunchBatchResultSchema,
  signKioskQr,
} from '@smena/contract';
import { checkRefusals, checks, employees, kioskPunches } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, unique, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken } from '../checks/checks.test-helpers.ts';
import { WRONG_PIN_MESSAGE } from './kiosk.service.ts';

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let adminToken: string;
let office: { id: number; title: string };

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  other = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  office = await createBranch(t, adminToken);
});
afterAll(async () => {
  await t.close();
});

type Paired = ReturnType<typeof KioskPairResultSchema.parse>;

async function pairedKiosk(token = adminToken, branchId = office.id): Promise<Paired> {
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosks/pairing-codes',
    token,
    payload: { branchId, title: `Вход ${unique()}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const paired = await call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosk/pair',
    payload: { code: created.data.code },
  });
  expect(paired.statusCode, paired.body).toBe(201);
  return KioskPairResultSchema.parse(paired.data);
}

async function employeeWithPin(target: TestCompany = company, pin = '4927') {
  const member = await memberWithToken(t, target.companyId, 'EMPLOYEE');
  const personnelNumber = `B${unique()}`;
  await t.database.db
    .update(employees)
    .set({ personnelNumber })
    .where(eq(employees.id, member.employeeId));
  const set = await call(t.app, {
    method: 'PUT',
    url: '/api/v1/kiosk-pin',
    token: member.token,
    payload: { pin },
  });
  expect(set.statusCode, set.body).toBe(200);
  return { ...member, personnelNumber, pin };
}

type Item = {
  personnelNumber: string;
  pin: string;
  idempotencyKey: string;
  deviceAt: string;
  counter: number;
};

const batch = (kiosk: Paired, items: Item[], deviceNow = new Date().toISOString()) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosk/punches/batch',
    headers: { authorization: `Kiosk ${kiosk.token}` },
    payload: { deviceNow, items },
  });

const HOUR = 3_600_000;
const validItem = {
  personnelNumber: '1',
  pin: '4927',
  idempotencyKey: 'k',
  deviceAt: new Date().toISOString(),
  counter: 1,
};
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const punchesOf = (employeeId: number) =>
  t.database.db
    .select()
    .from(kioskPunches)
    .where(eq(kioskPunches.employeeId, employeeId))
    .orderBy(kioskPunches.at);

describe('POST /kiosk/punches/batch', () => {
  it('processes the queue by counter, at the device times, and answers a repeat with the first result', async () => {
    const kiosk = await pairedKiosk();
    const me = await employeeWithPin();
    const inKey = `k-${unique()}`;
    const outKey = `k-${unique()}`;
    const item = (key: string, counter: number, deviceAt: string) => ({
      personnelNumber: me.personnelNumber,
      pin: me.pin,
      idempotencyKey: key,
      deviceAt,
      counter,
    });
    // Sent out of order: the counter decides, so the 3-hours-ago punch is the check-in.
    const first = await batch(kiosk, [
      item(outKey, 8, ago(1 * HOUR)),
      item(inKey, 7, ago(3 * HOUR)),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const answer = KioskPunchBatchResultSchema.parse(first.data);
    expect(answer.clockSkewed).toBe(false);
    expect(answer.items.map((i) => [i.counter, i.status, i.result?.direction])).toEqual([
      [7, 'ACCEPTED', 'IN'],
      [8, 'ACCEPTED', 'OUT'],
    ]);
    const stored = await punchesOf(me.employeeId);
    // Rows acknowledged = rows stored.
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => [row.direction, row.deviceCounter, row.clockSkewed])).toEqual([
      ['IN', 7, false],
      ['OUT', 8, false],
    ]);
    expect(Math.abs(stored[0]!.at.getTime() - (Date.now() - 3 * HOUR))).toBeLessThan(60_000);
    expect(stored[0]!.createdAt.getTime()).toBeGreaterThan(stored[0]!.at.getTime() + 2 * HOUR);
    const [check] = await t.database.db
      .select()
      .from(checks)
      .where(eq(checks.id, stored[0]!.checkId));
    expect(check!.checkIn.toISOString()).toBe(stored[0]!.at.toISOString());
    expect(check!.checkOut!.toISOString()).toBe(stored[1]!.at.toISOString());

    // The whole batch again (the answer was lost): the same punches, nothing new.
    const again = await batch(kiosk, [item(inKey, 7, ago(3 * HOUR)), item(outKey, 8, ago(HOUR))]);
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again.data.items.map((i: { status: string; result: { checkId: number } }) => [
        i.status,
        i.result.checkId,
      ]),
    ).toEqual([
      ['REPEATED', stored[0]!.checkId],
      ['REPEATED', stored[1]!.checkId],
    ]);
    expect(await punchesOf(me.employeeId)).toHaveLength(2);
  });

  it('answers a key twice in one batch once, refuses a wrong PIN per item, and flags a skewed clock', async () => {
    const kiosk = await pairedKiosk();
    const me = await employeeWithPin();
    const key = `k-${unique()}`;
    const response = await batch(
      kiosk,
      [
        {
          personnelNumber: me.personnelNumber,
          pin: '1593',
          idempotencyKey: `k-${unique()}`,
          deviceAt: ago(2 * HOUR),
          counter: 1,
        },
        {
          personnelNumber: me.personnelNumber,
          pin: me.pin,
          idempotencyKey: key,
          deviceAt: ago(HOUR),
          counter: 2,
        },
        {
          personnelNumber: me.personnelNumber,
          pin: me.pin,
          idempotencyKey: key,
          deviceAt: ago(HOUR),
          counter: 3,
        },
      ],
      // The device's clock is 10 minutes behind the server's.
      ago(10 * 60_000),
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = KioskPunchBatchResultSchema.parse(response.data);
    expect(answer.clockSkewed).toBe(true);
    expect(answer.clockSkewMs).toBeLessThan(-9 * 60_000);
    expect(answer.items.map((i) => [i.status, i.message])).toEqual([
      ['REFUSED', WRONG_PIN_MESSAGE],
      ['ACCEPTED', null],
      ['REPEATED', null],
    ]);
    expect(answer.items[2]!.result!.checkId).toBe(answer.items[1]!.result!.checkId);
    const stored = await punchesOf(me.employeeId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.clockSkewed).toBe(true);
    expect(stored[0]!.clockSkewMs).toBeLessThan(-9 * 60_000);
  });

  it('refuses a punch for an approved month and logs it for the inbox on its own date', async () => {
    const lockedCompany = await createCompany(t.app);
    const admin = lockedCompany.admin.tokens.accessToken;
    const branch = await createBranch(t, admin);
    const kiosk = await pairedKiosk(admin, branch.id);
    const me = await employeeWithPin(lockedCompany);
    await linkBranch(t, lockedCompany.companyId, me.employeeId, branch.id);
    const lockedAt = new Date();
    lockedAt.setUTCDate(1);
    lockedAt.setUTCMonth(lockedAt.getUTCMonth() - 1);
    lockedAt.setUTCDate(10);
    lockedAt.setUTCHours(9, 0, 0, 0);
    const month = lockedAt.toISOString().slice(0, 7);
    for (const step of ['submit', 'approve']) {
      const response = await call(t.app, {
        method: 'POST',
        url: `/api/v1/month-periods/${step}`,
        token: admin,
        payload: { month, branchId: branch.id },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const response = await batch(kiosk, [
      {
        personnelNumber: me.personnelNumber,
        pin: me.pin,
        idempotencyKey: `k-${unique()}`,
        deviceAt: lockedAt.toISOString(),
        counter: 1,
      },
      {
        personnelNumber: me.personnelNumber,
        pin: me.pin,
        idempotencyKey: `k-${unique()}`,
        deviceAt: ago(HOUR),
        counter: 2,
      },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.items.map((i: { status: string }) => i.status)).toEqual([
      'REFUSED',
      'ACCEPTED',
    ]);
    expect(response.data.items[0].message).toMatch(/закрыт|утвержд/i);
    const refusals = await t.database.db
      .select()
      .from(checkRefusals)
      .where(
        and(
          eq(checkRefusals.companyId, lockedCompany.companyId),
          eq(checkRefusals.employeeId, me.employeeId),
        ),
      );
    expect(refusals).toMatchObject([
      { reason: 'PERIOD_LOCKED', direction: 'IN', branchId: branch.id },
    ]);
    expect(refusals[0]!.at.toISOString()).toBe(lockedAt.toISOString());
    expect(await punchesOf(me.employeeId)).toHaveLength(1);
  });

  it('answers 401 to a revoked device and to none; another company’s employee is not found', async () => {
    const kiosk = await pairedKiosk();
    const stranger = await employeeWithPin(other);
    const response = await batch(kiosk, [
      {
        personnelNumber: stranger.personnelNumber,
        pin: stranger.pin,
        idempotencyKey: `k-${unique()}`,
        deviceAt: ago(HOUR),
        counter: 1,
      },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.items[0]).toMatchObject({ status: 'REFUSED', message: WRONG_PIN_MESSAGE });
    expect(await punchesOf(stranger.employeeId)).toEqual([]);

    const noDevice = await call(t.app, {
      method: 'POST',
      url: '/api/v1/kiosk/punches/batch',
      payload: {
        deviceNow: new Date().toISOString(),
        items: [{ ...validItem, idempotencyKey: `k-${unique()}` }],
      },
    });
    expect(noDevice.statusCode).toBe(401);
    const bearer = await call(t.app, {
      method: 'POST',
      url: '/api/v1/kiosk/punches/batch',
      token: adminToken,
      payload: {
        deviceNow: new Date().toISOString(),
        items: [{ ...validItem, idempotencyKey: `k-${unique()}` }],
      },
    });
    expect(bearer.statusCode).toBe(401);
    const revoke = await call(t.app, {
      method: 'POST',
      url: `/api/v1/kiosks/${kiosk.deviceId}/revoke`,
      token: adminToken,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const me = await employeeWithPin();
    const refused = await batch(kiosk, [
      {
        personnelNumber: me.personnelNumber,
        pin: me.pin,
        idempotencyKey: `k-${unique()}`,
        deviceAt: ago(HOUR),
        counter: 1,
      },
    ]);
    expect(refused.statusCode).toBe(401);
    expect(refused.data.message).toBe('Киоск отключён администратором');
    expect(await punchesOf(me.employeeId)).toEqual([]);
  });

  it('answers 422 to a malformed batch', async () => {
    const kiosk = await pairedKiosk();
    const response = await batch(kiosk, [
      { personnelNumber: '1', pin: '12', idempotencyKey: '', deviceAt: 'вчера', counter: -1 },
    ]);
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /checks/kiosk-qr/batch', () => {
  const qrAt = (kiosk: Paired, ms: number) =>
    signKioskQr(kiosk.qrSecret, kiosk.deviceId, Math.floor(ms / KIOSK_QR_WINDOW_MS));
  const qrBatch = (
    token: string | undefined,
    items: { payload: string; idempotencyKey: string; deviceAt: string; counter: number }[],
    deviceNow = new Date().toISOString(),
  ) =>
    call(t.app, {
      method: 'POST',
      url: '/api/v1/checks/kiosk-qr/batch',
      ...(token ? { token } : {}),
      payload: { deviceNow, items },
    });

  it('places a queued scan at the phone time moved by its skew, judged by the QR window', async () => {
    const kiosk = await pairedKiosk();
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const scannedAt = Date.now() - 2 * HOUR;
    const skew = -10 * 60_000; // the phone is 10 minutes behind
    const key = `q-${unique()}`;
    const response = await qrBatch(
      me.token,
      [
        {
          payload: await qrAt(kiosk, scannedAt),
          idempotencyKey: key,
          deviceAt: new Date(scannedAt + skew).toISOString(),
          counter: 1,
        },
        // A QR shown now, claimed to be scanned three hours ago: the window says otherwise.
        {
          payload: await qrAt(kiosk, Date.now()),
          idempotencyKey: `q-${unique()}`,
          deviceAt: new Date(Date.now() - 3 * HOUR + skew).toISOString(),
          counter: 2,
        },
        {
          payload: await qrAt(kiosk, scannedAt),
          idempotencyKey: key,
          deviceAt: new Date(scannedAt + skew).toISOString(),
          counter: 3,
        },
      ],
      new Date(Date.now() + skew).toISOString(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = KioskPunchBatchResultSchema.parse(response.data);
    expect(answer.clockSkewed).toBe(true);
    expect(answer.items.map((i) => i.status)).toEqual(['ACCEPTED', 'REFUSED', 'REPEATED']);
    expect(answer.items[1]!.message).toMatch(/QR-код устарел/);
    const stored = await punchesOf(me.employeeId);
    expect(stored).toHaveLength(1);
    expect(Math.abs(stored[0]!.at.getTime() - scannedAt)).toBeLessThan(5_000);
    expect(stored[0]).toMatchObject({
      method: 'QR',
      direction: 'IN',
      clockSkewed: true,
      deviceCounter: 1,
    });
  });

  it('refuses another company’s QR per item and answers 401 without a session', async () => {
    const kiosk = await pairedKiosk();
    const stranger = await memberWithToken(t, other.companyId, 'EMPLOYEE');
    const item = {
      payload: await qrAt(kiosk, Date.now()),
      idempotencyKey: `q-${unique()}`,
      deviceAt: new Date().toISOString(),
      counter: 1,
    };
    const response = await qrBatch(stranger.token, [item]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.items[0]).toMatchObject({
      status: 'REFUSED',
      message: 'Это не QR-код киоска вашей компании',
    });
    expect(await punchesOf(stranger.employeeId)).toEqual([]);
    expect((await qrBatch(undefined, [item])).statusCode).toBe(401);
  });
});
