import {
  ErrorCode,
  MAX_BULK_EMPLOYEES,
  periodLockedMessage,
  type BulkCalendarInputSchema,
  type BulkCalendarResult,
  type NewPlanViolation,
  type CopyWeekInputSchema,
  type DayPlan,
  type RosterShift,
} from '@smena/contract';
import { addDays, eachDate } from '@smena/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import {
  createCalendarRepository,
  createPlanRuleGuard,
  refusalMessage,
} from '../calendar/index.ts';
import { createDayOffsService } from '../day-offs/index.ts';
import { createPeriodLock } from '../periods/index.ts';
import { createPlanningService } from '../planning/index.ts';
import { createBulkResult, reasonOf, type OnUnexpected } from './bulk-results.ts';

export type BulkCalendarValues = z.output<typeof BulkCalendarInputSchema>;
export type CopyWeekValues = z.output<typeof CopyWeekInputSchema>;

type Cell = { employeeId: number; date: string };

/** Consecutive dates (sorted, distinct) as ranges: one absence per run of days. */
export function dateRuns(
  dates: readonly string[],
): { from: string; to: string; dates: string[] }[] {
  const runs: { from: string; to: string; dates: string[] }[] = [];
  for (const date of [...new Set(dates)].sort()) {
    const last = runs[runs.length - 1];
    if (last && addDays(last.to, 1) === date) {
      last.to = date;
      last.dates.push(date);
    } else runs.push({ from: date, to: date, dates: [date] });
  }
  return runs;
}

/**
 * A day of the source week as a roster entry: a working day's shifts at the same wall times, a
 * rest day as a rest day; null for what is not copied (an absence, a holiday, no schedule, a
 * flexible day without fixed shifts).
 */
export function rosterOfPlan(plan: DayPlan): RosterShift[] | null {
  if (plan.kind === 'REST') return [];
  if (plan.kind !== 'WORK' || plan.shifts.length === 0) return null;
  // Instants carry the branch's offset: their wall time is the text after the date.
  return plan.shifts.map((shift) => ({
    start: shift.start.slice(11, 16),
    end: shift.end.slice(11, 16),
    breakMinutes: shift.breakMinutes,
  }));
}

/**
 * Bulk actions of the calendar (decision 019): many cells set at once, a week copied onto the
 * following ones. Who may be touched is checked for all cells up front (any employee outside
 * the company or the caller's scope: 404 and nothing written); roster cells are then written in
 * a few set-based statements, checked against the Labour Code before and after (decision 026:
 * with hard stops an employee whose cells bring a new violation is refused as a whole); absences
 * go one run of days at a time through the day-offs service, whose rules (overlaps) may refuse
 * one run and not the others.
 */
export function createBulkCalendarService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createCalendarRepository(db);
  const dayOffsService = createDayOffsService({ db });
  const planning = createPlanningService({ db });
  const lock = createPeriodLock(db);
  const guard = createPlanRuleGuard({ db });

  async function namesOf(auth: CompanyAuthContext, employeeIds: number[]) {
    const ids = [...new Set(employeeIds)];
    const rows = await repository.findEmployeeNames(auth.companyId, auth.scope, ids);
    if (rows.length !== ids.length) throw AppError.notFound('Сотрудник не найден');
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    async applyCells(
      auth: CompanyAuthContext,
      input: BulkCalendarValues,
      onUnexpected: OnUnexpected,
    ): Promise<BulkCalendarResult> {
      const seen = new Set<string>();
      const cells: Cell[] = [];
      for (const cell of input.cells) {
        const key = `${cell.employeeId}|${cell.date}`;
        if (seen.has(key)) continue;
        seen.add(key);
        cells.push(cell);
      }
      const names = await namesOf(
        auth,
        cells.map((cell) => cell.employeeId),
      );
      const outcome = createBulkResult();
      // Cells of an approved month are reported and left as they are (decision 022).
      const lockedMonths = await lock.findLockedMonths(
        auth.companyId,
        cells.map((cell) => ({ employeeId: cell.employeeId, from: cell.date, to: cell.date })),
      );
      const locked = cells.filter((_, position) => lockedMonths[position] !== null);
      locked.forEach((cell) => {
        const month = cell.date.slice(0, 7);
        const name = names.get(cell.employeeId)?.name ?? '';
        outcome.fail({ ...cell, name, reason: periodLockedMessage(month) });
      });
      if (locked.length > 0) {
        const open = cells.filter((_, position) => lockedMonths[position] === null);
        cells.splice(0, cells.length, ...open);
      }
      const action = input.action;
      let violations: NewPlanViolation[] = [];
      /** Roster cells, checked against the Labour Code (one item per employee with hard stops). */
      const writeRoster = async (
        apply: (tx: Tx, targets: readonly Cell[]) => Promise<void>,
      ): Promise<void> => {
        const nameOf = new Map([...names].map(([id, row]) => [id, row.name]));
        const { warnings, refused } = await guard.writeEach(auth, cells, nameOf, (tx, allowed) =>
          apply(
            tx,
            cells.filter((cell) => allowed.has(cell.employeeId)),
          ),
        );
        violations = warnings;
        for (const cell of cells) {
          const found = refused.get(cell.employeeId);
          if (found)
            outcome.fail({
              ...cell,
              name: nameOf.get(cell.employeeId) ?? '',
              reason: refusalMessage(found),
            });
          else outcome.succeed();
        }
      };
      switch (action.kind) {
        case 'shift':
        case 'dayOff': {
          const shifts: RosterShift[] =
            action.kind === 'shift'
              ? action.shifts.map((shift) => ({
                  start: shift.start,
                  end: shift.end,
                  breakMinutes: shift.breakMinutes ?? 0,
                }))
              : [];
          await writeRoster((tx, targets) =>
            createCalendarRepository(tx).upsertRosters(
              auth.companyId,
              targets.map((cell) => ({ ...cell, shifts })),
            ),
          );
          break;
        }
        case 'clear': {
          await writeRoster(async (tx, targets) => {
            await createCalendarRepository(tx).deleteRosters(auth.companyId, auth.scope, targets);
          });
          break;
        }
        case 'absence': {
          const byEmployee = new Map<number, string[]>();
          for (const cell of cells) {
            const dates = byEmployee.get(cell.employeeId);
            if (dates) dates.push(cell.date);
            else byEmployee.set(cell.employeeId, [cell.date]);
          }
          for (const [employeeId, dates] of byEmployee) {
            for (const run of dateRuns(dates)) {
              try {
                await dayOffsService.createDayOff(auth, {
                  employeeId,
                  type: action.type,
                  from: run.from,
                  to: run.to,
                  comment: action.comment,
                });
                outcome.succeed(run.dates.length);
              } catch (error) {
                const reason = reasonOf(error, onUnexpected);
                const name = names.get(employeeId)?.name ?? '';
                for (const date of run.dates) outcome.fail({ employeeId, date, name, reason });
              }
            }
          }
          break;
        }
      }
      return { ...outcome.result(), violations };
    },

    /**
     * Copies each employee's week onto the following weeks up to `until`, one employee per
     * item: an employee whose week has nothing to copy is reported, the others are written in
     * one transaction.
     */
    async copyWeek(auth: CompanyAuthContext, input: CopyWeekValues): Promise<BulkCalendarResult> {
      let targets: { id: number; name: string }[];
      if (input.employeeIds) {
        targets = [...(await namesOf(auth, input.employeeIds)).values()];
      } else {
        targets = await repository.findEmployeesMatching(
          auth.companyId,
          auth.scope,
          input.filter ?? {},
          MAX_BULK_EMPLOYEES + 1,
        );
        if (targets.length > MAX_BULK_EMPLOYEES)
          throw new AppError(
            ErrorCode.VALIDATION_ERROR,
            `Под фильтр попадает больше ${MAX_BULK_EMPLOYEES} сотрудников. Уточните фильтр`,
          );
      }
      const outcome = createBulkResult();
      if (targets.length === 0) return { ...outcome.result(), violations: [] };
      const weekEnd = addDays(input.weekStart, 6);
      const { plans } = await planning.planEmployees(
        auth.companyId,
        targets.map((target) => target.id),
        input.weekStart,
        weekEnd,
      );
      const targetDates = eachDate(addDays(input.weekStart, 7), input.until);
      const lockedMonths = await lock.findLockedMonths(
        auth.companyId,
        targets.map((target) => ({
          employeeId: target.id,
          from: addDays(input.weekStart, 7),
          to: input.until,
        })),
      );
      const entries: { employeeId: number; date: string; shifts: RosterShift[] }[] = [];
      const copied: { id: number; name: string }[] = [];
      for (const [position, target] of targets.entries()) {
        const month = lockedMonths[position];
        if (month) {
          // Nothing of theirs is written: a copy is one item per employee (decision 022).
          outcome.fail({
            employeeId: target.id,
            name: target.name,
            reason: periodLockedMessage(month),
          });
          continue;
        }
        const week = (plans.get(target.id)?.days ?? []).map(rosterOfPlan);
        if (!week.some((day) => day !== null)) {
          outcome.fail({
            employeeId: target.id,
            name: target.name,
            reason: 'В выбранной неделе нет ни смен, ни выходных по графику — копировать нечего',
          });
          continue;
        }
        targetDates.forEach((date, index) => {
          const shifts = week[index % 7];
          if (shifts) entries.push({ employeeId: target.id, date, shifts });
        });
        copied.push(target);
      }
      // The Labour Code checks (decision 026): with hard stops an employee whose copy brings a
      // new violation is refused as a whole, like one whose month is approved.
      const { warnings, refused } = await guard.writeEach(
        auth,
        entries,
        new Map(copied.map((target) => [target.id, target.name])),
        (tx, allowed) =>
          createCalendarRepository(tx).upsertRosters(
            auth.companyId,
            entries.filter((entry) => allowed.has(entry.employeeId)),
          ),
      );
      for (const target of copied) {
        const found = refused.get(target.id);
        if (found)
          outcome.fail({ employeeId: target.id, name: target.name, reason: refusalMessage(found) });
        else outcome.succeed();
      }
      return { ...outcome.result(), violations: warnings };
    },
  };
}
