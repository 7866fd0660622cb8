/**
 * An employee's own check-in and check-out, on the server's clock, inside a branch's geofence;
 * a check left open past its shift is closed automatically first.
 */
import {
  formatDistance,
  ErrorCode,
  type Check,
  type SelfCheckInput,
  type SelfCheckOutInput,
} from '@smena/contract';
import { addDays, localDateOf, toIsoInZone } from '@smena/time';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isExclusionViolation } from '../../lib/db-errors.ts';
import { createPlanningService } from '../planning/index.ts';
import { type ShiftSpan, shiftOfCheck, staleCheckOut } from './auto-close-rule.ts';
import { deviceOf, toCheck } from './checks.mappers.ts';
import { type CheckRow, checkSnapshot } from './checks.repository.ts';
import { geofence, nearestBranch, type Position } from './geo.ts';
import { type PunchFacts, lastPunchOf, punchSignals } from './check-signals.ts';
import { type ChecksContext, type RequestInfo, assertPunchOpen, overlap } from './checks.shared.ts';

/** A check-in at another branch this soon after the previous check's start: one working period. */
const OTHER_BRANCH_WITHIN_MS = 12 * 3_600_000;

const SELF_AUTO_CLOSE_REASON = 'Не отмечен уход: закрыта автоматически перед новым приходом';

export function createSelfChecks(context: ChecksContext) {
  const { db, now, repository } = context;

  /** The planned shifts of employees around the given instants, by employee. */
  async function shiftsAround(
    source: DbOrTx,
    companyId: number,
    employeeIds: number[],
    instants: number[],
    timezone: string,
  ): Promise<Map<number, ShiftSpan[]>> {
    const dates = instants.map((ms) => localDateOf(ms, timezone)).sort();
    const from = addDays(dates[0]!, -1);
    const to = addDays(dates[dates.length - 1]!, 1);
    const { plans } = await createPlanningService({ db: source }).planEmployees(
      companyId,
      employeeIds,
      from,
      to,
    );
    const result = new Map<number, ShiftSpan[]>();
    for (const [employeeId, plan] of plans) {
      result.set(
        employeeId,
        plan.days.flatMap((day) =>
          day.shifts.map((shift) => ({
            startMs: Date.parse(shift.start),
            endMs: Date.parse(shift.end),
          })),
        ),
      );
    }
    return result;
  }
  /** When a still open check must be closed before a new check-in or check-out; null: it is current. */
  async function staleCloseOf(companyId: number, open: CheckRow, nowMs: number) {
    const inMs = open.checkIn.getTime();
    const shifts = await shiftsAround(
      db,
      companyId,
      [open.employeeId],
      [inMs],
      open.branchTimezone,
    );
    const shift = shiftOfCheck(inMs, shifts.get(open.employeeId) ?? []);
    const earlierDay =
      localDateOf(inMs, open.branchTimezone) < localDateOf(nowMs, open.branchTimezone);
    return staleCheckOut(inMs, shift, nowMs, earlierDay);
  }
  async function autoClose(companyId: number, open: CheckRow, checkOutMs: number) {
    const closed = await repository.closeOpenCheck(companyId, open.id, new Date(checkOutMs), {
      autoClosed: true,
      updatedBy: null,
    });
    if (!closed) return;
    await repository.insertHistory(companyId, {
      checkId: open.id,
      action: 'AUTO_CLOSE',
      changedBy: null,
      impersonatorId: null,
      reason: SELF_AUTO_CLOSE_REASON,
      before: checkSnapshot(open),
      after: checkSnapshot({ ...open, checkOut: new Date(checkOutMs), autoClosed: true }),
    });
  }
  async function overlapMessageFor(auth: CompanyAuthContext, employeeId: number) {
    const open = await repository.findOpenCheck(auth.companyId, employeeId);
    if (open && employeeId === auth.employeeId) return alreadyIn(open);
    return overlap();
  }
  function alreadyIn(open: CheckRow) {
    const time = toIsoInZone(open.checkIn.getTime(), open.branchTimezone).slice(11, 16);
    return AppError.conflict(`Вы уже отметили приход в ${time}`);
  }

  /**
   * The signals of a punch (decision 033), from one query: `closing` is the open check a
   * check-out closes; `device` null leaves the device unjudged (a check-out's is not recorded).
   */
  async function signalsOf(
    companyId: number,
    employeeId: number,
    punch: {
      source: PunchFacts['source'];
      atMs: number;
      branchId: number;
      /** The phone's position; a kiosk punch stands at its branch. */
      position: Position | null;
      accuracy: number | null;
      branchRadius: number | null;
      device: string | null;
      closing: CheckRow | null;
      failedPins?: number | undefined;
    },
  ) {
    const facts = await repository.findSignalFacts(
      companyId,
      employeeId,
      punch.device,
      punch.branchId,
    );
    const position = punch.position ?? (punch.source === 'WEB' ? null : facts.punchBranch);
    const last = facts.last;
    // A check-out away from its check-in's branch; a check-in at another branch than the one
    // the employee's previous check began at within the same working period (12 hours).
    const otherBranch = punch.closing
      ? punch.closing.branchId !== punch.branchId
      : last !== undefined &&
        last.branchId !== punch.branchId &&
        punch.atMs - last.checkInMs < OTHER_BRANCH_WITHIN_MS;
    return punchSignals({
      source: punch.source,
      atMs: punch.atMs,
      position,
      accuracy: punch.accuracy,
      branchRadius: punch.branchRadius,
      previous: lastPunchOf(last),
      device:
        punch.device === null
          ? null
          : { firstPunch: !facts.anyCheck, seenBefore: facts.deviceSeen },
      otherBranch,
      failedPins: punch.failedPins ?? 0,
    });
  }

  return {
    /**
     * A punch at a branch's kiosk (decision 031): the kiosk proves presence, so no position is
     * asked. A current open check is closed (wherever it began); otherwise — after closing a
     * forgotten one — a check is opened at the kiosk's branch. On the server's clock; the month
     * lock applies as to any punch.
     */
    async presencePunch(
      companyId: number,
      employeeId: number,
      punch: {
        branchId: number;
        source: 'KIOSK_QR' | 'KIOSK_PIN';
        device: string;
        /** Wrong PINs of the personnel number just before this PIN punch (decision 033). */
        failedPins?: number;
      },
    ): Promise<{ direction: 'IN' | 'OUT'; row: CheckRow }> {
      const nowMs = now();
      const open = await repository.findOpenCheck(companyId, employeeId);
      const staleOut = open ? await staleCloseOf(companyId, open, nowMs) : null;
      if (open && staleOut === null) {
        const outMs = Math.max(nowMs, open.checkIn.getTime() + 1);
        await assertPunchOpen(context, companyId, {
          employeeId,
          atMs: outMs,
          instants: [open.checkIn.getTime(), outMs],
          branchId: punch.branchId,
          direction: 'OUT',
        });
        const addSignals = await signalsOf(companyId, employeeId, {
          source: punch.source,
          atMs: outMs,
          branchId: punch.branchId,
          position: null,
          accuracy: null,
          branchRadius: null,
          device: null,
          closing: open,
          failedPins: punch.failedPins,
        });
        const closed = await repository.closeOpenCheck(companyId, open.id, new Date(outMs), {
          autoClosed: false,
          updatedBy: employeeId,
          addSignals,
        });
        if (!closed) throw AppError.conflict('Отметка уже закрыта: повторите');
        return { direction: 'OUT', row: (await repository.findCheck(companyId, open.id))! };
      }
      await assertPunchOpen(context, companyId, {
        employeeId,
        atMs: nowMs,
        branchId: punch.branchId,
        direction: 'IN',
      });
      if (open && staleOut !== null) {
        await autoClose(companyId, open, staleOut);
      }
      const signals = await signalsOf(companyId, employeeId, {
        source: punch.source,
        atMs: nowMs,
        branchId: punch.branchId,
        position: null,
        accuracy: null,
        branchRadius: null,
        device: punch.device,
        closing: null,
        failedPins: punch.failedPins,
      });
      let row: CheckRow | undefined;
      try {
        row = await repository.insertCheck(
          companyId,
          {
            employeeId,
            branchId: punch.branchId,
            checkIn: new Date(nowMs),
            checkOut: null,
            source: punch.source,
            device: punch.device,
            signals,
            apiKeyId: null,
            createdBy: employeeId,
          },
          { activeOnly: true, impersonatorId: null, idempotency: null },
        );
      } catch (error) {
        if (isExclusionViolation(error)) throw overlap();
        throw error;
      }
      if (!row) throw AppError.notFound('Филиал не найден');
      return { direction: 'IN', row };
    },
    /** Self check-in at the nearest allowed branch, on the server's clock. */
    async checkIn(
      auth: CompanyAuthContext,
      input: SelfCheckInput,
      info: RequestInfo,
    ): Promise<Check> {
      const nowMs = now();
      await assertPunchOpen(context, auth.companyId, {
        employeeId: auth.employeeId,
        atMs: nowMs,
        // The branch is not chosen yet (and an id sent by the device is not trusted here).
        branchId: null,
        direction: 'IN',
      });
      const open = await repository.findOpenCheck(auth.companyId, auth.employeeId);
      let staleOut: number | null = null;
      if (open) {
        staleOut = await staleCloseOf(auth.companyId, open, nowMs);
        if (staleOut === null) throw alreadyIn(open);
      }
      const branches = await repository.findSelfBranches(auth.companyId, auth.employeeId);
      if (branches.length === 0) {
        throw AppError.validation('branchId', 'В компании нет филиалов для отметки');
      }
      let chosen;
      if (input.branchId !== undefined) {
        const branch = branches.find((candidate) => candidate.id === input.branchId);
        if (!branch) throw AppError.validation('branchId', 'Этот филиал вам недоступен');
        chosen = geofence(branch, input, input.accuracy);
      } else {
        chosen = nearestBranch(branches, input, input.accuracy)!;
      }
      if (!chosen.inside) {
        await repository.insertRefusal(auth.companyId, {
          employeeId: auth.employeeId,
          branchId: chosen.branch.id,
          direction: 'IN',
          reason: 'OUTSIDE_ZONE',
          at: new Date(nowMs),
          distance: chosen.beyond,
          accuracy: input.accuracy ?? null,
        });
        const message = `Вы находитесь вне зоны филиала: ${formatDistance(chosen.beyond)}`;
        throw new AppError(ErrorCode.VALIDATION_ERROR, message, [{ field: 'latitude', message }]);
      }
      if (open && staleOut !== null) await autoClose(auth.companyId, open, staleOut);
      const device = deviceOf(info.userAgent);
      const signals = await signalsOf(auth.companyId, auth.employeeId, {
        source: 'WEB',
        atMs: nowMs,
        branchId: chosen.branch.id,
        position: { latitude: input.latitude, longitude: input.longitude },
        accuracy: input.accuracy ?? null,
        branchRadius: chosen.branch.radius,
        device,
        closing: null,
      });
      let row: CheckRow | undefined;
      try {
        row = await repository.insertCheck(
          auth.companyId,
          {
            employeeId: auth.employeeId,
            branchId: chosen.branch.id,
            checkIn: new Date(nowMs),
            checkOut: null,
            source: 'WEB',
            inLatitude: input.latitude,
            inLongitude: input.longitude,
            inAccuracy: input.accuracy ?? null,
            inDistance: chosen.distance,
            device,
            signals,
            apiKeyId: null,
            createdBy: auth.employeeId,
          },
          { activeOnly: false, impersonatorId: auth.impersonatorId, idempotency: null },
        );
      } catch (error) {
        if (isExclusionViolation(error)) throw await overlapMessageFor(auth, auth.employeeId);
        throw error;
      }
      if (!row) throw AppError.notFound('Филиал не найден');
      return toCheck(row);
    },
    /** Self check-out of the open check, at its branch, on the server's clock. */
    async checkOut(auth: CompanyAuthContext, input: SelfCheckOutInput): Promise<Check> {
      const nowMs = now();
      const open = await repository.findOpenCheck(auth.companyId, auth.employeeId);
      if (!open) throw AppError.conflict('Нет открытой отметки прихода');
      const staleOut = await staleCloseOf(auth.companyId, open, nowMs);
      if (staleOut !== null) {
        await autoClose(auth.companyId, open, staleOut);
        throw AppError.conflict(
          'Нет открытой отметки прихода: прошлая отметка закрыта автоматически по окончании смены',
        );
      }
      const branches = await repository.findSelfBranches(auth.companyId, auth.employeeId);
      const branch =
        branches.find((candidate) => candidate.id === open.branchId) ??
        (await repository.findBranchGeo(auth.companyId, open.branchId));
      if (!branch) throw AppError.notFound('Филиал не найден');
      const result = geofence(branch, input, input.accuracy);
      if (!result.inside) {
        await repository.insertRefusal(auth.companyId, {
          employeeId: auth.employeeId,
          branchId: branch.id,
          direction: 'OUT',
          reason: 'OUTSIDE_ZONE',
          at: new Date(nowMs),
          distance: result.beyond,
          accuracy: input.accuracy ?? null,
        });
        const message = `Вы находитесь вне зоны филиала: ${formatDistance(result.beyond)}`;
        throw new AppError(ErrorCode.VALIDATION_ERROR, message, [{ field: 'latitude', message }]);
      }
      const outMs = Math.max(nowMs, open.checkIn.getTime() + 1);
      await assertPunchOpen(context, auth.companyId, {
        employeeId: auth.employeeId,
        atMs: outMs,
        instants: [open.checkIn.getTime(), outMs],
        branchId: open.branchId,
        direction: 'OUT',
      });
      const addSignals = await signalsOf(auth.companyId, auth.employeeId, {
        source: 'WEB',
        atMs: outMs,
        branchId: open.branchId,
        position: { latitude: input.latitude, longitude: input.longitude },
        accuracy: input.accuracy ?? null,
        branchRadius: branch.radius,
        device: null,
        closing: open,
      });
      const closed = await repository.closeOpenCheck(auth.companyId, open.id, new Date(outMs), {
        autoClosed: false,
        updatedBy: auth.employeeId,
        addSignals,
        outLatitude: input.latitude,
        outLongitude: input.longitude,
        outAccuracy: input.accuracy ?? null,
        outDistance: result.distance,
      });
      if (!closed) throw AppError.conflict('Нет открытой отметки прихода');
      return toCheck((await repository.findCheck(auth.companyId, open.id))!);
    },
  };
}
