import {
  type BulkResult,
  type DeviationActionRecord,
  type DeviationActionType,
  type DeviationItem,
  type Deviations,
  type DeviationsCount,
  type DeviationType,
  type TimesheetEntry,
  type DeviationActionInputSchema,
  type DeviationsQuerySchema,
  MAX_DEVIATION_DAYS,
  actionFitsDeviation,
} from '@smena/contract';
import { type Employment, addDays, localDateOf, restDayEntries } from '@smena/time';
import type { z } from 'zod';
import { type Db, readAll } from '../../db/client.ts';
import type { EmployeeScope } from '../../db/employee-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { type CompanyAttendanceSettings, createAttendanceService } from '../attendance/index.ts';
import { type OnUnexpected, createBulkResult, reasonOf } from '../bulk/index.ts';
import {
  type ReportFilters,
  createReportsRepository,
  writeTimesheetDay,
} from '../reports/index.ts';
import {
  DEVIATION_TYPE_ORDER,
  type FoundDeviation,
  deviationsOfDays,
  deviationsOfEvents,
} from './deviations.derive.ts';
import { type DeviationActionRow, createDeviationsRepository } from './deviations.repository.ts';

type DeviationsQueryValues = z.output<typeof DeviationsQuerySchema>;
type DeviationActionValues = z.output<typeof DeviationActionInputSchema>;

const HOUR_MS = 3_600_000;
/** Every time zone is within this of UTC: a UTC range this much wider holds every local one. */
const ZONE_SLACK_MS = 14 * HOUR_MS;
/** Employees computed at once: bounds the memory of a big company's period. */
const PAGE_SIZE = 500;

const NOT_FOUND_EMPLOYEE = () => AppError.notFound('Сотрудник не найден');

type EmployeeRow = {
  id: number;
  name: string;
  hireDate: string | null;
  dismissedAt: string | null;
};

const employmentOf = (row: EmployeeRow): Employment => ({
  hireDate: row.hireDate,
  dismissalDate: row.dismissedAt,
});

type DeviationEvent = { atMs: number; value: number | null };

function eventsByEmployee(
  events: readonly (DeviationEvent & { employeeId: number })[],
): Map<number, DeviationEvent[]> {
  const result = new Map<number, DeviationEvent[]>();
  for (const { employeeId, ...event } of events) {
    const list = result.get(employeeId);
    if (list) list.push(event);
    else result.set(employeeId, [event]);
  }
  return result;
}

export const deviationKey = (employeeId: number, date: string, type: DeviationType) =>
  `${employeeId}:${date}:${type}`;

/** Collected deviations, with each employee-date's current T-13 codes (for a day of rest). */
type Collected = { items: DeviationItem[]; entriesOf: Map<string, TimesheetEntry[]> };

/**
 * The deviations inbox (decision 024): the deviations of a period computed from the attendance
 * module's answer and the stored refusals and corrections, their status from the actions taken,
 * and the actions themselves — a code through the timesheet's own override (with its history).
 */
export function createDeviationsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const attendance = createAttendanceService({ db, now });
  const reportsRepository = createReportsRepository(db);
  const repository = createDeviationsRepository(db);

  /** The filters' records must be the company's (and the employee in the scope): 404 otherwise. */
  async function assertFilters(companyId: number, scope: EmployeeScope, filters: ReportFilters) {
    const [branchOk, departmentTitle, employee] = await Promise.all([
      filters.branchId ? reportsRepository.findBranchTitle(companyId, filters.branchId) : true,
      filters.departmentId
        ? reportsRepository.findDepartmentTitle(companyId, filters.departmentId)
        : null,
      filters.employeeId
        ? reportsRepository.findEmployee(companyId, filters.employeeId, scope)
        : true,
    ]);
    if (!branchOk) throw AppError.notFound('Филиал не найден');
    if (departmentTitle === undefined) throw AppError.notFound('Отдел не найден');
    if (!employee) throw NOT_FOUND_EMPLOYEE();
  }

  /** Every deviation of the employees `from`–`to`, by date, name and type. */
  async function collect(
    companyId: number,
    rows: readonly EmployeeRow[],
    from: string,
    to: string,
    settings?: CompanyAttendanceSettings,
  ): Promise<Collected> {
    const items: DeviationItem[] = [];
    const entriesOf = new Map<string, TimesheetEntry[]>();
    const company = settings ?? (await attendance.companySettings(companyId));
    for (let start = 0; start < rows.length; start += PAGE_SIZE) {
      const page = rows.slice(start, start + PAGE_SIZE);
      const ids = page.map((row) => row.id);
      const fromMs = Date.parse(`${from}T00:00:00Z`) - ZONE_SLACK_MS;
      const toMs = Date.parse(`${addDays(to, 1)}T00:00:00Z`) + ZONE_SLACK_MS;
      const [computed, refusals, corrections, actions] = await readAll(db, [
        () =>
          attendance.employeesAttendance(
            companyId,
            page.map((row) => ({ id: row.id, employment: employmentOf(row) })),
            from,
            to,
            { company, withOverrides: true },
          ),
        () => repository.findRefusals(companyId, ids, fromMs, toMs),
        () => repository.findCorrections(companyId, ids, fromMs, toMs),
        () => repository.findActions(companyId, ids, from, to),
      ]);
      const actionsOf = new Map<string, DeviationActionRecord[]>();
      for (const action of actions) {
        const key = deviationKey(action.employeeId, action.date, action.type);
        const list = actionsOf.get(key) ?? [];
        list.push({
          action: action.action,
          code: (action.code as DeviationActionRecord['code']) ?? null,
          comment: action.comment,
          actedByName: action.actedByName,
          createdAt: action.createdAt.toISOString(),
        });
        actionsOf.set(key, list);
      }
      const refusalsFor = (reason: (typeof refusals)[number]['reason']) =>
        eventsByEmployee(
          refusals
            .filter((refusal) => refusal.reason === reason)
            .map((refusal) => ({
              employeeId: refusal.employeeId,
              atMs: refusal.at.getTime(),
              value: refusal.distance === null ? null : Math.round(refusal.distance),
            })),
        );
      const refusalsOf = refusalsFor('OUTSIDE_ZONE');
      const lateOf = refusalsFor('PERIOD_LOCKED');
      const correctionsOf = eventsByEmployee(
        corrections.map((correction) => ({
          employeeId: correction.employeeId,
          atMs: correction.checkIn.getTime(),
          value: null,
        })),
      );
      const found: (FoundDeviation & { name: string })[] = [];
      computed.forEach((employee, index) => {
        const row = page[index]!;
        const employment = employmentOf(row);
        for (const day of employee.days) entriesOf.set(`${row.id}:${day.date}`, day.entries);
        const events = (type: DeviationType, list: Map<number, DeviationEvent[]>) =>
          deviationsOfEvents(
            row.id,
            type,
            list.get(row.id) ?? [],
            employee.timezone,
            from,
            to,
            employment,
          );
        for (const deviation of [
          ...deviationsOfDays(
            row.id,
            employee.days,
            employment,
            employee.accountingPeriod !== null,
          ),
          ...events('OUTSIDE_ZONE', refusalsOf),
          ...events('AFTER_CLOSE', lateOf),
          ...events('MANUAL_CORRECTION', correctionsOf),
        ])
          found.push({ ...deviation, name: row.name });
      });
      for (const deviation of found) {
        const key = deviationKey(deviation.employeeId, deviation.date, deviation.type);
        const history = actionsOf.get(key) ?? [];
        const resolving = history.filter((record) => record.action !== 'COMMENT');
        const resolution = resolving[resolving.length - 1]?.action ?? null;
        items.push({
          kind: 'DEVIATION',
          key,
          employeeId: deviation.employeeId,
          employeeName: deviation.name,
          date: deviation.date,
          type: deviation.type,
          amount: deviation.amount,
          status: resolution ? 'RESOLVED' : 'NEW',
          resolution,
          actions: history,
        });
      }
    }
    const order = new Map(DEVIATION_TYPE_ORDER.map((type, index) => [type, index]));
    items.sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.employeeName.localeCompare(b.employeeName, 'ru') ||
        a.employeeId - b.employeeId ||
        order.get(a.type)! - order.get(b.type)!,
    );
    return { items, entriesOf };
  }

  function countNew(items: readonly DeviationItem[]) {
    const byType: Partial<Record<DeviationType, number>> = {};
    for (const item of items)
      if (item.status === 'NEW') byType[item.type] = (byType[item.type] ?? 0) + 1;
    return byType;
  }

  return {
    /** The inbox of a period, with the filters; the counts of new ones by type ignore type and status. */
    async list(auth: CompanyAuthContext, query: DeviationsQueryValues): Promise<Deviations> {
      const { companyId, scope } = auth;
      await assertFilters(companyId, scope, query);
      const rows = await reportsRepository.findEmployees(
        companyId,
        query,
        query.from,
        query.to,
        scope,
      );
      const { items } = await collect(companyId, rows, query.from, query.to);
      const shown = items.filter(
        (item) =>
          (query.type === undefined || item.type === query.type) &&
          (query.status === undefined || item.status === query.status),
      );
      return {
        from: query.from,
        to: query.to,
        items: shown,
        newByType: countNew(items),
      };
    },

    /** New deviations of the current month up to today, for the side menu. */
    async count(auth: CompanyAuthContext): Promise<DeviationsCount> {
      const { companyId, scope } = auth;
      const company = await attendance.companySettings(companyId);
      const today = localDateOf(now(), company.timezone);
      const from = `${today.slice(0, 8)}01`;
      const rows = await reportsRepository.findEmployees(companyId, {}, from, today, scope);
      const { items } = await collect(companyId, rows, from, today, company);
      return { new: items.filter((item) => item.status === 'NEW').length };
    },

    /**
     * One action on deviations, each item on its own: an item that is no longer a deviation or
     * that the action does not fit is refused with its reason, the others are applied. An
     * employee outside the company or the caller's scope answers 404 and nothing is written.
     */
    async act(
      auth: CompanyAuthContext,
      input: DeviationActionValues,
      onUnexpected: OnUnexpected,
    ): Promise<BulkResult> {
      const { companyId, scope } = auth;
      const ids = [...new Set(input.items.map((item) => item.employeeId))];
      const rows = await repository.findEmployeesByIds(companyId, ids, scope);
      if (rows.length !== ids.length) throw NOT_FOUND_EMPLOYEE();
      const dates = input.items.map((item) => item.date).sort();
      const from = dates[0]!;
      const to = dates[dates.length - 1]!;
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > MAX_DEVIATION_DAYS)
        throw AppError.validation(
          'items',
          `Отклонения одного действия — не больше ${MAX_DEVIATION_DAYS} дней`,
        );
      const { items, entriesOf } = await collect(companyId, rows, from, to);
      const existing = new Map(items.map((item) => [item.key, item]));
      const nameOf = new Map(rows.map((row) => [row.id, row.name]));
      const result = createBulkResult();
      const done = new Set<string>();
      const rowsToInsert: DeviationActionRow[] = [];
      const record = (
        item: { employeeId: number; date: string; type: DeviationType },
        action: DeviationActionType,
      ): DeviationActionRow => ({
        companyId,
        employeeId: item.employeeId,
        date: item.date,
        type: item.type,
        action,
        code: input.code ?? null,
        comment: input.comment,
        actedBy: auth.employeeId,
        impersonatorId: auth.impersonatorId,
      });
      for (const item of input.items) {
        const key = deviationKey(item.employeeId, item.date, item.type);
        if (done.has(key)) continue;
        done.add(key);
        const fail = (reason: string) =>
          result.fail({
            employeeId: item.employeeId,
            date: item.date,
            name: nameOf.get(item.employeeId) ?? '',
            reason,
          });
        if (!existing.has(key)) {
          fail('Такого отклонения нет: отметки или график могли измениться');
          continue;
        }
        if (!actionFitsDeviation(input.action, item.type)) {
          fail('Это действие не подходит к отклонению');
          continue;
        }
        try {
          if (input.action === 'SET_CODE' || input.action === 'REST_DAY') {
            const current = entriesOf.get(`${item.employeeId}:${item.date}`) ?? [];
            if (input.action === 'REST_DAY' && !current.some((entry) => entry.code === 'РВ'))
              throw AppError.conflict('В этот день нет часов РВ');
            const entries =
              input.action === 'SET_CODE'
                ? [{ code: input.code!, minutes: null }]
                : restDayEntries(current);
            const reason =
              input.action === 'REST_DAY' ? `День отдыха взамен: ${input.comment}` : input.comment;
            // The timesheet's own override, with its history and the month lock, and the inbox's
            // record of it, together. The date is a deviation, so within employment.
            await db.transaction(async (tx) => {
              await writeTimesheetDay(tx, auth, {
                employeeId: item.employeeId,
                date: item.date,
                entries,
                reason,
              });
              await createDeviationsRepository(tx).insertActions([record(item, input.action)]);
            });
          } else rowsToInsert.push(record(item, input.action));
          result.succeed();
        } catch (error) {
          fail(reasonOf(error, onUnexpected));
        }
      }
      await repository.insertActions(rowsToInsert);
      return result.result();
    },
  };
}

export type DeviationsService = ReturnType<typeof createDeviationsService>;
