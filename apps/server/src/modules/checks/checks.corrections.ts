/**
 * A manager's corrections: editing a check and deleting it, each with its reason in the history.
 */
import type { Check, DeleteCheckInput, UpdateCheckInput } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isExclusionViolation } from '../../lib/db-errors.ts';
import { createPeriodLock, type PeriodLock } from '../periods/index.ts';
import { toCheck } from './checks.mappers.ts';
import {
  type ChecksRepository,
  checkSnapshot,
  createChecksRepository,
} from './checks.repository.ts';
import {
  type ChecksContext,
  notFound,
  overlap,
  changedBy,
  assertNotFuture,
  instantsOf,
} from './checks.shared.ts';

/**
 * A correction of a locked check (the caller's transaction holds the row): the new values,
 * checked against the clock, and the history entry with its reason. The one write path of a
 * correction: `PATCH /checks/:id` and an approved correction request (decision 025) both use it.
 */
async function correctCheck(
  repo: ChecksRepository,
  lock: PeriodLock,
  auth: CompanyAuthContext,
  checkId: number,
  input: UpdateCheckInput,
  nowMs: number,
): Promise<void> {
  const current = (await repo.findCheck(auth.companyId, checkId))!;
  await repo.lockEmployeeChecks(current.employeeId);
  const checkIn = input.checkInDateTime ? new Date(input.checkInDateTime) : current.checkIn;
  const checkOut =
    input.checkOutDateTime === undefined
      ? current.checkOut
      : input.checkOutDateTime === null
        ? null
        : new Date(input.checkOutDateTime);
  const branchId = input.branchId ?? current.branchId;
  // Both the dates the check held and those it will hold must be open (decision 022).
  await lock.assertOpen(auth.companyId, [
    { employeeId: current.employeeId, instants: instantsOf(current) },
    { employeeId: current.employeeId, instants: instantsOf({ checkIn, checkOut }) },
  ]);
  assertNotFuture('checkInDateTime', checkIn.getTime(), nowMs, 'Время прихода ещё не наступило');
  if (checkOut) {
    assertNotFuture('checkOutDateTime', checkOut.getTime(), nowMs, 'Время ухода ещё не наступило');
    if (checkOut <= checkIn) {
      throw AppError.validation('checkOutDateTime', 'Уход должен быть позже прихода');
    }
  }
  if (branchId !== current.branchId && !(await repo.findBranchState(auth.companyId, branchId))) {
    throw AppError.validation('branchId', 'Филиал не найден');
  }
  const outChanged = (checkOut?.getTime() ?? null) !== (current.checkOut?.getTime() ?? null);
  const autoClosed = outChanged ? false : current.autoClosed;
  await repo.updateCheck(
    auth.companyId,
    checkId,
    { branchId, checkIn, checkOut, autoClosed },
    changedBy(auth),
  );
  await repo.insertHistory(auth.companyId, {
    checkId,
    action: 'UPDATE',
    changedBy: changedBy(auth),
    impersonatorId: auth.impersonatorId,
    reason: input.reason,
    before: checkSnapshot(current),
    after: checkSnapshot({ branchId, checkIn, checkOut, autoClosed }),
  });
}

/** What an approved correction request asks of the employee's checks (decision 025). */
export type RequestedCheck = {
  employeeId: number;
  branchId: number;
  /** The asked date's local midnight and the next one: the checks that began on it. */
  dayStartMs: number;
  dayEndMs: number;
  checkInMs: number | null;
  checkOutMs: number | null;
  /** CORRECT: the date's check is corrected (or one is created); CREATE: a check is added. */
  mode: 'CORRECT' | 'CREATE';
  reason: string;
};

/**
 * An approved correction request, written in the caller's transaction through the same path
 * as a manager's own correction: the date's check is corrected (the first of the date for an
 * asked check-in, the last for a check-out alone) with its history, or — when the date has
 * none, or the request is a check at another branch — a check is created with a CREATE entry
 * carrying the reason. Answers the check's id; an overlap fails on the exclusion constraint
 * (the caller maps it to 409).
 */
export async function applyRequestedCheck(
  tx: DbOrTx,
  auth: CompanyAuthContext,
  request: RequestedCheck,
  nowMs: number,
): Promise<number> {
  const repo = createChecksRepository(tx);
  await repo.lockEmployeeChecks(request.employeeId);
  const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());
  if (request.mode === 'CORRECT') {
    const { items } = await repo.findChecks(
      auth.companyId,
      {
        employeeId: request.employeeId,
        fromMs: request.dayStartMs,
        toMs: request.dayEndMs,
        scope: auth.scope,
      },
      null,
    );
    // Newest first: the last check of the date, then the first.
    const target = request.checkInMs !== null ? items[items.length - 1] : items[0];
    if (target) {
      if (!(await repo.lockCheck(auth.companyId, target.id, auth.scope))) throw notFound();
      await correctCheck(
        repo,
        createPeriodLock(tx),
        auth,
        target.id,
        {
          checkInDateTime: iso(request.checkInMs),
          checkOutDateTime: iso(request.checkOutMs),
          reason: request.reason,
        },
        nowMs,
      );
      return target.id;
    }
  }
  if (request.checkInMs === null || request.checkOutMs === null) {
    throw AppError.conflict('За эту дату нет отметки: нужны и приход, и уход');
  }
  assertNotFuture('checkIn', request.checkInMs, nowMs, 'Время прихода ещё не наступило');
  assertNotFuture('checkOut', request.checkOutMs, nowMs, 'Время ухода ещё не наступило');
  if (request.checkOutMs <= request.checkInMs)
    throw AppError.validation('checkOut', 'Уход должен быть позже прихода');
  await createPeriodLock(tx).assertOpen(auth.companyId, [
    { employeeId: request.employeeId, instants: [request.checkInMs, request.checkOutMs] },
  ]);
  const row = await repo.insertCheck(
    auth.companyId,
    {
      employeeId: request.employeeId,
      branchId: request.branchId,
      checkIn: new Date(request.checkInMs),
      checkOut: new Date(request.checkOutMs),
      source: 'MANUAL',
      device: '',
      apiKeyId: null,
      createdBy: changedBy(auth),
    },
    { activeOnly: false, impersonatorId: auth.impersonatorId, idempotency: null },
  );
  if (!row) throw AppError.validation('branchId', 'Филиал не найден');
  // The statement writes a CREATE entry only under impersonation (a closed check); otherwise
  // the entry is written here, so that the history keeps the request's reason.
  if (auth.impersonatorId === null) {
    await repo.insertHistory(auth.companyId, {
      checkId: row.id,
      action: 'CREATE',
      changedBy: changedBy(auth),
      impersonatorId: null,
      reason: request.reason,
      before: null,
      after: checkSnapshot(row),
    });
  }
  return row.id;
}

export function createCheckCorrections(context: ChecksContext) {
  const { db, now, repository } = context;

  return {
    /** A manager's correction: every change goes to the history with its reason. */
    async updateCheck(
      auth: CompanyAuthContext,
      checkId: number,
      input: UpdateCheckInput,
    ): Promise<Check> {
      const nowMs = now();
      try {
        await db.transaction(async (tx) => {
          const repo = createChecksRepository(tx);
          if (!(await repo.lockCheck(auth.companyId, checkId, auth.scope))) throw notFound();
          await correctCheck(repo, createPeriodLock(tx), auth, checkId, input, nowMs);
        });
      } catch (error) {
        if (isExclusionViolation(error)) throw overlap();
        throw error;
      }
      return toCheck((await repository.findCheck(auth.companyId, checkId))!);
    },
    /** Soft delete: the check leaves lists and reports, its history stays. */
    async deleteCheck(
      auth: CompanyAuthContext,
      checkId: number,
      input: DeleteCheckInput,
    ): Promise<{ result: 'deleted' }> {
      await db.transaction(async (tx) => {
        const repo = createChecksRepository(tx);
        if (!(await repo.lockCheck(auth.companyId, checkId, auth.scope))) throw notFound();
        const current = (await repo.findCheck(auth.companyId, checkId))!;
        await createPeriodLock(tx).assertOpen(auth.companyId, [
          { employeeId: current.employeeId, instants: instantsOf(current) },
        ]);
        await repo.updateCheck(
          auth.companyId,
          checkId,
          { deletedAt: new Date(now()) },
          changedBy(auth),
        );
        await repo.insertHistory(auth.companyId, {
          checkId,
          action: 'DELETE',
          changedBy: changedBy(auth),
          impersonatorId: auth.impersonatorId,
          reason: input.reason,
          before: checkSnapshot(current),
          after: null,
        });
      });
      return { result: 'deleted' };
    },
  };
}
