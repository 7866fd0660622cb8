import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ErrorCode,
  KIOSK_QR_WINDOW_MS,
  KioskPairResultSchema,
  KioskPunchResultSchema,
  signKioskQr,
} from '@smena/contract';
import {
  checkRefusals,
  employees,
  kioskPairingCodes,
  kioskPunches,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, unique, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken } from '../checks/checks.test-helpers.ts';
import { WRONG_CODE_MESSAGE, WRONG_PIN_MESSAGE } from './kiosk.service.ts';

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let adminToken: string;
let office: { id: number; title: string };
let warehouse: { id: number; title: string };

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  other = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  office = await createBranch(t, adminToken);
  warehouse = await createBranch(t, adminToken);
});
afterAll(async () => {
  await t.close();
});

type Paired = ReturnType<typeof KioskPairResultSchema.parse>;

async function createCode(token: string, branchId: number, title?: string) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosks/pairing-codes',
    token,
    payload: { branchId, ...(title ? { title } : {}) },
  });
}
const pair = (code: string) =>
  call(t.app, { method: 'POST', url: '/api/v1/kiosk/pair', payload: { code } });

async function pairedKiosk(token = adminToken, branchId = office.id): Promise<Paired> {
  const created = await createCode(token, branchId, `Вход ${unique()}`);
  expect(created.statusCode, created.body).toBe(201);
  const paired = await pair(created.data.code);
  expect(paired.statusCode, paired.body).toBe(201);
  return KioskPairResultSchema.parse(paired.data);
}

const kioskCall = (
  kiosk: Paired,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) =>
  call(t.app, {
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Kiosk ${kiosk.token}` },
    ...(payload ? { payload } : {}),
  });

const pinPunch = (kiosk: Paired, personnelNumber: string, pin: string) =>
  kioskCall(kiosk, 'POST', '/kiosk/pin-punch', { personnelNumber, pin });

async function qrOf(kiosk: Paired, windowsAgo = 0) {
  const window = Math.floor(Date.now() / KIOSK_QR_WINDOW_MS) - windowsAgo;
  return signKioskQr(kiosk.qrSecret, kiosk.deviceId, window);
}
const scan = (token: string, payload: string, idempotencyKey?: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/checks/kiosk-qr',
    token,
    payload: { payload },
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });

/** An employee with a personnel number and a PIN. */
async function employeeWithPin(target: TestCompany = company, pin = '4927') {
  const member = await memberWithToken(t, target.companyId, 'EMPLOYEE');
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

/** Moves the employee's kiosk punches back, as if made `ms` ago. */
async function agePunches(employeeId: number, ms: number) {
  const rows = await t.database.db
    .select()
    .from(kioskPunches)
    .where(eq(kioskPunches.employeeId, employeeId));
  for (const row of rows) {
    await t.database.db
      .update(kioskPunches)
      .set({ at: new Date(row.at.getTime() - ms) })
      .where(eq(kioskPunches.id, row.id));
  }
}

describe('pairing', () => {
  it('pairs a device once with the admin’s code, and lists it', async () => {
    const created = await createCode(adminToken, office.id, 'Планшет у входа');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data.code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const ttl = Date.parse(created.data.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    const typed = created.data.code.toLowerCase().replace('-', ' ');
    const paired = await pair(typed);
    expect(paired.statusCode, paired.body).toBe(201);
    const result = KioskPairResultSchema.parse(paired.data);
    expect(result).toMatchObject({
      title: 'Планшет у входа',
      branchId: office.id,
      branchTitle: office.title,
      timezone: 'Europe/Moscow',
    });
    expect(result.token).toMatch(/^smkk_/);

    const again = await pair(created.data.code);
    expect(again.statusCode).toBe(422);
    expect(again.data.message).toBe(WRONG_CODE_MESSAGE);

    const state = await kioskCall(result, 'GET', '/kiosk/state');
    expect(state.statusCode, state.body).toBe(200);
    expect(state.data).toMatchObject({ deviceId: result.deviceId, branchTitle: office.title });

    const list = await call(t.app, { method: 'GET', url: '/api/v1/kiosks', token: adminToken });
    expect(list.statusCode).toBe(200);
    const listed = list.data.find((d: { id: number }) => d.id === result.deviceId);
    expect(listed).toMatchObject({
      title: 'Планшет у входа',
      branchTitle: office.title,
      revokedAt: null,
    });
    expect(listed.lastSeenAt).not.toBeNull();
  });

  it('refuses an expired code', async () => {
    const created = await createCode(adminToken, office.id);
    const lookup = created.data.code.slice(0, 4);
    await t.database.db
      .update(kioskPairingCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(kioskPairingCodes.lookup, lookup));
    const paired = await pair(created.data.code);
    expect(paired.statusCode).toBe(422);
    expect(paired.data.message).toBe(WRONG_CODE_MESSAGE);
  });

  it('spends a code after five wrong guesses of it', async () => {
    const created = await createCode(adminToken, office.id);
    const [head, tail] = created.data.code.split('-') as [string, string];
    for (let i = 0; i < 5; i++) {
      const wrongTail = tail === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
      const guess = await pair(`${head}${wrongTail}`);
      expect(guess.statusCode).toBe(422);
    }
    const right = await pair(created.data.code);
    expect(right.statusCode).toBe(422);
    expect(right.data.message).toBe(WRONG_CODE_MESSAGE);
    expect((await pair('22')).statusCode).toBe(422);
  });

  it('lets only the company’s ADMIN pair, rename and revoke', async () => {
    const kiosk = await pairedKiosk();
    const manager = await memberWithToken(t, company.companyId, 'MANAGER');
    const employee = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    for (const token of [manager.token, employee.token]) {
      expect((await createCode(token, office.id)).statusCode).toBe(403);
      expect((await call(t.app, { method: 'GET', url: '/api/v1/kiosks', token })).statusCode).toBe(
        403,
      );
      const revoke = await call(t.app, {
        method: 'POST',
        url: `/api/v1/kiosks/${kiosk.deviceId}/revoke`,
        token,
      });
      expect(revoke.statusCode).toBe(403);
    }
    expect((await createCode('', office.id)).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/kiosks' })).statusCode).toBe(401);

    const otherAdmin = other.admin.tokens.accessToken;
    expect((await createCode(otherAdmin, office.id)).statusCode).toBe(404);
    const foreignRename = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/kiosks/${kiosk.deviceId}`,
      token: otherAdmin,
      payload: { title: 'Чужой' },
    });
    expect(foreignRename.statusCode).toBe(404);
    const foreignRevoke = await call(t.app, {
      method: 'POST',
      url: `/api/v1/kiosks/${kiosk.deviceId}/revoke`,
      token: otherAdmin,
    });
    expect(foreignRevoke.statusCode).toBe(404);
    const foreignList = await call(t.app, {
      method: 'GET',
      url: '/api/v1/kiosks',
      token: otherAdmin,
    });
    expect(foreignList.data.some((d: { id: number }) => d.id === kiosk.deviceId)).toBe(false);

    const rename = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/kiosks/${kiosk.deviceId}`,
      token: adminToken,
      payload: { title: '  Проходная  ' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await kioskCall(kiosk, 'GET', '/kiosk/state')).data.title).toBe('Проходная');
    const blank = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/kiosks/${kiosk.deviceId}`,
      token: adminToken,
      payload: { title: ' ' },
    });
    expect(blank.statusCode).toBe(422);
  });

  it('refuses a revoked device at once', async () => {
    const kiosk = await pairedKiosk();
    const worker = await employeeWithPin();
    expect((await kioskCall(kiosk, 'GET', '/kiosk/state')).statusCode).toBe(200);
    const revoke = await call(t.app, {
      method: 'POST',
      url: `/api/v1/kiosks/${kiosk.deviceId}/revoke`,
      token: adminToken,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const state = await kioskCall(kiosk, 'GET', '/kiosk/state');
    expect(state.statusCode).toBe(401);
    expect(state.data.message).toBe('Киоск отключён администратором');
    expect((await pinPunch(kiosk, worker.personnelNumber, worker.pin)).statusCode).toBe(401);
    const scanned = await scan(worker.token, await qrOf(kiosk));
    expect(scanned.statusCode).toBe(422);
    expect(scanned.data.message).toMatch(/^Киоск отключён администратором/);
    const list = await call(t.app, { method: 'GET', url: '/api/v1/kiosks', token: adminToken });
    expect(list.data.find((d: { id: number }) => d.id === kiosk.deviceId).revokedAt).not.toBeNull();
  });

  it('gives a kiosk’s credential no other route', async () => {
    const kiosk = await pairedKiosk();
    expect((await call(t.app, { method: 'GET', url: '/api/v1/kiosk/state' })).statusCode).toBe(401);
    for (const url of ['/checks', '/employees', '/kiosks', '/branches']) {
      for (const authorization of [`Kiosk ${kiosk.token}`, `Bearer ${kiosk.token}`]) {
        const response = await call(t.app, {
          method: 'GET',
          url: `/api/v1${url}`,
          headers: { authorization },
        });
        expect(response.statusCode, `${url} ${authorization.split(' ')[0]}`).toBe(401);
      }
    }
    const asBearer = await call(t.app, {
      method: 'GET',
      url: '/api/v1/kiosk/state',
      headers: { authorization: `Bearer ${kiosk.token}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });
});

describe('PIN punches', () => {
  it('sets a PIN: 4–6 digits, not a trivial one', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const put = (pin: string) =>
      call(t.app, { method: 'PUT', url: '/api/v1/kiosk-pin', token: me.token, payload: { pin } });
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/kiosk-pin', token: me.token })).data,
    ).toEqual({ set: false, setAt: null, personnelNumber: null });
    expect((await put('1234')).statusCode).toBe(422);
    expect((await put('0000')).statusCode).toBe(422);
    expect((await put('12a4')).statusCode).toBe(422);
    expect((await put('1234567')).statusCode).toBe(422);
    const ok = await put('58301');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.set).toBe(true);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/v1/kiosk-pin', payload: { pin: '58301' } }))
        .statusCode,
    ).toBe(401);
  });

  it('checks in, answers a repeat as the same punch, then checks out', async () => {
    const kiosk = await pairedKiosk();
    const worker = await employeeWithPin();
    const first = await pinPunch(kiosk, worker.personnelNumber, worker.pin);
    expect(first.statusCode, first.body).toBe(200);
    const punch = KioskPunchResultSchema.parse(first.data);
    expect(punch).toMatchObject({ direction: 'IN', branchTitle: office.title, repeated: false });
    expect(punch.employeeName).toBe(`${worker.user.lastName} И.`);
    expect(punch.time).toMatch(/^\d\d:\d\d$/);

    const repeat = await pinPunch(kiosk, worker.personnelNumber, worker.pin);
    expect(repeat.data).toMatchObject({ direction: 'IN', checkId: punch.checkId, repeated: true });

    await agePunches(worker.employeeId, 2 * 60_000);
    const out = await pinPunch(kiosk, worker.personnelNumber, worker.pin);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.data).toMatchObject({ direction: 'OUT', checkId: punch.checkId, repeated: false });

    const check = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${punch.checkId}`,
      token: adminToken,
    });
    expect(check.data).toMatchObject({
      source: 'KIOSK_PIN',
      device: kiosk.title,
      branchId: office.id,
    });
    expect(check.data.checkOutDateTime).not.toBeNull();
    const stored = await t.database.db
      .select()
      .from(kioskPunches)
      .where(eq(kioskPunches.employeeId, worker.employeeId));
    expect(stored.map((row) => [row.method, row.direction, row.deviceId])).toEqual([
      ['PIN', 'IN', kiosk.deviceId],
      ['PIN', 'OUT', kiosk.deviceId],
    ]);
  });

  it('answers a wrong PIN and an unknown number alike, naming nobody', async () => {
    const kiosk = await pairedKiosk();
    const worker = await employeeWithPin();
    const wrong = await pinPunch(kiosk, worker.personnelNumber, '5820');
    const unknown = await pinPunch(kiosk, `NO${unique()}`, '5820');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.data.message).toBe(WRONG_PIN_MESSAGE);
      expect(response.body).not.toContain(worker.user.lastName);
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('locks a personnel number after five wrong PINs, the right one included', async () => {
    const kiosk = await pairedKiosk();
    const worker = await employeeWithPin();
    for (let i = 0; i < 5; i++) {
      expect((await pinPunch(kiosk, worker.personnelNumber, '5820')).statusCode).toBe(422);
    }
    const locked = await pinPunch(kiosk, worker.personnelNumber, worker.pin);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(locked.data.message).toMatch(/^Слишком много неверных попыток/);
    expect(locked.body).not.toContain(worker.user.lastName);
    // Another kiosk does not lift it.
    const elsewhere = await pairedKiosk();
    expect((await pinPunch(elsewhere, worker.personnelNumber, worker.pin)).statusCode).toBe(429);
  });

  it('limits wrong PINs per device: 30 in 10 minutes', async () => {
    const kiosk = await pairedKiosk();
    const worker = await employeeWithPin();
    for (let i = 0; i < 30; i++) {
      const response = await pinPunch(kiosk, `X${i}-${unique()}`, '5820');
      expect(response.statusCode).toBe(422);
    }
    expect((await pinPunch(kiosk, worker.personnelNumber, worker.pin)).statusCode).toBe(429);
    const fresh = await pairedKiosk();
    expect((await pinPunch(fresh, worker.personnelNumber, worker.pin)).statusCode).toBe(200);
  }, 60_000);
});

describe('QR punches', () => {
  it('checks in by the kiosk’s QR without a position; the same QR again is the same punch', async () => {
    const kiosk = await pairedKiosk(adminToken, warehouse.id);
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const payload = await qrOf(kiosk);
    const first = await scan(me.token, payload, `k-${unique()}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.data).toMatchObject({
      direction: 'IN',
      branchTitle: warehouse.title,
      repeated: false,
    });
    const again = await scan(me.token, payload);
    expect(again.statusCode).toBe(200);
    expect(again.data).toMatchObject({
      checkId: first.data.checkId,
      direction: 'IN',
      repeated: true,
    });
    const check = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${first.data.checkId}`,
      token: adminToken,
    });
    expect(check.data).toMatchObject({
      source: 'KIOSK_QR',
      device: kiosk.title,
      branchId: warehouse.id,
      checkInLocation: null,
    });
  });

  it('repeats a punch sent again with the same Idempotency-Key', async () => {
    const kiosk = await pairedKiosk();
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const key = `k-${unique()}`;
    const first = await scan(me.token, await qrOf(kiosk, 1), key);
    expect(first.statusCode, first.body).toBe(200);
    await agePunches(me.employeeId, 5 * 60_000);
    const again = await scan(me.token, await qrOf(kiosk), key);
    expect(again.data).toMatchObject({
      checkId: first.data.checkId,
      direction: 'IN',
      repeated: true,
    });
  });

  it('refuses an expired QR with a clear message', async () => {
    const kiosk = await pairedKiosk();
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const response = await scan(me.token, await qrOf(kiosk, 2));
    expect(response.statusCode).toBe(422);
    expect(response.data.message).toBe(
      'QR-код устарел: отсканируйте код, который сейчас на экране киоска',
    );
    expect(response.data.code).toBe(ErrorCode.VALIDATION_ERROR);
  });

  it('refuses a tampered QR and another company’s kiosk', async () => {
    const kiosk = await pairedKiosk();
    const foreign = await pairedKiosk(
      other.admin.tokens.accessToken,
      (await createBranch(t, other.admin.tokens.accessToken)).id,
    );
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const good = await qrOf(kiosk);
    const [prefix, device, window, signature] = good.split('.');
    for (const payload of [
      `${prefix}.${device}.${Number(window) + 1}.${signature}`,
      `${prefix}.${foreign.deviceId}.${window}.${signature}`,
      await signKioskQr('not-the-secret', kiosk.deviceId, Number(window)),
      await qrOf(foreign),
      'hello',
    ]) {
      const response = await scan(me.token, payload);
      expect(response.statusCode, payload).toBe(422);
      expect(response.data.message).toBe('Это не QR-код киоска вашей компании');
    }
    expect((await scan('', good)).statusCode).toBe(401);
  });

  it('keeps a QR to its device’s branch: an employee of another branch is refused', async () => {
    const kiosk = await pairedKiosk(adminToken, warehouse.id);
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    await linkBranch(t, company.companyId, me.employeeId, office.id);
    const response = await scan(me.token, await qrOf(kiosk));
    expect(response.statusCode).toBe(422);
    expect(response.data.message).toBe('Этот филиал вам недоступен');
  });

  it('still refuses a punch in an approved month, and logs it for the inbox', async () => {
    const lockedCompany = await createCompany(t.app);
    const admin = lockedCompany.admin.tokens.accessToken;
    const branch = await createBranch(t, admin);
    const kiosk = await pairedKiosk(admin, branch.id);
    const me = await memberWithToken(t, lockedCompany.companyId, 'EMPLOYEE');
    await linkBranch(t, lockedCompany.companyId, me.employeeId, branch.id);
    const month = new Date().toISOString().slice(0, 7);
    for (const step of ['submit', 'approve']) {
      const response = await call(t.app, {
        method: 'POST',
        url: `/api/v1/month-periods/${step}`,
        token: admin,
        payload: { month, branchId: branch.id },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const response = await scan(me.token, await qrOf(kiosk));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.data.code).toBe(ErrorCode.PERIOD_LOCKED);
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
    const punches = await t.database.db
      .select()
      .from(kioskPunches)
      .where(eq(kioskPunches.employeeId, me.employeeId));
    expect(punches).toEqual([]);
  });
});
