import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CheckSchema,
  EmployeeKioskPhotoConsentSchema,
  KIOSK_PHOTO_CONSENT_VERSION,
  KIOSK_PHOTO_MAX_BYTES,
  KIOSK_PHOTO_TOKEN_TTL_MS,
  KioskPinPunchResultSchema,
  MyKioskPhotoConsentSchema,
} from '@smena/contract';
import { companies, kioskPhotoConsents, kioskPhotos, kioskPunches } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, type TestCompany } from '../../../test/factories.ts';
import { createBranch, linkBranch, memberWithToken } from '../checks/checks.test-helpers.ts';
import { createKioskPhotosService } from './kiosk-photos.service.ts';
import {
  checkWithPhoto,
  employeeWithPin,
  giveConsent,
  jpegBytes,
  pairKiosk,
  pinPunch,
  setKioskPhoto,
  uploadPhoto,
} from './kiosk-photos.test-helpers.ts';
import {
  PHOTO_SIZE_MESSAGE,
  PHOTO_TOKEN_MESSAGE,
  PHOTO_TYPE_MESSAGE,
} from './kiosk-photos.service.ts';

const DAY_MS = 86_400_000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A company of its own for each test: the photo setting is the company's. */
async function freshCompany() {
  const company = await createCompany(t.app);
  return { company, adminToken: company.admin.tokens.accessToken };
}

function getPhoto(token: string, checkId: number, direction?: 'IN' | 'OUT') {
  return call(t.app, {
    method: 'GET',
    url: `/api/v1/checks/${checkId}/photo${direction ? `?direction=${direction}` : ''}`,
    token,
  });
}

const myConsent = (token: string) =>
  call(t.app, { method: 'GET', url: '/api/v1/kiosk-photo-consent', token });

const withdrawMine = (token: string) =>
  call(t.app, { method: 'POST', url: '/api/v1/kiosk-photo-consent/withdraw', token });

async function photosOf(employeeId: number) {
  return t.database.db.select().from(kioskPhotos).where(eq(kioskPhotos.employeeId, employeeId));
}

/** Moves the employee's kiosk punches back, so that the next punch is not «the same one». */
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

describe('whether a punch wants a photo', () => {
  it('wants none while the company has photos off, even with a consent', async () => {
    const { company, adminToken } = await freshCompany();
    const kiosk = await pairKiosk(t, adminToken);
    expect(kiosk.photoAtPin).toBe(false);
    const employee = await employeeWithPin(t, company.companyId);
    expect((await giveConsent(t, employee.token)).statusCode).toBe(200);

    const punch = await pinPunch(t, kiosk, employee);
    expect(punch.statusCode, punch.body).toBe(200);
    expect(KioskPinPunchResultSchema.parse(punch.data).photo).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(kioskPunches)
      .where(eq(kioskPunches.employeeId, employee.employeeId));
    expect(row!.photoTokenHash).toBeNull();
  });

  it('wants none of an employee without a consent when photos are on', async () => {
    const { company, adminToken } = await freshCompany();
    await setKioskPhoto(t, adminToken, true);
    const kiosk = await pairKiosk(t, adminToken);
    expect(kiosk.photoAtPin).toBe(true);
    const employee = await employeeWithPin(t, company.companyId);

    const punch = await pinPunch(t, kiosk, employee);
    expect(punch.statusCode, punch.body).toBe(200);
    expect(punch.data.photo).toBeNull();
  });

  it('answers a one-time token with a consent, stores the frame and shows it on the check', async () => {
    const { company, adminToken } = await freshCompany();
    await setKioskPhoto(t, adminToken, true, 14);
    const kiosk = await pairKiosk(t, adminToken);
    const state = await call(t.app, {
      method: 'GET',
      url: '/api/v1/kiosk/state',
      headers: { authorization: `Kiosk ${kiosk.token}` },
    });
    expect(state.data.photoAtPin).toBe(true);
    const employee = await employeeWithPin(t, company.companyId);
    expect((await giveConsent(t, employee.token)).statusCode).toBe(200);

    const punch = await pinPunch(t, kiosk, employee);
    expect(punch.statusCode, punch.body).toBe(200);
    const result = KioskPinPunchResultSchema.parse(punch.data);
    expect(result.photo?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(result.photo!.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(KIOSK_PHOTO_TOKEN_TTL_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(KIOSK_PHOTO_TOKEN_TTL_MS);

    const bytes = jpegBytes(12_000);
    const upload = await uploadPhoto(t, kiosk, result.photo!.token, bytes);
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.data).toEqual({ result: 'stored' });
    const [stored] = await photosOf(employee.employeeId);
    expect(stored).toMatchObject({
      checkId: result.checkId,
      direction: 'IN',
      companyId: company.companyId,
    });
    const kept = stored!.expiresAt.getTime() - stored!.takenAt.getTime();
    expect(kept).toBe(14 * DAY_MS);

    const check = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${result.checkId}`,
      token: adminToken,
    });
    expect(check.statusCode, check.body).toBe(200);
    const parsed = CheckSchema.parse(check.data);
    expect(parsed.photos).toHaveLength(1);
    expect(parsed.photos[0]!.direction).toBe('IN');
    const list = await call(t.app, { method: 'GET', url: '/api/v1/checks', token: adminToken });
    expect(
      list.data.items.find((item: { id: number }) => item.id === result.checkId).photos,
    ).toHaveLength(1);

    const photo = await getPhoto(adminToken, result.checkId);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(photo.rawPayload, bytes)).toBe(0);
    // The check-out has no photo yet.
    expect((await getPhoto(adminToken, result.checkId, 'OUT')).statusCode).toBe(404);
  });

  it('wants none of a repeated punch, a QR punch or a punch the kiosk queued offline', async () => {
    const { company, adminToken } = await freshCompany();
    await setKioskPhoto(t, adminToken, true);
    const kiosk = await pairKiosk(t, adminToken);
    const employee = await employeeWithPin(t, company.companyId);
    await giveConsent(t, employee.token);

    const first = await pinPunch(t, kiosk, employee);
    expect(first.data.photo).not.toBeNull();
    const again = await pinPunch(t, kiosk, employee);
    expect(again.data.repeated).toBe(true);
    expect(again.data.photo).toBeNull();

    await agePunches(employee.employeeId, 10 * 60_000);
    const queued = await call(t.app, {
      method: 'POST',
      url: '/api/v1/kiosk/punches/batch',
      headers: { authorization: `Kiosk ${kiosk.token}` },
      payload: {
        deviceNow: new Date().toISOString(),
        items: [
          {
            personnelNumber: employee.personnelNumber,
            pin: employee.pin,
            idempotencyKey: `queued-${employee.employeeId}`,
            deviceAt: new Date(Date.now() - 60_000).toISOString(),
            counter: 1,
          },
        ],
      },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.data.items[0].status).toBe('ACCEPTED');
    expect(queued.data.items[0].result).not.toHaveProperty('photo');
    const tokens = await t.database.db
      .select({ hash: kioskPunches.photoTokenHash, key: kioskPunches.idempotencyKey })
      .from(kioskPunches)
      .where(eq(kioskPunches.employeeId, employee.employeeId));
    expect(tokens.find((row) => row.key !== null)?.hash).toBeNull();
  });
});

describe('the upload', () => {
  let company: TestCompany;
  let adminToken: string;
  let kiosk: Awaited<ReturnType<typeof pairKiosk>>;
  let employee: Awaited<ReturnType<typeof employeeWithPin>>;

  beforeAll(async () => {
    ({ company, adminToken } = await freshCompany());
    await setKioskPhoto(t, adminToken, true);
    kiosk = await pairKiosk(t, adminToken);
    employee = await employeeWithPin(t, company.companyId);
    await giveConsent(t, employee.token);
  });

  async function freshToken(): Promise<string> {
    await agePunches(employee.employeeId, 10 * 60_000);
    const punch = await pinPunch(t, kiosk, employee);
    expect(punch.statusCode, punch.body).toBe(200);
    return punch.data.photo.token as string;
  }

  it('refuses a wrong token, a used one and an expired one', async () => {
    const wrong = await uploadPhoto(t, kiosk, 'A'.repeat(43));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.data.details).toEqual([{ field: 'token', message: PHOTO_TOKEN_MESSAGE }]);
    expect((await uploadPhoto(t, kiosk, undefined)).statusCode).toBe(422);

    const token = await freshToken();
    expect((await uploadPhoto(t, kiosk, token)).statusCode).toBe(201);
    const used = await uploadPhoto(t, kiosk, token);
    expect(used.statusCode).toBe(422);
    expect(used.data.details[0].field).toBe('token');

    const late = await freshToken();
    await t.database.db
      .update(kioskPunches)
      .set({ photoTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(kioskPunches.employeeId, employee.employeeId));
    expect((await uploadPhoto(t, kiosk, late)).statusCode).toBe(422);
  });

  it('refuses what is not a JPEG, or too large, with 422', async () => {
    const token = await freshToken();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const notJpeg = await uploadPhoto(t, kiosk, token, png, 'image/png');
    expect(notJpeg.statusCode).toBe(422);
    expect(notJpeg.data.details).toEqual([{ field: 'photo', message: PHOTO_TYPE_MESSAGE }]);
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/v1/kiosk/photo',
      headers: { authorization: `Kiosk ${kiosk.token}`, 'x-photo-token': token },
      payload: { photo: 'data:image/jpeg;base64,AAAA' },
    });
    expect(json.statusCode).toBe(422);
    const large = await uploadPhoto(t, kiosk, token, jpegBytes(KIOSK_PHOTO_MAX_BYTES + 1));
    expect(large.statusCode).toBe(422);
    expect(large.data.details).toEqual([{ field: 'photo', message: PHOTO_SIZE_MESSAGE }]);
    // None of these spent the token.
    expect((await uploadPhoto(t, kiosk, token, jpegBytes(KIOSK_PHOTO_MAX_BYTES))).statusCode).toBe(
      201,
    );
  });

  it('refuses a kiosk without credentials (401) and another kiosk, of any company (422)', async () => {
    const token = await freshToken();
    const bare = await call(t.app, {
      method: 'POST',
      url: '/api/v1/kiosk/photo',
      headers: { 'content-type': 'image/jpeg', 'x-photo-token': token },
      payload: jpegBytes(),
    });
    expect(bare.statusCode).toBe(401);
    const other = await createCompany(t.app);
    const foreign = await pairKiosk(t, other.admin.tokens.accessToken);
    expect((await uploadPhoto(t, foreign, token)).statusCode).toBe(422);
    const neighbour = await pairKiosk(t, adminToken);
    expect((await uploadPhoto(t, neighbour, token)).statusCode).toBe(422);
    expect((await uploadPhoto(t, kiosk, token)).statusCode).toBe(201);
  });

  it('refuses a frame when photos were turned off after the punch', async () => {
    const token = await freshToken();
    await setKioskPhoto(t, adminToken, false);
    try {
      expect((await uploadPhoto(t, kiosk, token)).statusCode).toBe(422);
    } finally {
      await setKioskPhoto(t, adminToken, true);
    }
  });
});

describe('consent', () => {
  it('shows the wording with the company and the retention, and records the version and text', async () => {
    const { company, adminToken } = await freshCompany();
    await setKioskPhoto(t, adminToken, true, 21);
    const employee = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const before = MyKioskPhotoConsentSchema.parse((await myConsent(employee.token)).data);
    expect(before).toMatchObject({ enabled: true, retentionDays: 21, consent: null, photos: 0 });
    expect(before.textVersion).toBe(KIOSK_PHOTO_CONSENT_VERSION);
    expect(before.text).toContain('21 день');

    const stale = await call(t.app, {
      method: 'POST',
      url: '/api/v1/kiosk-photo-consent',
      token: employee.token,
      payload: { textVersion: KIOSK_PHOTO_CONSENT_VERSION + 1 },
    });
    expect(stale.statusCode).toBe(409);

    const given = await giveConsent(t, employee.token);
    expect(given.statusCode, given.body).toBe(200);
    const after = MyKioskPhotoConsentSchema.parse(given.data);
    expect(after.consent).toMatchObject({
      method: 'APP',
      textVersion: KIOSK_PHOTO_CONSENT_VERSION,
      withdrawnAt: null,
    });
    const [row] = await t.database.db
      .select()
      .from(kioskPhotoConsents)
      .where(eq(kioskPhotoConsents.employeeId, employee.employeeId));
    expect(row!.text).toBe(before.text);
    expect(row!.recordedBy).toBe(employee.employeeId);
    // Given again: the first stands.
    expect((await giveConsent(t, employee.token)).data.consent.id).toBe(after.consent!.id);
  });

  it('withdrawal deletes the photos at once, refuses a frame on its way and stops new photos', async () => {
    const { company, adminToken } = await freshCompany();
    const { checkId, employee, kiosk } = await checkWithPhoto(t, {
      companyId: company.companyId,
      adminToken,
    });
    expect((await myConsent(employee.token)).data.photos).toBe(1);
    await agePunches(employee.employeeId, 10 * 60_000);
    const pending = await pinPunch(t, kiosk, employee);
    expect(pending.data.photo).not.toBeNull();

    const withdrawn = await withdrawMine(employee.token);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.data).toEqual({ result: 'withdrawn', deletedPhotos: 1 });
    expect(await photosOf(employee.employeeId)).toEqual([]);
    expect((await getPhoto(adminToken, checkId)).statusCode).toBe(404);
    expect((await uploadPhoto(t, kiosk, pending.data.photo.token)).statusCode).toBe(422);
    expect((await myConsent(employee.token)).data).toMatchObject({ consent: null, photos: 0 });

    await agePunches(employee.employeeId, 10 * 60_000);
    expect((await pinPunch(t, kiosk, employee)).data.photo).toBeNull();
    expect((await withdrawMine(employee.token)).statusCode).toBe(409);
  });

  it('lets the employee withdraw even when the company has not paid', async () => {
    const { company, adminToken } = await freshCompany();
    const { employee } = await checkWithPhoto(t, { companyId: company.companyId, adminToken });
    await t.database.db
      .update(companies)
      .set({ paidUntil: new Date('2020-01-01T00:00:00Z'), isTrial: false })
      .where(eq(companies.id, company.companyId));
    const withdrawn = await withdrawMine(employee.token);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.data.deletedPhotos).toBe(1);
    expect((await giveConsent(t, employee.token)).statusCode).toBe(402);
  });

  it('an ADMIN records a paper consent and withdraws it; the employee cannot use those routes', async () => {
    const { company, adminToken } = await freshCompany();
    await setKioskPhoto(t, adminToken, true);
    const kiosk = await pairKiosk(t, adminToken);
    const employee = await employeeWithPin(t, company.companyId);
    const url = `/api/v1/employees/${employee.employeeId}/kiosk-photo-consent`;

    const bad = await call(t.app, {
      method: 'POST',
      url,
      token: adminToken,
      payload: { documentDate: '2026-02-30', documentNumber: ' ' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.data.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'documentDate',
      'documentNumber',
    ]);

    const recorded = await call(t.app, {
      method: 'POST',
      url,
      token: adminToken,
      payload: { documentDate: '2026-03-02', documentNumber: '17/К' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const consent = EmployeeKioskPhotoConsentSchema.parse(recorded.data).consent;
    expect(consent).toMatchObject({
      method: 'PAPER',
      documentDate: '2026-03-02',
      documentNumber: '17/К',
      textVersion: null,
    });
    const twice = await call(t.app, {
      method: 'POST',
      url,
      token: adminToken,
      payload: { documentDate: '2026-03-02', documentNumber: '17/К' },
    });
    expect(twice.statusCode).toBe(409);

    // The paper consent is a consent: the punch wants a photo, and the employee sees it as theirs.
    const punch = await pinPunch(t, kiosk, employee);
    expect((await uploadPhoto(t, kiosk, punch.data.photo.token)).statusCode).toBe(201);
    expect((await myConsent(employee.token)).data.consent.method).toBe('PAPER');

    expect((await call(t.app, { method: 'GET', url, token: employee.token })).statusCode).toBe(403);
    expect(
      (await call(t.app, { method: 'POST', url: `${url}/withdraw`, token: employee.token }))
        .statusCode,
    ).toBe(403);

    const withdrawn = await call(t.app, {
      method: 'POST',
      url: `${url}/withdraw`,
      token: adminToken,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.data.deletedPhotos).toBe(1);
    const after = EmployeeKioskPhotoConsentSchema.parse(
      (await call(t.app, { method: 'GET', url, token: adminToken })).data,
    );
    expect(after.consent).toBeNull();
    expect(after.history).toHaveLength(1);
    expect(after.history[0]!.withdrawnAt).not.toBeNull();
    // Who recorded and who withdrew: the ADMIN (a nameless one here: the names answer null).
    const [row] = await t.database.db
      .select()
      .from(kioskPhotoConsents)
      .where(eq(kioskPhotoConsents.employeeId, employee.employeeId));
    expect(row!.recordedBy).not.toBeNull();
    expect(row!.withdrawnBy).toBe(row!.recordedBy);
  });

  it('never shows or changes another company’s consent (404), and needs a session (401)', async () => {
    const { company, adminToken } = await freshCompany();
    const other = await createCompany(t.app);
    const employee = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    await giveConsent(t, employee.token);
    const url = `/api/v1/employees/${employee.employeeId}/kiosk-photo-consent`;
    const foreign = other.admin.tokens.accessToken;
    expect((await call(t.app, { method: 'GET', url, token: foreign })).statusCode).toBe(404);
    expect(
      (await call(t.app, { method: 'POST', url: `${url}/withdraw`, token: foreign })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url,
          token: foreign,
          payload: { documentDate: '2026-01-01', documentNumber: '1' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await myConsent(employee.token)).data.consent).not.toBeNull();
    expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/kiosk-photo-consent' })).statusCode,
    ).toBe(401);
    void adminToken;
  });
});

describe('review', () => {
  it('shows the photo to the ADMIN, a manager in scope and the employee; 404 to others; 401 without a session', async () => {
    const { company, adminToken } = await freshCompany();
    const branch = await createBranch(t, adminToken);
    const otherBranch = await createBranch(t, adminToken);
    await setKioskPhoto(t, adminToken, true);
    const kiosk = await pairKiosk(t, adminToken, branch.id);
    const employee = await employeeWithPin(t, company.companyId);
    await linkBranch(t, company.companyId, employee.employeeId, branch.id);
    await giveConsent(t, employee.token);
    const punch = await pinPunch(t, kiosk, employee);
    expect((await uploadPhoto(t, kiosk, punch.data.photo.token)).statusCode).toBe(201);
    const checkId = punch.data.checkId as number;

    const inScope = await addManager(
      t.app,
      t.database.db,
      { companyId: company.companyId, adminToken },
      { kind: 'UNITS', branchIds: [branch.id] },
    );
    const outOfScope = await addManager(
      t.app,
      t.database.db,
      { companyId: company.companyId, adminToken },
      { kind: 'UNITS', branchIds: [otherBranch.id] },
    );
    const colleague = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const other = await createCompany(t.app);

    expect((await getPhoto(adminToken, checkId)).statusCode).toBe(200);
    expect((await getPhoto(inScope.token, checkId)).statusCode).toBe(200);
    expect((await getPhoto(employee.token, checkId)).statusCode).toBe(200);
    expect((await getPhoto(outOfScope.token, checkId)).statusCode).toBe(404);
    expect((await getPhoto(colleague.token, checkId)).statusCode).toBe(404);
    expect((await getPhoto(other.admin.tokens.accessToken, checkId)).statusCode).toBe(404);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/checks/${checkId}/photo` })).statusCode,
    ).toBe(401);
    const badDirection = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks/${checkId}/photo?direction=SIDE`,
      token: adminToken,
    });
    expect(badDirection.statusCode).toBe(422);
  });
});

describe('retention', () => {
  it('purges photos past their retention, on a fixed clock, and a shortened retention at once', async () => {
    const { company, adminToken } = await freshCompany();
    const { checkId, employee } = await checkWithPhoto(t, {
      companyId: company.companyId,
      adminToken,
    });
    const [photo] = await photosOf(employee.employeeId);
    const takenMs = photo!.takenAt.getTime();
    const service = createKioskPhotosService({ db: t.database.db });

    // Retention 30 days (the default): a day before, it stays. (Other tests' photos share the
    // database, so the counts the purge answers are not this photo's alone.)
    await service.purgeExpired(takenMs + 29 * DAY_MS);
    expect(await photosOf(employee.employeeId)).toHaveLength(1);

    // Shortened to 7 days: the photo stops being shown at once and goes at the next purge.
    await setKioskPhoto(t, adminToken, true, 7);
    const atEightDays = createKioskPhotosService({
      db: t.database.db,
      now: () => takenMs + 8 * DAY_MS,
    });
    await expect(
      atEightDays.readPhoto(
        {
          userId: 0,
          sessionId: '',
          companyId: company.companyId,
          employeeId: employee.employeeId,
          role: 'ADMIN',
          impersonatorId: null,
          scope: { kind: 'COMPANY' },
        },
        checkId,
        'IN',
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    await service.purgeExpired(takenMs + 7 * DAY_MS - 1000);
    expect(await photosOf(employee.employeeId)).toHaveLength(1);
    expect(await service.purgeExpired(takenMs + 7 * DAY_MS)).toBeGreaterThanOrEqual(1);
    expect(await photosOf(employee.employeeId)).toEqual([]);
  });

  it('keeps photos of other companies and those not yet expired', async () => {
    const first = await freshCompany();
    const second = await freshCompany();
    const a = await checkWithPhoto(t, {
      companyId: first.company.companyId,
      adminToken: first.adminToken,
    });
    await setKioskPhoto(t, second.adminToken, true, 60);
    const b = await checkWithPhoto(t, {
      companyId: second.company.companyId,
      adminToken: second.adminToken,
    });
    const service = createKioskPhotosService({ db: t.database.db });
    const [photoA] = await photosOf(a.employee.employeeId);
    await service.purgeExpired(photoA!.takenAt.getTime() + 31 * DAY_MS);
    expect(await photosOf(a.employee.employeeId)).toEqual([]);
    expect(await photosOf(b.employee.employeeId)).toHaveLength(1);
  });
});

describe('the company setting', () => {
  it('is off by default with 30 days, and takes 1–90 days only', async () => {
    const { adminToken } = await freshCompany();
    const company = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/company',
      token: adminToken,
    });
    expect(company.data).toMatchObject({ kioskPhoto: false, kioskPhotoRetentionDays: 30 });
    for (const days of [0, 91, 1.5]) {
      const refused = await call(t.app, {
        method: 'PATCH',
        url: '/api/v1/profile/company',
        token: adminToken,
        payload: { kioskPhotoRetentionDays: days },
      });
      expect(refused.statusCode, String(days)).toBe(422);
      expect(refused.data.details[0].field).toBe('kioskPhotoRetentionDays');
    }
    const saved = await setKioskPhoto(t, adminToken, true, 90);
    expect(saved).toMatchObject({ kioskPhoto: true, kioskPhotoRetentionDays: 90 });
  });
});
