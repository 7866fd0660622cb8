/**
 * A photo at kiosk PIN punches (decision 034): the employee's consent (in the app, or on paper
 * entered by an ADMIN), the one-time upload token a punch gets when a photo is wanted, the upload,
 * the review of a check's photo and the purge of expired ones. Nothing here compares faces.
 */
import { randomBytes } from 'node:crypto';
import {
  isJpeg,
  KIOSK_PHOTO_CONSENT_VERSION,
  KIOSK_PHOTO_MAX_BYTES,
  KIOSK_PHOTO_TOKEN_TTL_MS,
  kioskPhotoConsentText,
  type EmployeeKioskPhotoConsent,
  type KioskPhotoConsent,
  type KioskPhotoRequest,
  type KioskPhotoWithdrawal,
  type MyKioskPhotoConsent,
  type PaperKioskPhotoConsentInput,
} from '@smena/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { createKioskPhotosRepository, type ConsentRow } from './kiosk-photos.repository.ts';
import { sha256 } from './kiosk-secrets.ts';
import type { KioskDeviceIdentity } from './kiosk.repository.ts';

const DAY_MS = 86_400_000;

export const PHOTO_TOKEN_MESSAGE =
  'Фото к этой отметке уже не ждут: время вышло или оно отправлено';
export const PHOTO_TYPE_MESSAGE = 'Фото — только в формате JPEG';
export const PHOTO_SIZE_MESSAGE = `Фото больше ${Math.round(KIOSK_PHOTO_MAX_BYTES / 1024)} КБ`;
const NOT_SELF_MESSAGE = 'Согласие даёт или отзывает только сам сотрудник';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function toConsent(row: ConsentRow): KioskPhotoConsent {
  return {
    id: row.id,
    method: row.method,
    givenAt: row.givenAt.toISOString(),
    textVersion: row.textVersion,
    documentDate: row.documentDate,
    documentNumber: row.documentNumber,
    recordedByName: row.recordedByName,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    withdrawnByName: row.withdrawnByName,
  };
}

/**
 * Inside a kiosk PIN punch's transaction: whether a photo of the employee is wanted — the company
 * takes photos and the employee's consent is in force — and if so the one-time token of its
 * upload (the hash goes on the punch; the token itself only to the kiosk, once).
 */
export async function photoTokenFor(
  tx: DbOrTx,
  companyId: number,
  employeeId: number,
  nowMs: number,
): Promise<{ request: KioskPhotoRequest; hash: string; expiresAt: Date } | null> {
  const wanted = await createKioskPhotosRepository(tx).photoWanted(companyId, employeeId);
  if (!wanted) return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(nowMs + KIOSK_PHOTO_TOKEN_TTL_MS);
  return {
    request: { token, expiresAt: expiresAt.toISOString() },
    hash: sha256(token),
    expiresAt,
  };
}

/** The upload's checks of the bytes themselves: a JPEG, not empty, not above the limit. */
export function checkPhotoBytes(bytes: Uint8Array): void {
  if (bytes.length > KIOSK_PHOTO_MAX_BYTES) throw AppError.validation('photo', PHOTO_SIZE_MESSAGE);
  if (!isJpeg(bytes)) throw AppError.validation('photo', PHOTO_TYPE_MESSAGE);
}

export function createKioskPhotosService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createKioskPhotosRepository(db);

  async function settingOf(companyId: number) {
    const setting = await repository.findSetting(companyId);
    if (!setting) throw AppError.notFound('Компания не найдена');
    return setting;
  }

  async function employeeOf(auth: CompanyAuthContext, employeeId: number) {
    const employee = await repository.findEmployee(auth.companyId, employeeId);
    if (!employee) throw AppError.notFound('Сотрудник не найден');
    return employee;
  }

  /** Withdraws the consent in force and destroys the photos, in one transaction. */
  async function withdraw(
    companyId: number,
    employeeId: number,
    by: number,
  ): Promise<KioskPhotoWithdrawal> {
    return db.transaction(async (tx) => {
      const local = createKioskPhotosRepository(tx);
      if (!(await local.withdrawConsent(companyId, employeeId, by, new Date(now())))) {
        throw AppError.conflict('Действующего согласия нет');
      }
      const deletedPhotos = await local.deleteEmployeePhotos(companyId, employeeId);
      return { result: 'withdrawn' as const, deletedPhotos };
    });
  }

  async function employeeConsent(
    auth: CompanyAuthContext,
    employeeId: number,
  ): Promise<EmployeeKioskPhotoConsent> {
    await employeeOf(auth, employeeId);
    const [setting, rows, photos] = await Promise.all([
      settingOf(auth.companyId),
      repository.listConsents(auth.companyId, employeeId),
      repository.countEmployeePhotos(auth.companyId, employeeId),
    ]);
    const active = rows.find((row) => row.withdrawnAt === null);
    return {
      enabled: setting.enabled,
      retentionDays: setting.retentionDays,
      consent: active ? toConsent(active) : null,
      history: rows.filter((row) => row.withdrawnAt !== null).map(toConsent),
      photos,
    };
  }

  return {
    // ---------- The employee ----------

    async myConsent(auth: CompanyAuthContext): Promise<MyKioskPhotoConsent> {
      const [setting, rows, photos] = await Promise.all([
        settingOf(auth.companyId),
        repository.listConsents(auth.companyId, auth.employeeId),
        repository.countEmployeePhotos(auth.companyId, auth.employeeId),
      ]);
      const active = rows.find((row) => row.withdrawnAt === null);
      return {
        enabled: setting.enabled,
        retentionDays: setting.retentionDays,
        textVersion: KIOSK_PHOTO_CONSENT_VERSION,
        text: kioskPhotoConsentText({
          companyTitle: setting.title,
          retentionDays: setting.retentionDays,
        }),
        consent: active ? toConsent(active) : null,
        photos,
      };
    },

    /**
     * The employee's own consent, in the app: the wording as it reads now is stored with its
     * version. The employee's act only — not under impersonation. Given twice, the first stands.
     */
    async giveConsent(auth: CompanyAuthContext, textVersion: number): Promise<MyKioskPhotoConsent> {
      if (auth.impersonatorId !== null) throw AppError.forbidden(NOT_SELF_MESSAGE);
      if (textVersion !== KIOSK_PHOTO_CONSENT_VERSION) {
        throw AppError.conflict('Текст согласия изменился: обновите страницу и прочитайте его');
      }
      const setting = await settingOf(auth.companyId);
      await repository.insertConsent({
        companyId: auth.companyId,
        employeeId: auth.employeeId,
        method: 'APP',
        textVersion,
        text: kioskPhotoConsentText({
          companyTitle: setting.title,
          retentionDays: setting.retentionDays,
        }),
        givenAt: new Date(now()),
        recordedBy: auth.employeeId,
      });
      return this.myConsent(auth);
    },

    /** «Отозвать согласие»: the consent ends and the employee's photos are destroyed at once. */
    async withdrawMyConsent(auth: CompanyAuthContext): Promise<KioskPhotoWithdrawal> {
      if (auth.impersonatorId !== null) throw AppError.forbidden(NOT_SELF_MESSAGE);
      return withdraw(auth.companyId, auth.employeeId, auth.employeeId);
    },

    // ---------- The ADMIN, for an employee ----------

    employeeConsent,

    /** A consent the employee signed on paper, entered by an ADMIN with its date and number. */
    async recordPaperConsent(
      auth: CompanyAuthContext,
      employeeId: number,
      input: PaperKioskPhotoConsentInput,
    ): Promise<EmployeeKioskPhotoConsent> {
      const employee = await employeeOf(auth, employeeId);
      if (employee.status !== 'ACTIVE') {
        throw AppError.conflict('Сотрудник не работает в компании: согласие не нужно');
      }
      const inserted = await repository.insertConsent({
        companyId: auth.companyId,
        employeeId,
        method: 'PAPER',
        documentDate: input.documentDate,
        documentNumber: input.documentNumber.trim(),
        givenAt: new Date(now()),
        recordedBy: auth.employeeId,
      });
      if (!inserted) throw AppError.conflict('Согласие сотрудника уже действует');
      return employeeConsent(auth, employeeId);
    },

    /** The employee's withdrawal handed to an ADMIN (on paper): the photos go at once. */
    async withdrawEmployeeConsent(
      auth: CompanyAuthContext,
      employeeId: number,
    ): Promise<KioskPhotoWithdrawal> {
      await employeeOf(auth, employeeId);
      return withdraw(auth.companyId, employeeId, auth.employeeId);
    },

    // ---------- The kiosk ----------

    /**
     * The frame a kiosk took after a PIN punch that asked for one: the token is taken once (a
     * wrong, used or expired one answers 422), the consent and the company's setting are read
     * again (a withdrawal a second ago wins), and the photo is kept until the retention ends.
     */
    async upload(device: KioskDeviceIdentity, token: string | undefined, bytes: Uint8Array) {
      checkPhotoBytes(bytes);
      if (!token || !TOKEN_PATTERN.test(token)) {
        throw AppError.validation('token', PHOTO_TOKEN_MESSAGE);
      }
      const nowMs = now();
      await db.transaction(async (tx) => {
        const local = createKioskPhotosRepository(tx);
        const punch = await local.consumePhotoToken(device.id, sha256(token), new Date(nowMs));
        if (!punch) throw AppError.validation('token', PHOTO_TOKEN_MESSAGE);
        const wanted = await local.photoWanted(punch.companyId, punch.employeeId);
        if (!wanted) throw AppError.validation('token', PHOTO_TOKEN_MESSAGE);
        await local.insertPhoto({
          companyId: punch.companyId,
          employeeId: punch.employeeId,
          checkId: punch.checkId,
          punchId: punch.id,
          direction: punch.direction,
          takenAt: new Date(nowMs),
          expiresAt: new Date(nowMs + wanted.retentionDays * DAY_MS),
          contentType: 'image/jpeg',
          bytes: Buffer.from(bytes),
        });
      });
      return { result: 'stored' as const };
    },

    // ---------- Review ----------

    /**
     * A check's photo for whoever may see the check: an ADMIN, a manager whose scope holds the
     * employee, the employee themself. Anything else — another company, another scope, no photo,
     * an expired one — is 404.
     */
    async readPhoto(auth: CompanyAuthContext, checkId: number, direction: 'IN' | 'OUT') {
      const photo = await repository.findVisiblePhoto(
        auth.companyId,
        checkId,
        direction,
        auth.scope,
        new Date(now()),
      );
      if (!photo) throw AppError.notFound('Фото не найдено');
      return photo;
    },

    /** Deletes photos past their retention (the periodic job; tests call it with their clock). */
    purgeExpired(nowMs: number = now()): Promise<number> {
      return repository.purgeExpired(new Date(nowMs));
    },
  };
}

export type KioskPhotosService = ReturnType<typeof createKioskPhotosService>;
