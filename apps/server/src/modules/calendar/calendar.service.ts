import {
  type AvailabilityMark,
  type CalendarDay,
  type CalendarDayKind,
  type CalendarEmployeeRow,
  type CalendarQuerySchema,
  type CalendarResponse,
  type CompanyCalendar,
  type DayPlan,
  type MonthNorm,
  type PendingDayOff,
  type RosterDeleteResult,
  type RosterEntry,
  type RosterInput,
  type RosterQuery,
  type RosterShift,
} from '@smena/contract';
import { type ProductionCalendar, dayKind, eachDate, isWeekend, monthNorm } from '@smena/time';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { createAvailabilityRepository, toAvailabilityMark } from '../availability/index.ts';
import { createPlanningRepository, createPlanningService } from '../planning/index.ts';
import { createPeriodLock } from '../periods/index.ts';
import { createCalendarRepository } from './calendar.repository.ts';
import { createCalendarViolations } from './calendar.violations.ts';
import { createPlanRuleGuard } from './plan-rule-guard.ts';

export type CalendarQueryValues = z.output<typeof CalendarQuerySchema>;

const WEEKLY_HOURS = [40, 36, 24] as const;

/** The norms of the twelve months for 40-, 36- and 24-hour weeks, and their sum. */
export function normsOf(
  calendar: ProductionCalendar,
  year: number,
): { norms: MonthNorm[]; total: Omit<MonthNorm, 'month'> } {
  const norms: MonthNorm[] = [];
  for (let month = 1; month <= 12; month++) {
    const [h40, h36, h24] = WEEKLY_HOURS.map((hours) => monthNorm(calendar, year, month, hours));
    norms.push({
      month,
      days: h40!.days,
      hours40: h40!.hours,
      hours36: h36!.hours,
      hours24: h24!.hours,
    });
  }
  const sum = (key: 'days' | 'hours40' | 'hours36' | 'hours24') =>
    Math.round(norms.reduce((total, norm) => total + norm[key], 0) * 100) / 100;
  return {
    norms,
    total: {
      days: sum('days'),
      hours40: sum('hours40'),
      hours36: sum('hours36'),
      hours24: sum('hours24'),
    },
  };
}

/**
 * The distinct day plans of a calendar answer, each once, and each cell's index among them. The
 * planning service gives employees of one schedule and zone the same cell object, so most cells
 * are found by identity; the rest (a day-off, a roster date, a change of schedule: planned per
 * employee) by their JSON, which is what the answer would have repeated.
 */
export function createPlanTable() {
  const plans: DayPlan[] = [];
  const byObject = new Map<DayPlan, number>();
  const byJson = new Map<string, number>();
  function indexOf(plan: DayPlan): number {
    let index = byObject.get(plan);
    if (index !== undefined) return index;
    const json = JSON.stringify(plan);
    index = byJson.get(json);
    if (index === undefined) {
      index = plans.push(plan) - 1;
      byJson.set(json, index);
    }
    byObject.set(plan, index);
    return index;
  }
  return {
    plans,
    indexes: (days: readonly DayPlan[]): number[] => days.map(indexOf),
  };
}

const plainKind = (date: string): CalendarDayKind => (isWeekend(date) ? 'WEEKEND' : 'WORKDAY');

export type CalendarService = ReturnType<typeof createCalendarService>;

/**
 * The one path that places roster entries of single dates (`PUT /roster`, open shifts' claims and
 * hand-overs, decision 029): the month lock is asked first (409 `PERIOD_LOCKED`, nothing
 * written), then the entries are upserted — on `db`, which may be the caller's transaction, so a
 * decision and the roster it writes commit together or not at all. The caller has checked that
 * the employees are the company's and in the scope.
 */
export async function writeRoster(
  db: DbOrTx,
  companyId: number,
  entries: readonly { employeeId: number; date: string; shifts: RosterShift[] }[],
): Promise<void> {
  if (entries.length === 0) return;
  await createPeriodLock(db).assertOpen(
    companyId,
    entries.map((entry) => ({ employeeId: entry.employeeId, from: entry.date, to: entry.date })),
  );
  await createCalendarRepository(db).upsertRosters(companyId, entries);
}

export function createCalendarService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createCalendarRepository(db);
  const planning = createPlanningService({ db });
  const planningRepository = createPlanningRepository(db);
  const lock = createPeriodLock(db);
  const availability = createAvailabilityRepository(db);
  const guard = createPlanRuleGuard({ db });

  async function assertEmployee(auth: CompanyAuthContext, employeeId: number) {
    if (!(await repository.isCompanyEmployee(auth.companyId, auth.scope, employeeId)))
      throw AppError.validation('employeeId', 'Сотрудник не найден');
  }

  return {
    ...createCalendarViolations({ db }),

    /**
     * Employees × days: a page of active employees and each one's plan of every date. A fixed
     * number of queries whatever the page size (see the planning service).
     */
    async getCalendar(
      auth: CompanyAuthContext,
      query: CalendarQueryValues,
    ): Promise<CalendarResponse> {
      const { items, total } = await repository.findEmployeesPage(
        auth.companyId,
        auth.scope,
        query,
        {
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        },
      );
      const ids = items.map((item) => item.id);
      const [{ plans, context }, branchRows, requestRows, markRows] = await Promise.all([
        planning.planEmployees(auth.companyId, ids, query.from, query.to),
        repository.findBranchTitles(auth.companyId, ids),
        planningRepository.findRequestedDayOffs(auth.companyId, ids, query.from, query.to),
        // The page's employees are already in the caller's scope: one query for all their marks.
        availability.findMarks(auth.companyId, ids, query.from, query.to),
      ]);
      const marks = new Map<number, AvailabilityMark[]>();
      for (const row of markRows) {
        const mark = toAvailabilityMark(row);
        const list = marks.get(row.employeeId);
        if (list) list.push(mark);
        else marks.set(row.employeeId, [mark]);
      }
      const requests = new Map<number, PendingDayOff[]>();
      for (const row of requestRows) {
        const request: PendingDayOff = {
          id: row.id,
          type: row.type,
          from: row.from,
          to: row.to,
          comment: row.comment,
        };
        const list = requests.get(row.employeeId!);
        if (list) list.push(request);
        else requests.set(row.employeeId!, [request]);
      }
      const branchTitles = new Map<number, string[]>();
      for (const row of branchRows) {
        const list = branchTitles.get(row.employeeId);
        if (list) list.push(row.title);
        else branchTitles.set(row.employeeId, [row.title]);
      }
      const table = createPlanTable();
      const rows: CalendarEmployeeRow[] = items.map((item) => {
        const plan = plans.get(item.id);
        return {
          employeeId: item.id,
          name: item.name,
          departmentTitle: item.departmentTitle,
          positionTitle: item.positionTitle,
          branchTitles: branchTitles.get(item.id) ?? [],
          scheduleId: plan?.schedule?.id ?? null,
          scheduleTitle: plan?.schedule?.title ?? null,
          scheduleColor: plan?.schedule?.color ?? null,
          days: plan ? table.indexes(plan.days) : [],
          requests: requests.get(item.id) ?? [],
          availability: marks.get(item.id) ?? [],
        };
      });
      return {
        from: query.from,
        to: query.to,
        dates: eachDate(query.from, query.to).map((date) => ({
          date,
          kind: dayKind(context.calendar, date),
        })),
        plans: table.plans,
        employees: rows,
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    /** The company calendar of a year: its non-plain dates and the monthly norms. */
    async getYear(auth: CompanyAuthContext, year: number): Promise<CompanyCalendar> {
      const context = await planning.loadCalendar(auth.companyId, `${year}-01-01`, `${year}-12-31`);
      const days: CalendarDay[] = [];
      for (const date of eachDate(`${year}-01-01`, `${year}-12-31`)) {
        const kind = dayKind(context.calendar, date);
        if (context.companyDays.has(date)) days.push({ date, kind, source: 'COMPANY' });
        else if (kind !== plainKind(date)) days.push({ date, kind, source: 'PRODUCTION' });
      }
      const stored = context.years.find((row) => row.year === year);
      return {
        year,
        country: context.countryCode,
        provisional: stored === undefined || stored.provisional,
        source: stored?.source ?? '',
        days,
        ...normsOf(context.calendar, year),
      };
    },

    /** Sets (or with `null` removes) the company's own kind of a date. */
    async setDay(
      auth: CompanyAuthContext,
      date: string,
      kind: CalendarDayKind | null,
    ): Promise<CalendarDay> {
      // The company's date is everyone's: any unit's approved month keeps it (decision 022).
      await lock.assertOpen(auth.companyId, [{ employeeId: null, from: date, to: date }]);
      if (kind === null) await repository.deleteCompanyDay(auth.companyId, date);
      else await repository.upsertCompanyDay(auth.companyId, date, kind);
      const context = await planning.loadCalendar(auth.companyId, date, date);
      return {
        date,
        kind: dayKind(context.calendar, date),
        source: context.companyDays.has(date) ? 'COMPANY' : 'PRODUCTION',
      };
    },

    async putRoster(auth: CompanyAuthContext, input: RosterInput): Promise<RosterEntry> {
      await assertEmployee(auth, input.employeeId);
      const shifts: RosterShift[] = input.shifts.map((shift) => ({
        start: shift.start,
        end: shift.end,
        breakMinutes: shift.breakMinutes ?? 0,
      }));
      const cell = { employeeId: input.employeeId, date: input.date };
      const violations = await guard.write(auth, [cell], (tx) =>
        writeRoster(tx, auth.companyId, [{ ...cell, shifts }]),
      );
      const { plans } = await planning.planEmployees(
        auth.companyId,
        [input.employeeId],
        input.date,
        input.date,
      );
      const plan = plans.get(input.employeeId)?.days[0];
      if (!plan) throw new Error('The plan of the roster date is missing');
      return { employeeId: input.employeeId, date: input.date, shifts, plan, violations };
    },

    async deleteRoster(auth: CompanyAuthContext, query: RosterQuery): Promise<RosterDeleteResult> {
      await lock.assertOpen(auth.companyId, [
        { employeeId: query.employeeId, from: query.date, to: query.date },
      ]);
      // The schedule's plan of the date comes back: it may break a rule the roster did not.
      const violations = await guard.write(auth, [query], async (tx) => {
        if (
          !(await createCalendarRepository(tx).deleteRoster(
            auth.companyId,
            auth.scope,
            query.employeeId,
            query.date,
          ))
        )
          throw AppError.notFound('Смены на эту дату не найдены');
      });
      return { ok: true, violations };
    },
  };
}
