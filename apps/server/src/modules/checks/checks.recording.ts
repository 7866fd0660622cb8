/**
 * Recording checks from outside a person's own phone: a manager's or an API key's check
 * (`POST /checks/create`, idempotent) and a terminal's punch.
 */
import { createHash } from 'node:crypto';
import type { Check, PunchInput, PunchResult } from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isExclusionViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { deviceOf, toCheck } from './checks.mappers.ts';
import { type CheckRow, checkSnapshot, createChecksRepository } from './checks.repository.ts';
import { PUNCH_MAX_OPEN_MS, pairPunches, punchChanges, punchOutcome } from './punch-pairing.ts';
import {
  type ChecksContext,
  type CreateCheckValues,
  type RequestInfo,
  PUNCH_MAX_AGE_MS,
  notFound,
  overlap,
  changedBy,
  assertNotFuture,
} from './checks.shared.ts';

const PUNCH_REPAIR_REASON = 'Отметки терминала пересчитаны по событиям устройства';

/** Key and body of an idempotent create, compared by their meaning (instants as epoch ms). */
function requestHashOf(input: CreateCheckValues): string {
  const canonical = JSON.stringify([
    'checks/create',
    input.employeeId,
    input.branchId,
    Date.parse(input.checkInDateTime),
    input.checkOutDateTime ? Date.parse(input.checkOutDateTime) : null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export function createCheckRecording(context: ChecksContext) {
  const { db, now, repository } = context;

  async function refusalForMissingInsert(
    auth: CompanyAuthContext,
    employeeId: number,
    branchId: number,
  ): Promise<AppError> {
    const refs = await repository.findReferences(auth.companyId, employeeId, branchId);
    if (!refs.employee) return AppError.notFound('Сотрудник не найден');
    if (!refs.branch) return AppError.notFound('Филиал не найден');
    if (refs.employee.status !== 'ACTIVE') {
      return AppError.validation('employeeId', 'Сотрудник уволен или деактивирован');
    }
    return AppError.validation('branchId', 'Филиал в архиве');
  }
  function assertKeyBranch(auth: CompanyAuthContext, branchId: number) {
    const bound = auth.apiKey?.branchId;
    if (bound != null && bound !== branchId) {
      throw AppError.forbidden('Этот API-ключ привязан к другому филиалу');
    }
  }

  return {
    /**
     * `POST /checks/create` for managers and API keys. One statement writes the check, its
     * history and the Idempotency-Key; a repeat of the key answers the first check.
     */
    async createCheck(
      auth: CompanyAuthContext,
      input: CreateCheckValues,
      info: RequestInfo,
    ): Promise<{ check: Check; replayed: boolean }> {
      const nowMs = now();
      const inMs = Date.parse(input.checkInDateTime);
      const outMs = input.checkOutDateTime ? Date.parse(input.checkOutDateTime) : null;
      assertNotFuture('checkInDateTime', inMs, nowMs, 'Время прихода ещё не наступило');
      if (outMs !== null) {
        assertNotFuture('checkOutDateTime', outMs, nowMs, 'Время ухода ещё не наступило');
      }
      assertKeyBranch(auth, input.branchId);
      const idempotency = info.idempotencyKey
        ? { key: info.idempotencyKey, requestHash: requestHashOf(input) }
        : null;

      const replay = async (): Promise<{ check: Check; replayed: boolean } | null> => {
        if (!idempotency) return null;
        const stored = await repository.findIdempotencyKey(auth.companyId, idempotency.key);
        if (!stored) return null;
        if (stored.requestHash !== idempotency.requestHash) {
          throw AppError.validation(
            'Idempotency-Key',
            'Этот ключ идемпотентности уже использован с другими данными',
          );
        }
        const row = await repository.findCheck(auth.companyId, stored.checkId, {
          withDeleted: true,
        });
        if (!row) throw notFound();
        return { check: toCheck(row), replayed: true };
      };

      let row: CheckRow | undefined;
      try {
        row = await repository.insertCheck(
          auth.companyId,
          {
            employeeId: input.employeeId,
            branchId: input.branchId,
            checkIn: new Date(inMs),
            checkOut: outMs === null ? null : new Date(outMs),
            source: auth.apiKey ? 'API' : 'MANUAL',
            device: deviceOf(info.userAgent),
            apiKeyId: auth.apiKey?.id ?? null,
            createdBy: changedBy(auth),
          },
          {
            activeOnly: auth.apiKey !== undefined,
            impersonatorId: auth.impersonatorId,
            idempotency,
          },
        );
      } catch (error) {
        if (isUniqueViolation(error) || isExclusionViolation(error)) {
          const replayed = await replay();
          if (replayed) return replayed;
        }
        if (isExclusionViolation(error)) throw overlap();
        throw error;
      }
      if (!row) throw await refusalForMissingInsert(auth, input.employeeId, input.branchId);
      return { check: toCheck(row), replayed: false };
    },
    /**
     * A terminal's event. The punch is stored, then the employee's terminal checks from the
     * one before it on are re-paired from the stored punches (see punch-pairing.ts), so late
     * and out-of-order events give the same checks as punctual ones.
     */
    async punch(
      auth: CompanyAuthContext,
      input: PunchInput,
      info: RequestInfo,
    ): Promise<PunchResult> {
      const nowMs = now();
      const atMs = Date.parse(input.time);
      assertNotFuture('time', atMs, nowMs, 'Время события ещё не наступило');
      if (atMs < nowMs - PUNCH_MAX_AGE_MS) {
        throw AppError.validation('time', 'Событие старше 72 часов: внесите отметку вручную');
      }
      assertKeyBranch(auth, input.branchId);
      const employee = await repository.findPunchEmployee(auth.companyId, input);
      if (!employee) throw AppError.notFound('Сотрудник не найден');
      if (employee.status !== 'ACTIVE') {
        throw AppError.validation('employeeId', 'Сотрудник уволен или деактивирован');
      }
      const branch = await repository.findBranchState(auth.companyId, input.branchId);
      if (!branch) throw AppError.notFound('Филиал не найден');
      if (!branch.active) throw AppError.validation('branchId', 'Филиал в архиве');

      try {
        return await db.transaction(async (tx) => {
          const repo = createChecksRepository(tx);
          await repo.lockEmployeeChecks(employee.id);
          const inserted = await repo.insertPunch(auth.companyId, {
            deviceEventId: input.deviceEventId,
            employeeId: employee.id,
            branchId: input.branchId,
            at: new Date(atMs),
            apiKeyId: auth.apiKey?.id ?? null,
          });
          if (!inserted) {
            const seen = await repo.findPunchByEvent(auth.companyId, input.deviceEventId);
            const row = seen
              ? await repo.findCheckAt(auth.companyId, seen.employeeId, seen.at)
              : undefined;
            return { result: 'DUPLICATE' as const, check: row ? toCheck(row) : null };
          }

          const before = await repo.findTerminalCheckBefore(
            auth.companyId,
            employee.id,
            new Date(atMs),
          );
          const reaches =
            before &&
            (before.checkOut === null || before.checkOut.getTime() >= atMs - PUNCH_MAX_OPEN_MS);
          const since = reaches ? before.checkIn : new Date(atMs);
          const [punches, stored] = await Promise.all([
            repo.findPunchesSince(auth.companyId, employee.id, since),
            repo.findTerminalChecksSince(auth.companyId, employee.id, since),
          ]);
          const paired = pairPunches(
            punches.map((punch) => ({ atMs: punch.at.getTime(), branchId: punch.branchId })),
          );
          const changes = punchChanges(
            stored.map((check) => ({
              id: check.id,
              inMs: check.checkIn.getTime(),
              outMs: check.checkOut?.getTime() ?? null,
              autoClosed: check.autoClosed,
            })),
            paired,
          );
          const storedById = new Map(stored.map((check) => [check.id, check]));
          const history = (
            checkId: number,
            action: 'UPDATE' | 'DELETE',
            after: ReturnType<typeof checkSnapshot> | null,
          ) =>
            repo.insertHistory(auth.companyId, {
              checkId,
              action,
              changedBy: null,
              impersonatorId: null,
              reason: PUNCH_REPAIR_REASON,
              before: checkSnapshot(storedById.get(checkId)!),
              after,
            });
          // Shrink before growing, so that no intermediate state overlaps.
          for (const id of changes.remove) {
            await repo.updateCheck(auth.companyId, id, { deletedAt: new Date(nowMs) }, null);
            await history(id, 'DELETE', null);
          }
          const isShrink = (change: { id: number; outMs: number | null }) => {
            const old = storedById.get(change.id)!.checkOut?.getTime() ?? Infinity;
            return change.outMs !== null && change.outMs < old;
          };
          const applyUpdate = async (change: (typeof changes.update)[number]) => {
            const current = storedById.get(change.id)!;
            const checkOut = change.outMs === null ? null : new Date(change.outMs);
            await repo.updateCheck(
              auth.companyId,
              change.id,
              { checkOut, autoClosed: change.autoClosed },
              null,
            );
            await history(
              change.id,
              'UPDATE',
              checkSnapshot({ ...current, checkOut, autoClosed: change.autoClosed }),
            );
          };
          for (const change of changes.update.filter(isShrink)) await applyUpdate(change);
          for (const check of changes.insert) {
            await repo.insertCheck(
              auth.companyId,
              {
                employeeId: employee.id,
                branchId: check.branchId,
                checkIn: new Date(check.inMs),
                checkOut: check.outMs === null ? null : new Date(check.outMs),
                source: 'TERMINAL',
                autoClosed: check.autoClosed,
                device: deviceOf(info.userAgent),
                apiKeyId: auth.apiKey?.id ?? null,
                createdBy: null,
              },
              { activeOnly: false, impersonatorId: null, idempotency: null },
            );
          }
          for (const change of changes.update.filter((change) => !isShrink(change))) {
            await applyUpdate(change);
          }

          const outcome = punchOutcome(paired, atMs);
          const row =
            outcome.result === 'DUPLICATE'
              ? undefined
              : await repo.findCheckAt(auth.companyId, employee.id, new Date(atMs));
          return { result: outcome.result, check: row ? toCheck(row) : null };
        });
      } catch (error) {
        if (isExclusionViolation(error)) throw overlap();
        throw error;
      }
    },
  };
}
