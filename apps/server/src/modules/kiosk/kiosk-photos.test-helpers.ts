import { eq } from 'drizzle-orm';
import {
  KIOSK_PHOTO_CONSENT_VERSION,
  KIOSK_PHOTO_TOKEN_HEADER,
  KioskPairResultSchema,
  type KioskPairResult,
} from '@smena/contract';
import { employees } from '../../db/schema/index.ts';
import { call, type TestApp } from '../../../test/build-test-app.ts';
import { unique } from '../../../test/factories.ts';
import { createBranch, memberWithToken } from '../checks/checks.test-helpers.ts';

/** Bytes that start as a JPEG does (SOI, APP0) and end as one (EOI): what the server checks. */
export function jpegBytes(size = 2_000): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 6), 0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return bytes;
}

/** «Фото при отметке по PIN» on or off, through the organization's settings. */
export async function setKioskPhoto(
  t: TestApp,
  adminToken: string,
  enabled: boolean,
  retentionDays?: number,
) {
  const response = await call(t.app, {
    method: 'PATCH',
    url: '/api/v1/profile/company',
    token: adminToken,
    payload: {
      kioskPhoto: enabled,
      ...(retentionDays === undefined ? {} : { kioskPhotoRetentionDays: retentionDays }),
    },
  });
  if (response.statusCode !== 200) throw new Error(`kiosk photo setting: ${response.body}`);
  return response.data;
}

/** A kiosk paired by the company's ADMIN with a new branch (or the one given). */
export async function pairKiosk(
  t: TestApp,
  adminToken: string,
  branchId?: number,
): Promise<KioskPairResult> {
  const branch = branchId ?? (await createBranch(t, adminToken)).id;
  const code = await call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosks/pairing-codes',
    token: adminToken,
    payload: { branchId: branch, title: `Вход ${unique()}` },
  });
  if (code.statusCode !== 201) throw new Error(`pairing code: ${code.body}`);
  const paired = await call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosk/pair',
    payload: { code: code.data.code },
  });
  if (paired.statusCode !== 201) throw new Error(`pair: ${paired.body}`);
  return KioskPairResultSchema.parse(paired.data);
}

/** A signed-in employee with a personnel number and a kiosk PIN. */
export async function employeeWithPin(t: TestApp, companyId: number, pin = '4927') {
  const member = await memberWithToken(t, companyId, 'EMPLOYEE');
  const personnelNumber = `P${unique()}`;
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
  if (set.statusCode !== 200) throw new Error(`kiosk pin: ${set.body}`);
  return { ...member, personnelNumber, pin };
}

/** The employee gives their consent in the app, to the current wording. */
export async function giveConsent(t: TestApp, token: string) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosk-photo-consent',
    token,
    payload: { textVersion: KIOSK_PHOTO_CONSENT_VERSION },
  });
}

export function pinPunch(
  t: TestApp,
  kiosk: Pick<KioskPairResult, 'token'>,
  person: { personnelNumber: string; pin: string },
) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosk/pin-punch',
    headers: { authorization: `Kiosk ${kiosk.token}` },
    payload: { personnelNumber: person.personnelNumber, pin: person.pin },
  });
}

export function uploadPhoto(
  t: TestApp,
  kiosk: Pick<KioskPairResult, 'token'>,
  photoToken: string | undefined,
  bytes: Buffer = jpegBytes(),
  contentType = 'image/jpeg',
) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosk/photo',
    headers: {
      authorization: `Kiosk ${kiosk.token}`,
      'content-type': contentType,
      ...(photoToken === undefined ? {} : { [KIOSK_PHOTO_TOKEN_HEADER]: photoToken }),
    },
    payload: bytes,
  });
}

/**
 * A check of the company with its check-in's photo, made as in life: photos on, an employee who
 * consented, a PIN punch at a kiosk, the frame uploaded with the punch's token.
 */
export async function checkWithPhoto(
  t: TestApp,
  company: { companyId: number; adminToken: string },
) {
  await setKioskPhoto(t, company.adminToken, true);
  const kiosk = await pairKiosk(t, company.adminToken);
  const employee = await employeeWithPin(t, company.companyId);
  const consent = await giveConsent(t, employee.token);
  if (consent.statusCode !== 200) throw new Error(`consent: ${consent.body}`);
  const punch = await pinPunch(t, kiosk, employee);
  if (punch.statusCode !== 200 || !punch.data.photo) throw new Error(`punch: ${punch.body}`);
  const upload = await uploadPhoto(t, kiosk, punch.data.photo.token);
  if (upload.statusCode !== 201) throw new Error(`upload: ${upload.body}`);
  return { checkId: punch.data.checkId as number, employee, kiosk };
}
