import {
  COMPANY_WIDE_DAY_OFF_TYPES,
  ErrorCode,
  dayOffMessages,
  dayOffTypeLabels,
  type CreateDayOffInputSchema,
  type DayOff,
  type DayOffType,
  type DecideDayOffInput,
  type ListDayOffsQuery,
  type Page,
  type RequestDayOffInputSchema,
  type UpdateDayOffInput,
} from '@smena/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { pageResult } from '../../lib/pagination.ts';
import { notifyDayOffRequested } from '../notifications/index.ts';
import { toDayOff } from './day-offs.mappers.ts';
import { createDayOffsRepository } from './day-offs.repository.ts';
import { isLimitedScope } from '../../db/employee-scope.ts';
import { createPeriodLock } from '../periods/index.ts';

export type CreateDayOffValues = z.output<typeof CreateDayOffInputSchema>;
export type RequestDayOffValues = z.output<typeof RequestDayOffInputSchema>;

const notFound = () => AppError.notFound('Отсутствие не найдено');

type Entry = { employeeId: number | null; type: DayOffType; from: string; to: string };

const isManager = (auth: CompanyAuthContext) => auth.role === 'ADMIN' || auth.role === 'MANAGER';

/**
 * A company-wide entry concerns every employee: a manager limited to some branches and
 * departments sees it but does not write it (decision 016).
 */
function assertMayWriteCompanyWide(auth: CompanyAuthContext, employeeId: number | null): void {
  if (employeeId === null && isLimitedScope(auth.scope)) {
    throw AppError.forbidden(
      'Отсутствия всей компании задаёт администратор или менеджер всей компании',
    );
  }
}

/** What a date range and an owner must satisfy, whichever way the entry was written. */
function assertEntryRules(entry: Entry): void {
  if (entry.to < entry.from) throw AppError.validation('to', dayOffMessages.toBeforeFrom);
  if (entry.employeeId === null && !COMPANY_WIDE_DAY_OFF_TYPES.includes(entry.type))
    throw AppError.validation('type', dayOffMessages.companyWideType);
}

export type DayOffsService = ReturnType<typeof createDayOffsService>;

export function createDayOffsService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createDayOffsRepository(db);
  const lock = createPeriodLock(db);

  /**
   * An approved month of the entry's dates refuses every write that changes attendance
   * (decision 022): a company-wide entry against any unit's approval, a person's against theirs.
   */
  function assertOpen(
    tx: Tx | Db,
    companyId: number,
    ...entries: { employeeId: number | null; from: string; to: string }[]
  ) {
    return (tx === db ? lock : createPeriodLock(tx)).assertOpen(companyId, entries);
  }

  async function getDayOff(auth: CompanyAuthContext, dayOffId: number): Promise<DayOff> {
    const row = await repository.findDayOff(auth.companyId, dayOffId, auth.scope);
    // An employee sees their own entries and the company-wide ones; others do not exist for them.
    if (!row || (!isManager(auth) && row.employeeId !== null && row.employeeId !== auth.employeeId))
      throw notFound();
    return toDayOff(row);
  }

  /**
   * Inside a transaction that locked the owner: refuses an entry overlapping another requested
   * or approved one of the same employee (or another company-wide one), naming it.
   */
  async function assertNoOverlap(tx: Tx, companyId: number, entry: Entry, excludeId?: number) {
    const other = await createDayOffsRepository(tx).findOverlapping(
      companyId,
      entry.employeeId,
      entry.from,
      entry.to,
      excludeId,
    );
    if (other)
      throw AppError.conflict(
        `Пересекается с другим отсутствием: ${dayOffTypeLabels[other.type]} ${other.dateFrom} — ${other.dateTo}`,
      );
  }

  async function insertChecked(
    auth: CompanyAuthContext,
    entry: Entry & { comment: string },
    status: 'REQUESTED' | 'APPROVED',
    afterInsert?: (tx: Tx, id: number) => Promise<void>,
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const repo = createDayOffsRepository(tx);
      assertMayWriteCompanyWide(auth, entry.employeeId);
      if (!(await repo.lockOwner(auth.companyId, entry.employeeId, auth.scope)))
        throw AppError.validation('employeeId', 'Сотрудник не найден');
      await assertNoOverlap(tx, auth.companyId, entry);
      await assertOpen(tx, auth.companyId, entry);
      const id = await repo.insertDayOff(auth.companyId, {
        employeeId: entry.employeeId,
        type: entry.type,
        dateFrom: entry.from,
        dateTo: entry.to,
        comment: entry.comment,
        status,
        createdBy: auth.employeeId,
        decidedBy: status === 'APPROVED' ? auth.employeeId : null,
        decidedAt: status === 'APPROVED' ? new Date() : null,
      });
      await afterInsert?.(tx, id);
      return id;
    });
  }

  async function decide(
    auth: CompanyAuthContext,
    dayOffId: number,
    status: 'APPROVED' | 'REJECTED',
    input: DecideDayOffInput,
  ): Promise<DayOff> {
    await db.transaction(async (tx) => {
      const repo = createDayOffsRepository(tx);
      const row = await repo.lockDayOff(auth.companyId, dayOffId, auth.scope);
      if (!row) throw notFound();
      assertMayWriteCompanyWide(auth, row.employeeId);
      if (row.status !== 'REQUESTED') throw AppError.conflict('Запрос уже рассмотрен');
      // A rejection changes no date; an approval plans the absence.
      if (status === 'APPROVED') {
        await assertOpen(tx, auth.companyId, {
          employeeId: row.employeeId,
          from: row.dateFrom,
          to: row.dateTo,
        });
      }
      await repo.decideDayOff(auth.companyId, dayOffId, {
        status,
        decidedBy: auth.employeeId,
        decisionComment: input.comment ?? '',
      });
    });
    return getDayOff(auth, dayOffId);
  }

  return {
    getDayOff,

    async listDayOffs(auth: CompanyAuthContext, query: ListDayOffsQuery): Promise<Page<DayOff>> {
      const { items, total } = await repository.findDayOffs(auth.companyId, query, {
        ...query,
        ...(isManager(auth) ? {} : { onlyEmployeeId: auth.employeeId }),
        employeeScope: auth.scope,
      });
      return pageResult(items.map(toDayOff), total, query);
    },

    /** A manager's entry, approved at once. */
    async createDayOff(auth: CompanyAuthContext, input: CreateDayOffValues): Promise<DayOff> {
      assertEntryRules(input);
      const id = await insertChecked(auth, input, 'APPROVED');
      return getDayOff(auth, id);
    },

    /** The caller asks for a day-off for themselves; a manager approves or rejects it. */
    async requestDayOff(auth: CompanyAuthContext, input: RequestDayOffValues): Promise<DayOff> {
      const entry = { ...input, employeeId: auth.employeeId };
      assertEntryRules(entry);
      // The managers' notification commits with the request, or neither does.
      const id = await insertChecked(auth, entry, 'REQUESTED', (tx, dayOffId) =>
        notifyDayOffRequested(tx, {
          companyId: auth.companyId,
          dayOffId,
          employeeId: auth.employeeId,
          type: entry.type,
          from: entry.from,
          to: entry.to,
          comment: entry.comment,
        }),
      );
      return getDayOff(auth, id);
    },

    approveDayOff: (auth: CompanyAuthContext, dayOffId: number, input: DecideDayOffInput) =>
      decide(auth, dayOffId, 'APPROVED', input),

    rejectDayOff: (auth: CompanyAuthContext, dayOffId: number, input: DecideDayOffInput) =>
      decide(auth, dayOffId, 'REJECTED', input),

    /** Any field; the result is checked as a new entry would be (a rejected one skips overlap). */
    async updateDayOff(
      auth: CompanyAuthContext,
      dayOffId: number,
      input: UpdateDayOffInput,
    ): Promise<DayOff> {
      await db.transaction(async (tx) => {
        const repo = createDayOffsRepository(tx);
        const current = await repo.lockDayOff(auth.companyId, dayOffId, auth.scope);
        if (!current) throw notFound();
        assertMayWriteCompanyWide(auth, current.employeeId);
        const entry: Entry = {
          employeeId: input.employeeId !== undefined ? input.employeeId : current.employeeId,
          type: input.type ?? current.type,
          from: input.from ?? current.dateFrom,
          to: input.to ?? current.dateTo,
        };
        assertEntryRules(entry);
        assertMayWriteCompanyWide(auth, entry.employeeId);
        if (entry.employeeId !== null && entry.employeeId !== current.employeeId) {
          if (!(await repo.isCompanyEmployee(auth.companyId, entry.employeeId, auth.scope)))
            throw AppError.validation('employeeId', 'Сотрудник не найден');
        }
        if (current.status !== 'REJECTED') {
          await assertOpen(
            tx,
            auth.companyId,
            { employeeId: current.employeeId, from: current.dateFrom, to: current.dateTo },
            entry,
          );
          await repo.lockOwner(auth.companyId, entry.employeeId);
          await assertNoOverlap(tx, auth.companyId, entry, dayOffId);
        }
        await repo.updateDayOff(auth.companyId, dayOffId, {
          employeeId: entry.employeeId,
          type: entry.type,
          dateFrom: entry.from,
          dateTo: entry.to,
          ...(input.comment !== undefined ? { comment: input.comment } : {}),
        });
      });
      return getDayOff(auth, dayOffId);
    },

    /** Managers delete any entry; an employee withdraws their own request while it waits. */
    async deleteDayOff(auth: CompanyAuthContext, dayOffId: number): Promise<void> {
      const row = await repository.findDayOff(auth.companyId, dayOffId, auth.scope);
      if (!row) throw notFound();
      if (isManager(auth)) assertMayWriteCompanyWide(auth, row.employeeId);
      if (!isManager(auth)) {
        if (row.employeeId !== auth.employeeId) throw notFound();
        if (row.status !== 'REQUESTED')
          throw new AppError(
            ErrorCode.FORBIDDEN,
            'Рассмотренное отсутствие может удалить только руководитель',
          );
      }
      if (row.status === 'APPROVED') {
        await assertOpen(db, auth.companyId, {
          employeeId: row.employeeId,
          from: row.dateFrom,
          to: row.dateTo,
        });
      }
      await repository.deleteDayOff(auth.companyId, dayOffId);
    },
  };
}
