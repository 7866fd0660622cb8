import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CheckSchema,
  ChecksPageSchema,
  KIOSK_QR_WINDOW_MS,
  KioskPairResultSchema,
  signKioskQr,
} from '@smena/contract';
import { checks, employees, kioskPunches } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, unique, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken, MOSCOW } from './checks.test-helpers.ts';

/** Saint Petersburg: ≈634 km from MOSCOW. */
const PETERSBURG = { latitude: 59.9343, longitude: 30.3351 };

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let adminToken: string;
let office: { id: number; title: string };
let northOffice: { id: number; title: string };

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  other = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  office = await createBranch(t, adminToken, { ...MOSCOW, radius: 100 });
  northOffice = await createBranch(t, adminToken, { ...PETERSBURG, radius: 100 });
});
afterAll(async () => {
  await t.close();
});

const checkIn = (token: string, payload: Record<string, unknown>, device = 'Телефон А') =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/checks/check-in',
    token,
    payload,
    headers: { 'user-agent': device },
  });
const checkOut = (token: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/v1/checks/check-out', token, payload });
const list = (token: string | undefined, query: string) =>
  call(t.app, { method: 'GET', url: `/api/v1/checks?${query}`, ...(token ? { token } : {}) });

type Paired = ReturnType<typeof KioskPairResultSchema.parse>;

async function pairedKiosk(branchId: number): Promise<Paired> {
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosks/pairing-codes',
    token: adminToken,
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
const pinPunch = (kiosk: Paired, personnelNumber: string, pin: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosk/pin-punch',
    headers: { authorization: `Kiosk ${kiosk.token}` },
    payload: { personnelNumber, pin },
  });
const scan = async (token: string, kiosk: Paired) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/checks/kiosk-qr',
    token,
    payload: {
      payload: await signKioskQr(
        kiosk.qrSecret,
        kiosk.deviceId,
        Math.floor(Date.now() / KIOSK_QR_WINDOW_MS),
      ),
    },
  });

async function employeeWithPin(pin = '4927') {
  const member = await memberWithToken(t, company.companyId, 'EMPLOYEE');
  const personnelNumber = `T${unique()}`;
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

async function signalsOfCheck(id: number) {
  const [row] = await t.database.db
    .select({ signals: checks.signals })
    .from(checks)
    .where(eq(checks.id, id));
  return row!.signals;
}

describe('signals of self check-ins', () => {
  it('flags an accuracy of exactly 0, not a first punch as a new device, then a new phone', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const first = await checkIn(me.token, { ...MOSCOW, accuracy: 0 });
    expect(first.statusCode, first.body).toBe(201);
    expect(CheckSchema.parse(first.data).signals).toEqual(['GPS_ACCURACY_ZERO']);
    expect(await signalsOfCheck(first.data.id)).toEqual(['GPS_ACCURACY_ZERO']);

    const out = await checkOut(me.token, { ...MOSCOW, accuracy: 5 });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.data.signals).toEqual(['GPS_ACCURACY_ZERO']);

    // Another phone, same place: only the device is new.
    const second = await checkIn(me.token, { ...MOSCOW, accuracy: 8 }, 'Телефон Б');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.data.signals).toEqual(['NEW_DEVICE']);
    const back = await checkOut(me.token, { ...MOSCOW, accuracy: 8 });
    expect(back.statusCode, back.body).toBe(200);
    const third = await checkIn(me.token, { ...MOSCOW, accuracy: 8 }, 'Телефон Б');
    expect(third.data.signals).toEqual([]);
  });

  it('flags a check-in in Petersburg minutes after a check-out in Moscow', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    expect((await checkIn(me.token, { ...MOSCOW, accuracy: 10 })).statusCode).toBe(201);
    expect((await checkOut(me.token, { ...MOSCOW, accuracy: 10 })).statusCode).toBe(200);
    const far = await checkIn(me.token, { ...PETERSBURG, accuracy: 10 });
    expect(far.statusCode, far.body).toBe(201);
    expect(far.data.branchId).toBe(northOffice.id);
    expect(far.data.signals).toEqual(['IMPOSSIBLE_SPEED']);
  });
});

describe('signals of kiosk punches', () => {
  it('marks a QR punch as verified presence', async () => {
    const kiosk = await pairedKiosk(office.id);
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const punch = await scan(me.token, kiosk);
    expect(punch.statusCode, punch.body).toBe(200);
    expect(await signalsOfCheck(punch.data.checkId)).toEqual(['QR_VERIFIED']);
  });

  it('flags a PIN punch after three wrong PINs of the number', async () => {
    const kiosk = await pairedKiosk(office.id);
    const worker = await employeeWithPin();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await pinPunch(kiosk, worker.personnelNumber, '5820')).statusCode).toBe(422);
    }
    const punch = await pinPunch(kiosk, worker.personnelNumber, worker.pin);
    expect(punch.statusCode, punch.body).toBe(200);
    expect(await signalsOfCheck(punch.data.checkId)).toEqual(['FAILED_PINS']);
  });

  it('flags a kiosk check-out at another branch than the check-in', async () => {
    const here = await pairedKiosk(office.id);
    const there = await pairedKiosk(northOffice.id);
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const punchIn = await scan(me.token, here);
    expect(punchIn.statusCode, punchIn.body).toBe(200);
    // A minute later (a punch within a minute is a repeat of the first).
    await t.database.db
      .update(checks)
      .set({ checkIn: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(checks.id, punchIn.data.checkId));
    await t.database.db
      .update(kioskPunches)
      .set({ at: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(kioskPunches.employeeId, me.employeeId));
    const punchOut = await scan(me.token, there);
    expect(punchOut.statusCode, punchOut.body).toBe(200);
    expect(punchOut.data.direction).toBe('OUT');
    // 634 km in three hours is over 150 km/h, and the branch is another one.
    const check = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${punchOut.data.checkId}`,
      token: adminToken,
    });
    expect(check.data.signals).toEqual(['QR_VERIFIED', 'IMPOSSIBLE_SPEED', 'OTHER_BRANCH']);
  });
});

describe('GET /checks with signals', () => {
  let flagged: number;
  let plain: number;
  let mine: { token: string; employeeId: number };

  beforeAll(async () => {
    const a = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    await linkBranch(t, company.companyId, a.employeeId, office.id);
    const b = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    await linkBranch(t, company.companyId, b.employeeId, office.id);
    flagged = (await checkIn(a.token, { ...MOSCOW, accuracy: 0 })).data.id;
    plain = (await checkIn(b.token, { ...MOSCOW, accuracy: 9 })).data.id;
    mine = b;
  });

  it('filters by one or several signals, each check carrying its own', async () => {
    const one = await list(adminToken, 'signal=GPS_ACCURACY_ZERO&limit=200');
    expect(one.statusCode, one.body).toBe(200);
    const page = ChecksPageSchema.parse(one.data);
    const ids = page.items.map((item) => item.id);
    expect(ids).toContain(flagged);
    expect(ids).not.toContain(plain);
    expect(page.items.every((item) => item.signals.includes('GPS_ACCURACY_ZERO'))).toBe(true);

    const several = await list(adminToken, 'signal=NEW_DEVICE&signal=GPS_ACCURACY_ZERO&limit=200');
    expect(several.statusCode).toBe(200);
    expect(several.data.items.map((item: { id: number }) => item.id)).toContain(flagged);
    const comma = await list(adminToken, 'signal=NEW_DEVICE,GPS_ACCURACY_ZERO&limit=200');
    expect(comma.data.total).toBe(several.data.total);

    const detail = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${flagged}`,
      token: adminToken,
    });
    expect(detail.data.signals).toEqual(['GPS_ACCURACY_ZERO']);
  });

  it('refuses an unknown signal with 422', async () => {
    const response = await list(adminToken, 'signal=NOPE');
    expect(response.statusCode).toBe(422);
  });

  it('keeps signals within the caller’s scope, company and own checks', async () => {
    const outside = await addManager(
      t.app,
      t.database.db,
      { companyId: company.companyId, adminToken },
      { kind: 'UNITS', branchIds: [northOffice.id] },
    );
    const scoped = await list(outside.token, 'signal=GPS_ACCURACY_ZERO&limit=200');
    expect(scoped.statusCode).toBe(200);
    expect(scoped.data.items.map((item: { id: number }) => item.id)).not.toContain(flagged);
    const outOfScope = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${flagged}`,
      token: outside.token,
    });
    expect(outOfScope.statusCode).toBe(404);

    const foreign = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${flagged}`,
      token: other.admin.tokens.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignList = await list(
      other.admin.tokens.accessToken,
      'signal=GPS_ACCURACY_ZERO&limit=200',
    );
    expect(foreignList.data.items.map((item: { id: number }) => item.id)).not.toContain(flagged);

    // An employee's filter finds only their own checks.
    const own = await list(mine.token, 'signal=GPS_ACCURACY_ZERO&limit=200');
    expect(own.statusCode).toBe(200);
    expect(own.data.items).toEqual([]);

    expect((await list(undefined, 'signal=GPS_ACCURACY_ZERO')).statusCode).toBe(401);
  });
});
