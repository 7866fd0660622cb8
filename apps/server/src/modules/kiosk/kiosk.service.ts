/**
 * Branch kiosks (decision 031): pairing by a one-time code, the device's own credential, PIN
 * punches at the kiosk and QR punches from the employee's phone.
 */
import { sql } from 'drizzle-orm';
import {
  CLOCK_SKEW_LIMIT_MS,
  ErrorCode,
  KIOSK_PAIRING_CODE_TTL_MS,
  planStatusAt,
  type CreateKioskPairingCodeInput,
  type KioskDevice,
  type KioskPairingCode,
  type KioskBatchItemResult,
  type KioskPairResult,
  type KioskPunchBatchInput,
  type KioskPunchBatchResult,
  type QrPunchBatchInput,
  type KioskPinPunchResult,
  type KioskPinStatus,
  type KioskPhotoRequest,
  type KioskPunchResult,
  type KioskState,
} from '@smena/contract';
import { toIsoInZone } from '@smena/time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { RateLimitedError, waitText } from '../../lib/rate-limited-error.ts';
import type { AttemptLimiter, LimitWindow } from '../auth/index.ts';
import { createPresencePunch, recordCheckRefusals, type CheckRefusal } from '../checks/index.ts';
import { photoTokenFor } from './kiosk-photos.service.ts';
import {
  createKioskRepository,
  type KioskDeviceIdentity,
  type KioskPunchRow,
} from './kiosk.repository.ts';
import {
  formatPairingCode,
  generateKioskToken,
  generatePairingCode,
  generateQrSecret,
  kioskTokenOf,
  sha256,
  verifyKioskQr,
} from './kiosk-secrets.ts';

const MINUTE_MS = 60_000;

export type KioskLimits = {
  /** Wrong PINs of one personnel number (in one company): 5 → 15 minutes locked. */
  pinPerEmployee: LimitWindow;
  /** Wrong PINs on one device: 30 per 10 minutes. */
  pinPerDevice: LimitWindow;
  /** Wrong guesses of one pairing code before it is spent. */
  pairingAttempts: number;
};

export const DEFAULT_KIOSK_LIMITS: KioskLimits = {
  pinPerEmployee: { max: 5, windowMs: 15 * MINUTE_MS },
  pinPerDevice: { max: 30, windowMs: 10 * MINUTE_MS },
  pairingAttempts: 5,
};

/** A second punch this soon after the employee's last one is that punch again, not a new one. */
const REPEAT_WITHIN_MS = MINUTE_MS;

/** An arbitrary constant: the first key of the per-employee lock of kiosk punches. */
const KIOSK_PUNCH_LOCK_ID = 7_212_131;

export const WRONG_CODE_MESSAGE = 'Неверный или устаревший код подключения';
export const WRONG_PIN_MESSAGE = 'Неверный табельный номер или PIN';
export const EXPIRED_QR_MESSAGE =
  'QR-код устарел: отсканируйте код, который сейчас на экране киоска';
const NOT_A_KIOSK_QR = 'Это не QR-код киоска вашей компании';
const REVOKED_MESSAGE = 'Киоск отключён администратором';

/** «Иванов И.»: the surname and the first name's initial. */
export function kioskName(person: { lastName: string; firstName: string }): string {
  const initial = person.firstName.trim().charAt(0);
  return [person.lastName.trim(), initial ? `${initial.toUpperCase()}.` : '']
    .filter(Boolean)
    .join(' ');
}

/** How a queued punch is placed: at the device's time, with its counter and the device's skew. */
type QueuedPunch = {
  atMs: number;
  deviceAtMs: number;
  counter: number;
  skewMs: number;
  skewed: boolean;
};

/** A key sent twice in one batch: the second gets the first's answer, as a repeat. */
function repeatedInBatch(
  first: KioskBatchItemResult,
  base: { idempotencyKey: string; counter: number },
): KioskBatchItemResult {
  return {
    ...first,
    ...base,
    status: first.status === 'ACCEPTED' ? 'REPEATED' : first.status,
    result: first.result && { ...first.result, repeated: true },
  };
}

export function createKioskService(deps: {
  db: Db;
  limiter: AttemptLimiter;
  now?: () => number;
  limits?: KioskLimits;
}) {
  const { db, limiter } = deps;
  const now = deps.now ?? Date.now;
  const limits = deps.limits ?? DEFAULT_KIOSK_LIMITS;
  const repository = createKioskRepository(db);

  function stateOf(device: KioskDeviceIdentity): KioskState {
    return {
      deviceId: device.id,
      title: device.title,
      companyName: device.companyName,
      branchId: device.branchId,
      branchTitle: device.branchTitle,
      timezone: device.timezone,
      serverTime: new Date(now()).toISOString(),
      photoAtPin: device.photoAtPin,
    };
  }

  function resultOf(
    punch: Pick<KioskPunchRow, 'direction' | 'at' | 'checkId'>,
    person: { lastName: string; firstName: string },
    device: Pick<KioskDeviceIdentity, 'branchTitle' | 'timezone'>,
    repeated: boolean,
  ): KioskPunchResult {
    return {
      direction: punch.direction,
      employeeName: kioskName(person),
      branchTitle: device.branchTitle,
      time: toIsoInZone(punch.at.getTime(), device.timezone).slice(11, 16),
      at: punch.at.toISOString(),
      checkId: punch.checkId,
      repeated,
    };
  }

  function assertPaid(device: KioskDeviceIdentity) {
    if (planStatusAt(device.companyPaidUntil, new Date(now())).state === 'EXPIRED') {
      throw new AppError(ErrorCode.PAYMENT_REQUIRED, 'Оплатите тариф, чтобы продолжить');
    }
  }

  /**
   * One punch of an employee at a device, under a per-employee lock: a repeat (the same
   * Idempotency-Key or QR window, or any kiosk punch in the last minute) answers the punch it
   * repeats; otherwise the check is opened or closed and the punch recorded, all in one
   * transaction. Refusals of the month lock are written after the rollback. A live PIN punch
   * asks, in the same transaction, whether a photo is wanted (decision 034) and answers its
   * one-time upload token; a repeat, a QR punch and a queued punch never want one.
   */
  async function punch(
    device: KioskDeviceIdentity,
    employee: { employeeId: number; lastName: string; firstName: string },
    how: {
      method: 'QR' | 'PIN';
      qrWindow?: number;
      idempotencyKey?: string | undefined;
      /** A queued punch (decision 032): placed at `atMs`, the device's time, not the server's. */
      queued?: QueuedPunch;
      /** Wrong PINs of the personnel number before this one (decision 033's FAILED_PINS). */
      failedPins?: number;
    },
  ): Promise<KioskPunchResult & { photo: KioskPhotoRequest | null }> {
    const refusals: CheckRefusal[] = [];
    const queued = how.queued;
    const punchNow = queued ? () => queued.atMs : now;
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${KIOSK_PUNCH_LOCK_ID}::int, ${employee.employeeId}::int)`,
        );
        const local = createKioskRepository(tx);
        const repeat =
          (await local.findRepeat(employee.employeeId, {
            idempotencyKey: how.idempotencyKey,
            ...(how.qrWindow === undefined ? {} : { deviceId: device.id, qrWindow: how.qrWindow }),
          })) ??
          (await local.findPunchBetween(
            employee.employeeId,
            new Date(punchNow() - REPEAT_WITHIN_MS),
            queued ? new Date(queued.atMs + REPEAT_WITHIN_MS) : null,
          ));
        if (repeat) return { ...resultOf(repeat, employee, device, true), photo: null };
        const presencePunch = createPresencePunch(tx as DbOrTx, punchNow, (refusal) =>
          refusals.push(refusal),
        );
        const { direction, row } = await presencePunch(device.companyId, employee.employeeId, {
          branchId: device.branchId,
          source: how.method === 'QR' ? 'KIOSK_QR' : 'KIOSK_PIN',
          device: device.title,
          ...(how.failedPins === undefined ? {} : { failedPins: how.failedPins }),
        });
        const at = direction === 'IN' ? row.checkIn : row.checkOut!;
        const photo =
          how.method === 'PIN' && !queued
            ? await photoTokenFor(tx, device.companyId, employee.employeeId, now())
            : null;
        const stored = await local.insertPunch({
          companyId: device.companyId,
          deviceId: device.id,
          employeeId: employee.employeeId,
          checkId: row.id,
          method: how.method,
          direction,
          at,
          qrWindow: how.qrWindow ?? null,
          idempotencyKey: how.idempotencyKey ?? null,
          ...(queued
            ? {
                deviceAt: new Date(queued.deviceAtMs),
                deviceCounter: queued.counter,
                clockSkewMs: queued.skewMs,
                clockSkewed: queued.skewed,
              }
            : {}),
          ...(photo ? { photoTokenHash: photo.hash, photoTokenExpiresAt: photo.expiresAt } : {}),
        });
        return { ...resultOf(stored, employee, device, false), photo: photo?.request ?? null };
      });
    } catch (error) {
      if (refusals.length > 0) await recordCheckRefusals(db, device.companyId, refusals);
      throw error;
    }
  }

  /** The device of a request, or 401: unknown, malformed or revoked credentials alike. */
  async function authenticate(header: string | undefined): Promise<KioskDeviceIdentity> {
    const token = kioskTokenOf(header);
    if (!token) throw AppError.unauthorized('Киоск не подключён');
    const device = await repository.findIdentityByCredential(sha256(token));
    if (!device) throw AppError.unauthorized('Киоск не подключён');
    if (device.revokedAt) throw AppError.unauthorized(REVOKED_MESSAGE);
    if (device.companyBlocked) {
      throw new AppError(ErrorCode.COMPANY_BLOCKED, 'Компания заблокирована');
    }
    await repository.touchLastSeen(device.id, new Date(now()));
    return device;
  }

  async function hitLimit(scope: string, subject: string, window: LimitWindow) {
    const hit = await limiter.hit(scope, subject, window);
    if (!hit.allowed) {
      throw new RateLimitedError(
        `Слишком много неверных попыток. Повторите через ${waitText(hit.retryAfterSeconds)}`,
        hit.retryAfterSeconds,
      );
    }
    return hit.hits;
  }

  /**
   * A PIN punch: counted against the device and the personnel number before the PIN is
   * checked, taken back when it proves right (decision 010). Unknown numbers, numbers without a
   * PIN and wrong PINs answer the same, in the same time, and name nobody. `queued`: a punch the
   * kiosk kept offline, placed at the device's time and keyed by its idempotency key.
   */
  async function pinPunchOf(
    device: KioskDeviceIdentity,
    input: { personnelNumber: string; pin: string; idempotencyKey?: string },
    queued?: QueuedPunch,
  ): Promise<KioskPinPunchResult> {
    const deviceSubject = String(device.id);
    const numberSubject = `${device.companyId}:${input.personnelNumber}`;
    await hitLimit('kiosk-pin-device', deviceSubject, limits.pinPerDevice);
    // The number's counter holds its wrong PINs of the window (right ones are refunded).
    let failedPins: number;
    try {
      failedPins = (await hitLimit('kiosk-pin-number', numberSubject, limits.pinPerEmployee)) - 1;
    } catch (error) {
      await limiter.refund('kiosk-pin-device', deviceSubject);
      throw error;
    }
    const holders = await repository.findPinHolders(device.companyId, input.personnelNumber);
    let matched: (typeof holders)[number] | undefined;
    if (holders.length === 0) await verifyAgainstDummy(input.pin);
    for (const holder of holders) {
      if (await verifyPassword(holder.pinHash, input.pin)) {
        matched = holder;
        break;
      }
    }
    if (!matched) throw AppError.validation('pin', WRONG_PIN_MESSAGE);
    await limiter.refund('kiosk-pin-device', deviceSubject);
    await limiter.refund('kiosk-pin-number', numberSubject);
    if (!(await repository.mayWorkAt(device.companyId, matched.employeeId, device.branchId))) {
      throw AppError.forbidden('Вы не закреплены за этим филиалом: обратитесь к руководителю');
    }
    try {
      return await punch(device, matched, {
        method: 'PIN',
        failedPins,
        idempotencyKey: input.idempotencyKey,
        ...(queued ? { queued } : {}),
      });
    } catch (error) {
      // The same queued punch sent twice at once: the second waited for the first, then clashed.
      if (isUniqueViolation(error) && input.idempotencyKey !== undefined) {
        const stored = await repository.findRepeat(matched.employeeId, {
          idempotencyKey: input.idempotencyKey,
        });
        if (stored) return { ...resultOf(stored, matched, device, true), photo: null };
      }
      throw error;
    }
  }

  /**
   * A QR punch from the employee's phone: the payload must be signed by a live device of the
   * employee's company, of the current or the previous window; the check is opened or closed at
   * that device's branch, without a position. The same QR (or the same Idempotency-Key) again
   * answers the same punch, even once the QR has expired.
   */
  async function qrPunchOf(
    auth: CompanyAuthContext,
    payload: string,
    idempotencyKey: string | undefined,
    queued?: QueuedPunch & { verifyAtMs: number },
  ): Promise<KioskPunchResult> {
    let device: KioskDeviceIdentity | undefined;
    const check = await verifyKioskQr(payload, queued?.verifyAtMs ?? now(), async (deviceId) => {
      device = await repository.findIdentity(deviceId);
      return device && device.companyId === auth.companyId ? device.qrSecret : null;
    });
    if (
      !device ||
      device.companyId !== auth.companyId ||
      (!check.ok && check.reason !== 'EXPIRED')
    ) {
      throw AppError.validation('payload', NOT_A_KIOSK_QR);
    }
    const employee = await repository.findEmployee(auth.companyId, auth.employeeId);
    if (!employee || employee.status !== 'ACTIVE') throw AppError.forbidden();
    const window = Number(payload.trim().split('.')[2]);
    const earlier = await repository.findRepeat(auth.employeeId, {
      idempotencyKey,
      deviceId: device.id,
      qrWindow: window,
    });
    if (earlier) return resultOf(earlier, employee, device, true);
    if (device.revokedAt)
      throw AppError.validation('payload', `${REVOKED_MESSAGE}: отметьтесь на другом киоске`);
    if (!check.ok) throw AppError.validation('payload', EXPIRED_QR_MESSAGE);
    if (device.companyBlocked)
      throw new AppError(ErrorCode.COMPANY_BLOCKED, 'Компания заблокирована');
    if (!(await repository.mayWorkAt(auth.companyId, auth.employeeId, device.branchId))) {
      throw AppError.validation('payload', 'Этот филиал вам недоступен');
    }
    try {
      return await punch(device, employee, {
        method: 'QR',
        qrWindow: window,
        idempotencyKey,
        ...(queued ? { queued } : {}),
      });
    } catch (error) {
      // The same QR sent twice at once: the second waited for the first, then clashed on it.
      if (isUniqueViolation(error)) {
        const stored = await repository.findRepeat(auth.employeeId, {
          idempotencyKey,
          deviceId: device.id,
          qrWindow: window,
        });
        if (stored) return resultOf(stored, employee, device, true);
      }
      throw error;
    }
  }

  return {
    authenticate,

    // ---------- Admin ----------

    async createPairingCode(
      auth: CompanyAuthContext,
      input: CreateKioskPairingCodeInput,
    ): Promise<KioskPairingCode> {
      const branch = await repository.findBranch(auth.companyId, input.branchId);
      if (!branch) throw AppError.notFound('Филиал не найден');
      if (!branch.active) throw AppError.validation('branchId', 'Филиал закрыт');
      const nowMs = now();
      await repository.purgeOldCodes(new Date(nowMs - 24 * 60 * MINUTE_MS));
      const title = input.title?.trim() || `Киоск «${branch.title}»`;
      const expiresAt = new Date(nowMs + KIOSK_PAIRING_CODE_TTL_MS);
      // The four letters that find a code are unique among kept codes; a clash draws again.
      for (let attempt = 0; attempt < 10; attempt++) {
        const generated = generatePairingCode();
        const row = await repository.insertCode({
          companyId: auth.companyId,
          branchId: branch.id,
          title,
          lookup: generated.lookup,
          codeHash: generated.hash,
          createdBy: auth.employeeId,
          createdAt: new Date(nowMs),
          expiresAt,
        });
        if (row) {
          return {
            code: formatPairingCode(generated.code),
            branchId: branch.id,
            branchTitle: branch.title,
            title,
            expiresAt: expiresAt.toISOString(),
          };
        }
      }
      throw AppError.conflict('Не удалось создать код: попробуйте ещё раз');
    },

    async listDevices(auth: CompanyAuthContext): Promise<KioskDevice[]> {
      const rows = await repository.listDevices(auth.companyId);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        branchId: row.branchId,
        branchTitle: row.branchTitle,
        pairedAt: row.pairedAt.toISOString(),
        lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
        revokedAt: row.revokedAt?.toISOString() ?? null,
        createdByName: row.createdByName || null,
      }));
    },

    async renameDevice(auth: CompanyAuthContext, deviceId: number, title: string) {
      if (!(await repository.renameDevice(auth.companyId, deviceId, title))) {
        throw AppError.notFound('Киоск не найден');
      }
      return { result: 'updated' as const };
    },

    async revokeDevice(auth: CompanyAuthContext, deviceId: number) {
      const found = await repository.revokeDevice(
        auth.companyId,
        deviceId,
        auth.employeeId,
        new Date(now()),
      );
      if (!found) throw AppError.notFound('Киоск не найден');
      return { result: 'revoked' as const };
    },

    // ---------- The device ----------

    /**
     * Pairs a device with the code's branch. The code's first four letters find it; a wrong rest
     * counts against it and, after `pairingAttempts`, spends it. Unknown, wrong, used and expired
     * codes answer alike.
     */
    async pair(code: string): Promise<KioskPairResult> {
      const nowMs = now();
      const row = await repository.findCodeByLookup(code.slice(0, 4));
      if (!row) throw AppError.validation('code', WRONG_CODE_MESSAGE);
      if (sha256(code) !== row.codeHash) {
        await repository.countWrongGuess(row.id);
        throw AppError.validation('code', WRONG_CODE_MESSAGE);
      }
      const paired = await db.transaction(async (tx) => {
        const local = createKioskRepository(tx);
        const taken = await local.consumeCode(row.id, new Date(nowMs), limits.pairingAttempts);
        if (!taken) return null;
        const branch = await local.findBranch(taken.companyId, taken.branchId);
        if (!branch?.active) return null;
        const credential = generateKioskToken();
        const qrSecret = generateQrSecret();
        const device = await local.insertDevice({
          companyId: taken.companyId,
          branchId: taken.branchId,
          title: taken.title,
          credentialHash: credential.hash,
          qrSecret,
          createdBy: taken.createdBy,
          pairedAt: new Date(nowMs),
          lastSeenAt: new Date(nowMs),
        });
        await local.linkCodeToDevice(row.id, device.id);
        return { deviceId: device.id, token: credential.token, qrSecret };
      });
      if (!paired) throw AppError.validation('code', WRONG_CODE_MESSAGE);
      const identity = (await repository.findIdentity(paired.deviceId))!;
      return { ...stateOf(identity), token: paired.token, qrSecret: paired.qrSecret };
    },

    state(device: KioskDeviceIdentity): KioskState {
      return stateOf(device);
    },

    /** A live PIN punch, on the server's clock; `photo` when one is wanted (decision 034). */
    async pinPunch(
      device: KioskDeviceIdentity,
      input: { personnelNumber: string; pin: string },
    ): Promise<KioskPinPunchResult> {
      assertPaid(device);
      return pinPunchOf(device, input);
    },

    /**
     * The kiosk's queued PIN punches (decision 032), in the order of the device's counter. Each
     * is judged as a live PIN punch would be (the PIN, its limits, the branch, the month lock) but
     * placed at the device's time; a key sent before answers the punch it made. Every item gets
     * its own answer: nothing is refused without a reason the kiosk can show, and a refusal of
     * the month lock is logged for the deviations inbox.
     */
    async pinBatch(
      device: KioskDeviceIdentity,
      input: KioskPunchBatchInput,
    ): Promise<KioskPunchBatchResult> {
      assertPaid(device);
      const serverNow = now();
      const clockSkewMs = Date.parse(input.deviceNow) - serverNow;
      const clockSkewed = Math.abs(clockSkewMs) > CLOCK_SKEW_LIMIT_MS;
      const items = [...input.items].sort((a, b) => a.counter - b.counter);
      const earlier = new Map(
        (
          await repository.findDevicePunchesByKeys(
            device.id,
            items.map((item) => item.idempotencyKey),
          )
        ).map((row) => [row.punch.idempotencyKey!, row]),
      );
      const answered = new Map<string, KioskBatchItemResult>();
      const results: KioskBatchItemResult[] = [];
      for (const item of items) {
        const base = { idempotencyKey: item.idempotencyKey, counter: item.counter };
        const again = answered.get(item.idempotencyKey);
        if (again) {
          results.push(repeatedInBatch(again, base));
          continue;
        }
        const stored = earlier.get(item.idempotencyKey);
        let answer: KioskBatchItemResult;
        if (stored) {
          answer = {
            ...base,
            status: 'REPEATED',
            result: resultOf(stored.punch, stored, device, true),
            message: null,
          };
        } else {
          const deviceAtMs = Date.parse(item.deviceAt);
          // A device clock ahead of the server's cannot place a punch in the future.
          const queued: QueuedPunch = {
            atMs: Math.min(deviceAtMs, serverNow),
            deviceAtMs,
            counter: item.counter,
            skewMs: clockSkewMs,
            skewed: clockSkewed,
          };
          try {
            const result = await pinPunchOf(device, item, queued);
            answer = {
              ...base,
              status: result.repeated ? 'REPEATED' : 'ACCEPTED',
              result,
              message: null,
            };
          } catch (error) {
            if (error instanceof RateLimitedError) {
              answer = { ...base, status: 'RETRY', result: null, message: error.message };
            } else if (error instanceof AppError) {
              answer = { ...base, status: 'REFUSED', result: null, message: error.message };
            } else {
              throw error;
            }
          }
        }
        answered.set(item.idempotencyKey, answer);
        results.push(answer);
      }
      return { clockSkewMs, clockSkewed, items: results };
    },

    // ---------- The employee ----------

    /**
     * A QR punch from the employee's phone: the payload must be signed by a live device of the
     * employee's company, of the current or the previous window; the check is opened or closed at
     * that device's branch, without a position. The same QR (or the same Idempotency-Key) again
     * answers the same punch, even once the QR has expired.
     */
    qrPunch(
      auth: CompanyAuthContext,
      payload: string,
      idempotencyKey: string | undefined,
    ): Promise<KioskPunchResult> {
      return qrPunchOf(auth, payload, idempotencyKey);
    },

    /**
     * The phone's queued QR punches (decision 032), in the counter's order. The phone's clock is
     * nobody's: its time is moved by the skew measured at sending, and the QR's window — signed by
     * the kiosk — must hold that instant, so a phone cannot place a scan beyond the minute its
     * QR lived. Each item is answered; a refusal of the month lock is logged for the inbox.
     */
    async qrBatch(
      auth: CompanyAuthContext,
      input: QrPunchBatchInput,
    ): Promise<KioskPunchBatchResult> {
      const serverNow = now();
      const clockSkewMs = Date.parse(input.deviceNow) - serverNow;
      const clockSkewed = Math.abs(clockSkewMs) > CLOCK_SKEW_LIMIT_MS;
      const items = [...input.items].sort((a, b) => a.counter - b.counter);
      const answered = new Map<string, KioskBatchItemResult>();
      const results: KioskBatchItemResult[] = [];
      for (const item of items) {
        const base = { idempotencyKey: item.idempotencyKey, counter: item.counter };
        const again = answered.get(item.idempotencyKey);
        if (again) {
          results.push(repeatedInBatch(again, base));
          continue;
        }
        const deviceAtMs = Date.parse(item.deviceAt);
        const onServerClock = deviceAtMs - clockSkewMs;
        let answer: KioskBatchItemResult;
        try {
          const result = await qrPunchOf(auth, item.payload, item.idempotencyKey, {
            atMs: Math.min(onServerClock, serverNow),
            deviceAtMs,
            counter: item.counter,
            skewMs: clockSkewMs,
            skewed: clockSkewed,
            verifyAtMs: onServerClock,
          });
          answer = {
            ...base,
            status: result.repeated ? 'REPEATED' : 'ACCEPTED',
            result,
            message: null,
          };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          answer = { ...base, status: 'REFUSED', result: null, message: error.message };
        }
        answered.set(item.idempotencyKey, answer);
        results.push(answer);
      }
      return { clockSkewMs, clockSkewed, items: results };
    },

    async pinStatus(auth: CompanyAuthContext): Promise<KioskPinStatus> {
      const row = await repository.findPin(auth.companyId, auth.employeeId);
      return {
        set: Boolean(row?.setAt),
        setAt: row?.setAt?.toISOString() ?? null,
        personnelNumber: row?.personnelNumber ?? null,
      };
    },

    async setPin(auth: CompanyAuthContext, pin: string): Promise<KioskPinStatus> {
      if (auth.impersonatorId !== null) {
        throw AppError.forbidden('PIN задаёт только сам сотрудник');
      }
      const nowDate = new Date(now());
      await repository.upsertPin(auth.companyId, auth.employeeId, await hashPassword(pin), nowDate);
      const row = await repository.findPin(auth.companyId, auth.employeeId);
      return {
        set: true,
        setAt: nowDate.toISOString(),
        personnelNumber: row?.personnelNumber ?? null,
      };
    },
  };
}

export type KioskService = ReturnType<typeof createKioskService>;
