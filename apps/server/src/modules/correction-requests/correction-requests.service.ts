/**
 * An employee's correction requests (decision 025): the employee asks for their own date, sees
 * and withdraws their requests; a manager of their scope or an admin approves — writing through
 * the checks' corrections or the timesheet's overrides, in one transaction with the decision —
 * or rejects with a reason. The employee hears the answer.
 */
import {
  type CorrectionRequest,
  type CorrectionStatus,
  ErrorCode,
  type CreateCorrectionRequestInputSchema,
  type ListCorrectionRequestsQuery,
  type Page,
  type PendingCorrectionsCount,
  type RejectCorrectionRequestInput,
  type TimesheetCode,
  isHourlyCorrectionCode,
} from '@smena/contract';
import { addDays, localDateOf, wallTimeToMs } from '@smena/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isExclusionViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { applyRequestedCheck, OVERLAP_MESSAGE } from '../checks/index.ts';
import { notifyCorrectionDecided, notifyCorrectionRequested } from '../notifications/index.ts';
import { writeTimesheetDay } from '../reports/index.ts';
import {
  type CorrectionRequestRow,
  createCorrectionRequestsRepository,
} from './correction-requests.repository.ts';

export type CreateCorrectionRequestValues = z.output<typeof CreateCorrectionRequestInputSchema>;

const notFound = () => AppError.notFound('Запрос на исправление не найден');
const PENDING_MESSAGE = 'На эту дату уже есть запрос на рассмотрении';
/** Device clocks run a little ahead: a time this far in the future is still "now". */
const CLOCK_SKEW_MS = 2 * 60_000;

export function toCorrectionRequest(row: CorrectionRequestRow): CorrectionRequest {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: row.employeeName ?? '',
    date: row.date,
    kind: row.kind,
    branchId: row.branchId,
    branchTitle: row.branchTitle,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    code: row.code as TimesheetCode | null,
    minutes: row.minutes,
    comment: row.comment,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedById: row.decidedBy,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    reason: row.reason,
  };
}

/** The local midnights that bound a date in a zone. */
function dayBounds(date: string, timezone: string) {
  return {
    dayStartMs: wallTimeToMs(date, '00:00', timezone),
    dayEndMs: wallTimeToMs(addDays(date, 1), '00:00', timezone),
  };
}

/** What a decided request's history entries say: whose request it was and why. */
function historyReason(row: CorrectionRequestRow): string {
  return `Запрос сотрудника на исправление №${row.id}: ${row.comment}`;
}

function assertStillPending(status: CorrectionStatus): void {
  if (status === 'WITHDRAWN') throw AppError.conflict('Сотрудник отозвал этот запрос');
  if (status !== 'PENDING') throw AppError.conflict('Запрос уже рассмотрен');
}

export type CorrectionRequestsService = ReturnType<typeof createCorrectionRequestsService>;

export function createCorrectionRequestsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createCorrectionRequestsRepository(db);

  async function getRequest(auth: CompanyAuthContext, id: number): Promise<CorrectionRequest> {
    const row = await repository.findRequest(auth.companyId, id);
    if (!row) throw notFound();
    return toCorrectionRequest(row);
  }

  /**
   * A manager's decision, under the request's row lock: a second decision (or a withdrawal)
   * waits for the first and then finds the request no longer waiting (409).
   */
  async function decide(
    auth: CompanyAuthContext,
    id: number,
    apply: (row: CorrectionRequestRow, tx: Tx) => Promise<void>,
  ): Promise<CorrectionRequest> {
    try {
      await db.transaction(async (tx) => {
        const repo = createCorrectionRequestsRepository(tx);
        if (!(await repo.lockRequest(auth.companyId, id, auth.scope))) throw notFound();
        const row = (await repo.findRequest(auth.companyId, id))!;
        if (row.employeeId === auth.employeeId)
          throw AppError.forbidden('Свой запрос на исправление рассматривает другой руководитель');
        assertStillPending(row.status);
        await apply(row, tx);
      });
    } catch (error) {
      if (isExclusionViolation(error)) throw AppError.conflict(OVERLAP_MESSAGE);
      // The asked values no longer fit the date as it is now (the check was changed since):
      // the request cannot be applied as it stands, which is a conflict, not a bad body.
      if (error instanceof AppError && error.code === ErrorCode.VALIDATION_ERROR)
        throw AppError.conflict(`Запрос нельзя применить: ${error.message}`);
      throw error;
    }
    return getRequest(auth, id);
  }

  return {
    /** The caller asks to correct their own date; the managers who see them are told. */
    async createRequest(
      auth: CompanyAuthContext,
      input: CreateCorrectionRequestValues,
    ): Promise<CorrectionRequest> {
      // Always one's own: another employee's id is not found, whoever asks.
      if (input.employeeId !== undefined && input.employeeId !== auth.employeeId)
        throw AppError.notFound('Сотрудник не найден');
      const employeeId = auth.employeeId;
      const asker = await repository.findAsker(auth.companyId, employeeId);
      if (!asker) throw AppError.notFound('Сотрудник не найден');
      if (asker.hireDate && input.date < asker.hireDate)
        throw AppError.validation('date', `Раньше даты приёма на работу (${asker.hireDate})`);
      if (asker.dismissedAt && input.date > asker.dismissedAt)
        throw AppError.validation('date', 'В эту дату вы уже не работали в компании');
      const nowMs = now();

      let branchId: number | null = null;
      if (input.kind === 'DAY_CODE') {
        if (input.date > localDateOf(nowMs, asker.companyTimezone))
          throw AppError.validation('date', 'Эта дата ещё не наступила');
      } else {
        const branch = await repository.findBranch(auth.companyId, input.branchId!);
        if (!branch) throw AppError.validation('branchId', 'Филиал не найден');
        if (!branch.active) throw AppError.validation('branchId', 'Филиал в архиве');
        branchId = branch.id;
        if (input.date > localDateOf(nowMs, branch.timezone))
          throw AppError.validation('date', 'Эта дата ещё не наступила');
        for (const field of ['checkIn', 'checkOut'] as const) {
          const time = input[field];
          if (time && wallTimeToMs(input.date, time, branch.timezone) > nowMs + CLOCK_SKEW_MS)
            throw AppError.validation(
              field,
              field === 'checkIn'
                ? 'Время прихода ещё не наступило'
                : 'Время ухода ещё не наступило',
            );
        }
        if (input.kind === 'MISSED_CHECK' && !(input.checkIn && input.checkOut)) {
          const { dayStartMs, dayEndMs } = dayBounds(input.date, branch.timezone);
          if (!(await repository.hasCheckBetween(auth.companyId, employeeId, dayStartMs, dayEndMs)))
            throw AppError.validation(
              input.checkIn ? 'checkOut' : 'checkIn',
              'За эту дату отметок нет: укажите и приход, и уход',
            );
        }
      }
      if (await repository.hasPending(auth.companyId, employeeId, input.date))
        throw AppError.validation('date', PENDING_MESSAGE);

      const hourly = input.code !== undefined && isHourlyCorrectionCode(input.code);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const requestId = await createCorrectionRequestsRepository(tx).insertRequest(
            auth.companyId,
            {
              employeeId,
              date: input.date,
              kind: input.kind,
              branchId,
              checkIn: input.kind === 'DAY_CODE' ? null : (input.checkIn ?? null),
              checkOut: input.kind === 'DAY_CODE' ? null : (input.checkOut ?? null),
              code: input.kind === 'DAY_CODE' ? (input.code ?? null) : null,
              minutes: input.kind === 'DAY_CODE' && hourly ? (input.minutes ?? null) : null,
              comment: input.comment,
            },
          );
          // The managers' notification commits with the request, or neither does.
          await notifyCorrectionRequested(tx, {
            companyId: auth.companyId,
            requestId,
            employeeId,
            kind: input.kind,
            date: input.date,
          });
          return requestId;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.validation('date', PENDING_MESSAGE);
        throw error;
      }
      return getRequest(auth, id);
    },

    async listMine(
      auth: CompanyAuthContext,
      query: ListCorrectionRequestsQuery,
    ): Promise<Page<CorrectionRequest>> {
      const { items, total } = await repository.findRequests(
        auth.companyId,
        { status: query.status, onlyEmployeeId: auth.employeeId },
        query,
      );
      return pageResult(items.map(toCorrectionRequest), total, query);
    },

    /** A manager's list: the requests of their scope's employees, newest first. */
    async listRequests(
      auth: CompanyAuthContext,
      query: ListCorrectionRequestsQuery,
    ): Promise<Page<CorrectionRequest>> {
      const { items, total } = await repository.findRequests(
        auth.companyId,
        { ...query, scope: auth.scope },
        query,
      );
      return pageResult(items.map(toCorrectionRequest), total, query);
    },

    async countPending(auth: CompanyAuthContext): Promise<PendingCorrectionsCount> {
      return { count: await repository.countPending(auth.companyId, auth.scope) };
    },

    /**
     * Approval: the asked check is corrected or created (checks' corrections, with history), or
     * the date's code set (the timesheet's overrides, with history), the request marked approved
     * and the employee notified — all or nothing.
     */
    approveRequest: (auth: CompanyAuthContext, id: number) =>
      decide(auth, id, async (row, tx) => {
        const reason = historyReason(row);
        let checkId: number | null = null;
        if (row.kind === 'DAY_CODE') {
          const code = row.code as TimesheetCode;
          await writeTimesheetDay(tx, auth, {
            employeeId: row.employeeId,
            date: row.date,
            entries: [{ code, minutes: isHourlyCorrectionCode(code) ? row.minutes : null }],
            reason,
          });
        } else {
          if (row.branchId === null || row.branchTimezone === null)
            throw AppError.conflict('Филиал запроса удалён: исправьте отметку вручную');
          const at = (time: string | null) =>
            time === null ? null : wallTimeToMs(row.date, time, row.branchTimezone!);
          checkId = await applyRequestedCheck(
            tx,
            auth,
            {
              employeeId: row.employeeId,
              branchId: row.branchId,
              ...dayBounds(row.date, row.branchTimezone),
              checkInMs: at(row.checkIn),
              checkOutMs: at(row.checkOut),
              mode: row.kind === 'OTHER_BRANCH' ? 'CREATE' : 'CORRECT',
              reason,
            },
            now(),
          );
        }
        const repo = createCorrectionRequestsRepository(tx);
        if (
          !(await repo.settle(auth.companyId, row.id, {
            status: 'APPROVED',
            decidedBy: auth.employeeId,
            checkId,
          }))
        )
          throw AppError.conflict('Запрос уже рассмотрен');
        await notifyCorrectionDecided(tx, {
          companyId: auth.companyId,
          requestId: row.id,
          employeeId: row.employeeId,
          date: row.date,
          approved: true,
          reason: null,
        });
      }),

    rejectRequest: (auth: CompanyAuthContext, id: number, input: RejectCorrectionRequestInput) =>
      decide(auth, id, async (row, tx) => {
        const repo = createCorrectionRequestsRepository(tx);
        if (
          !(await repo.settle(auth.companyId, row.id, {
            status: 'REJECTED',
            decidedBy: auth.employeeId,
            reason: input.reason,
          }))
        )
          throw AppError.conflict('Запрос уже рассмотрен');
        await notifyCorrectionDecided(tx, {
          companyId: auth.companyId,
          requestId: row.id,
          employeeId: row.employeeId,
          date: row.date,
          approved: false,
          reason: input.reason,
        });
      }),

    /** The employee takes back their own request while it waits; anyone else's is not found. */
    async withdrawRequest(auth: CompanyAuthContext, id: number): Promise<CorrectionRequest> {
      await db.transaction(async (tx) => {
        const repo = createCorrectionRequestsRepository(tx);
        if (!(await repo.lockRequest(auth.companyId, id))) throw notFound();
        const row = (await repo.findRequest(auth.companyId, id))!;
        if (row.employeeId !== auth.employeeId) throw notFound();
        assertStillPending(row.status);
        await repo.settle(auth.companyId, id, { status: 'WITHDRAWN', decidedBy: auth.employeeId });
      });
      return getRequest(auth, id);
    },
  };
}
