/**
 * A manager's corrections: editing a check and deleting it, each with its reason in the history.
 */
import type { Check, DeleteCheckInput, UpdateCheckInput } from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isExclusionViolation } from '../../lib/db-errors.ts';
import { createPeriodLock } from '../periods/index.ts';
import { toCheck } from './checks.mappers.ts';
import { checkSnapshot, createChecksRepository } from './checks.repository.ts';
import {
  type ChecksContext,
  notFound,
  overlap,
  changedBy,
  assertNotFuture,
  instantsOf,
} from './checks.shared.ts';

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
          await createPeriodLock(tx).assertOpen(auth.companyId, [
            { employeeId: current.employeeId, instants: instantsOf(current) },
            { employeeId: current.employeeId, instants: instantsOf({ checkIn, checkOut }) },
          ]);
          assertNotFuture(
            'checkInDateTime',
            checkIn.getTime(),
            nowMs,
            'Время прихода ещё не наступило',
          );
          if (checkOut) {
            assertNotFuture(
              'checkOutDateTime',
              checkOut.getTime(),
              nowMs,
              'Время ухода ещё не наступило',
            );
            if (checkOut <= checkIn) {
              throw AppError.validation('checkOutDateTime', 'Уход должен быть позже прихода');
            }
          }
          if (
            branchId !== current.branchId &&
            !(await repo.findBranchState(auth.companyId, branchId))
          ) {
            throw AppError.validation('branchId', 'Филиал не найден');
          }
          const outChanged =
            (checkOut?.getTime() ?? null) !== (current.checkOut?.getTime() ?? null);
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
