import type {
  AccountingPeriod,
  DayOffType,
  DayPlan as ApiDayPlan,
  ScheduleDefinition,
} from '@smena/contract';
import {
  type AttendancePlan,
  type DayKind,
  type DayPlan,
  type PlanDayOff,
  type PlannedShift,
  type Planner,
  type ProductionCalendar,
  type RosterShift,
  type ScheduleAssignment,
  accountingPeriodOf,
  addDays,
  createPlanner,
  eachDate,
  toAttendancePlan,
  toDayNumber,
} from '@smena/time';
import { type DbOrTx, readAll } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CalendarYearRow, createPlanningRepository } from './planning.repository.ts';

/** A company without a country follows the Russian calendar: the product's home market. */
export const DEFAULT_COUNTRY = 'RU';

export type CompanyCalendarContext = {
  countryCode: string;
  timezone: string;
  calendar: ProductionCalendar;
  /** The country's stored years (for `provisional` and `source`). */
  years: CalendarYearRow[];
  /** The company's own corrections in the loaded range. */
  companyDays: Map<string, DayKind>;
};

export type ScheduleSummary = {
  id: number;
  title: string;
  color: string;
  /** Summarized accounting's period (art. 104, decision 030); null — ordinary accounting. */
  accountingPeriod: AccountingPeriod | null;
};

export type EmployeePlanResult = {
  /** The API's shape of each date (ISO instants): for answers. */
  days: ApiDayPlan[];
  /**
   * The same dates as attendance takes them (epoch ms), no round trip through strings. Employees
   * whose plan of a date is alike share the object, so per-plan caches work across them.
   */
  attendancePlans: AttendancePlan[];
  /**
   * With `schedulePlans: true`: what the schedule alone plans on the same dates, the roster left
   * out (the Labour Code checks count work beyond it as planned overtime). The same objects as
   * `attendancePlans` where no roster date touches a date.
   */
  schedulePlans?: AttendancePlan[];
  /** The schedule in force on the last date of the range. */
  schedule: ScheduleSummary | null;
  /** The zone the plan is in: the employee's first branch's (by id), else the company's. */
  timezone: string;
};

export function toProductionCalendar(
  countryCode: string,
  years: readonly CalendarYearRow[],
  companyDays: ReadonlyMap<string, DayKind>,
): ProductionCalendar {
  return {
    id: countryCode,
    years: years.map((row) => ({
      year: row.year,
      provisional: row.provisional,
      source: row.source,
      holidays: row.data.holidays,
      transferredDaysOff: row.data.transferredDaysOff,
      workingWeekendDays: row.data.workingWeekendDays,
      shortenedDays: row.data.shortenedDays,
    })),
    overrides: Object.fromEntries(companyDays),
  };
}

type PlannedDayOff = PlanDayOff & { id: number };

/** A planned date in both shapes: the API's and attendance's. */
type PlanCell = { api: ApiDayPlan; attendance: AttendancePlan };

function cellOf(
  plan: DayPlan,
  rosterDates: ReadonlySet<string>,
  dayOffs: readonly PlannedDayOff[],
): PlanCell {
  return { api: toApiDayPlan(plan, rosterDates, dayOffs), attendance: toAttendancePlan(plan) };
}

/** An assignment date before any real one: a shared planner's schedule holds on every date. */
const SINCE_EVER = '1900-01-01';

/** The engine's plan in the API's shape: instants as ISO strings, the day-off's id, roster flag. */
function toApiDayPlan(
  plan: DayPlan,
  rosterDates: ReadonlySet<string>,
  dayOffs: readonly PlannedDayOff[],
): ApiDayPlan {
  // Plain object literals, no spreads: this runs for thousands of cells per calendar page.
  if (plan.kind === 'WORK') {
    const cell: ApiDayPlan = {
      date: plan.date,
      kind: 'WORK',
      shifts: plan.shifts.map(toApiShift),
      shortened: plan.shortened,
      rosterOverride: rosterDates.has(plan.date),
    };
    if (plan.flex) {
      const { requiredMinutes, window, core } = plan.flex;
      cell.flex = { requiredMinutes, window: { start: window.start, end: window.end } };
      if (core) cell.flex.core = { start: core.start, end: core.end };
    }
    return cell;
  }
  if (plan.kind === 'DAY_OFF') {
    const cell: ApiDayPlan = {
      date: plan.date,
      kind: 'DAY_OFF',
      shifts: [],
      dayOffType: plan.type,
      shortened: false,
      rosterOverride: false,
    };
    for (const dayOff of dayOffs)
      if (dayOff.type === plan.type && dayOff.from <= plan.date && plan.date <= dayOff.to) {
        cell.dayOffId = dayOff.id;
        break;
      }
    return cell;
  }
  return {
    date: plan.date,
    kind: plan.kind,
    shifts: [],
    shortened: false,
    rosterOverride: rosterDates.has(plan.date),
  };
}

function toApiShift(shift: PlannedShift): ApiDayPlan['shifts'][number] {
  return {
    start: shift.start,
    end: shift.end,
    breakMinutes: shift.breakMinutes,
    plannedMinutes: shift.plannedMinutes,
  };
}

type Timeline = ScheduleAssignment[];

/**
 * Each schedule's definitions over time: the earlier versions, each from the day after the
 * previous one ended (the first since ever), then the current definition.
 */
function scheduleTimelines(
  scheduleRows: readonly { id: number; definition: ScheduleDefinition }[],
  versionRows: readonly { scheduleId: number; validTo: string; definition: ScheduleDefinition }[],
): Map<number, Timeline> {
  // Versions come ordered by schedule and end date.
  const timelines = new Map<number, Timeline>();
  const nextStart = new Map<number, string>();
  for (const version of versionRows) {
    let timeline = timelines.get(version.scheduleId);
    if (!timeline) timelines.set(version.scheduleId, (timeline = []));
    const effectiveFrom = nextStart.get(version.scheduleId) ?? SINCE_EVER;
    timeline.push({ effectiveFrom, schedule: version.definition });
    nextStart.set(version.scheduleId, addDays(version.validTo, 1));
  }
  for (const schedule of scheduleRows) {
    let timeline = timelines.get(schedule.id);
    if (!timeline) timelines.set(schedule.id, (timeline = []));
    const effectiveFrom = nextStart.get(schedule.id) ?? SINCE_EVER;
    timeline.push({ effectiveFrom, schedule: schedule.definition });
  }
  return timelines;
}

/**
 * An employee's assignments as the engine takes them: each assigned schedule's definitions
 * (its versions) in force from the assignment's date until the next assignment.
 */
function expandAssignments(
  rows: readonly { scheduleId: number | null; effectiveFrom: string }[],
  timelines: ReadonlyMap<number, Timeline>,
): ScheduleAssignment[] {
  const expanded: ScheduleAssignment[] = [];
  rows.forEach((row, index) => {
    const until = rows[index + 1]?.effectiveFrom;
    const timeline = row.scheduleId === null ? undefined : timelines.get(row.scheduleId);
    if (!timeline) {
      expanded.push({ effectiveFrom: row.effectiveFrom, schedule: null });
      return;
    }
    let current = 0;
    while (
      current + 1 < timeline.length &&
      timeline[current + 1]!.effectiveFrom <= row.effectiveFrom
    )
      current++;
    expanded.push({ effectiveFrom: row.effectiveFrom, schedule: timeline[current]!.schedule });
    for (let next = current + 1; next < timeline.length; next++) {
      const version = timeline[next]!;
      if (until !== undefined && version.effectiveFrom >= until) break;
      expanded.push(version);
    }
  });
  return expanded;
}

export type PlanningService = ReturnType<typeof createPlanningService>;

/**
 * Plans of employees over a range of dates, from the stored schedules, assignments, roster,
 * approved day-offs and the company calendar. Reads a fixed number of queries whatever the
 * number of employees, then runs the engine per employee.
 */
export function createPlanningService(deps: { db: DbOrTx }) {
  const repository = createPlanningRepository(deps.db);

  /**
   * The company calendar (the country's production calendar and the company's corrections)
   * for the dates `from`–`to`.
   */
  async function loadCalendar(
    companyId: number,
    from: string,
    to: string,
  ): Promise<CompanyCalendarContext> {
    const company = await repository.findCompany(companyId);
    if (!company) throw AppError.notFound('Компания не найдена');
    const countryCode = company.countryCode ?? DEFAULT_COUNTRY;
    const [years, days] = await readAll(deps.db, [
      () =>
        repository.findCountryYears(countryCode, Number(from.slice(0, 4)), Number(to.slice(0, 4))),
      () => repository.findCompanyDays(companyId, from, to),
    ]);
    const companyDays = new Map<string, DayKind>(days.map((day) => [day.date, day.kind]));
    return {
      countryCode,
      timezone: company.timezone,
      calendar: toProductionCalendar(countryCode, years, companyDays),
      years,
      companyDays,
    };
  }

  /**
   * Plans `from`–`to` of the employees (all of them the company's, checked by the caller).
   * The day before `from` is loaded too: an overnight shift of that day can shorten the first.
   * `shareCells: false` plans every cell with the employee's own planner (the tests compare);
   * `schedulePlans: true` also plans the dates without the roster (same queries).
   */
  async function planEmployees(
    companyId: number,
    employeeIds: number[],
    from: string,
    to: string,
    options: { shareCells?: boolean; schedulePlans?: boolean } = {},
  ): Promise<{ plans: Map<number, EmployeePlanResult>; context: CompanyCalendarContext }> {
    const shareCells = options.shareCells ?? true;
    const loadFrom = addDays(from, -1);
    const [context, scheduleRows, versionRows, assignmentRows, rosterRows, dayOffRows, zoneRows] =
      await readAll(deps.db, [
        () => loadCalendar(companyId, loadFrom, to),
        () => repository.findSchedules(companyId),
        () => repository.findScheduleVersions(companyId, loadFrom),
        () => repository.findAssignments(companyId, employeeIds, to),
        () => repository.findRoster(companyId, employeeIds, loadFrom, to),
        () => repository.findApprovedDayOffs(companyId, employeeIds, loadFrom, to),
        () => repository.findBranchTimezones(companyId, employeeIds),
      ]);

    const scheduleById = new Map(scheduleRows.map((row) => [row.id, row]));
    const timelines = scheduleTimelines(scheduleRows, versionRows);
    const zoneOf = new Map(zoneRows.map((row) => [row.employeeId, row.timezone]));

    const byEmployee = <T extends { employeeId: number }>(rows: readonly T[]) => {
      const grouped = new Map<number, T[]>();
      for (const row of rows) {
        const list = grouped.get(row.employeeId);
        if (list) list.push(row);
        else grouped.set(row.employeeId, [row]);
      }
      return grouped;
    };
    const assignmentsOf = byEmployee(assignmentRows);
    const rosterOf = byEmployee(rosterRows);
    const companyWide: PlannedDayOff[] = [];
    const personal = new Map<number, PlannedDayOff[]>();
    for (const row of dayOffRows) {
      const dayOff: PlannedDayOff = {
        id: row.id,
        type: row.type as DayOffType,
        from: row.from,
        to: row.to,
      };
      if (row.employeeId === null) companyWide.push(dayOff);
      else {
        const list = personal.get(row.employeeId);
        if (list) list.push(dayOff);
        else personal.set(row.employeeId, [dayOff]);
      }
    }

    const timezoneOf = (employeeId: number) => zoneOf.get(employeeId) ?? context.timezone;
    const dates = eachDate(from, to);
    const fromDay = toDayNumber(from);

    // Most cells of a page are alike: employees with the same schedule in the same zone have the
    // same plan on every date where nothing of their own (day-off, roster, a change of schedule)
    // touches that date or the day before — the only dates a plan depends on. Those cells come
    // from one planner per zone and schedule, computed once per date; the rest from the
    // employee's own planner. Same inputs, same engine: the result is what a planner per
    // employee would give, at a fraction of the cost.
    const sharedRows = new Map<string, (PlanCell | undefined)[]>();
    const noRoster = new Set<string>();
    /** The shared cells of a zone and schedule, filled as dates are asked for. */
    function sharedRow(timezone: string, scheduleId: number | null) {
      const key = `${timezone}|${scheduleId}`;
      let row = sharedRows.get(key);
      if (!row) {
        row = new Array<PlanCell | undefined>(dates.length);
        sharedRows.set(key, row);
      }
      return row;
    }
    const sharedPlanners = new Map<string, Planner>();
    function sharedCell(timezone: string, scheduleId: number | null, index: number): PlanCell {
      const row = sharedRow(timezone, scheduleId);
      const cached = row[index];
      if (cached) return cached;
      const key = `${timezone}|${scheduleId}`;
      let planner = sharedPlanners.get(key);
      if (!planner) {
        planner = createPlanner({
          timezone,
          assignments: (scheduleId === null ? undefined : timelines.get(scheduleId)) ?? [],
          dayOffs: companyWide,
          calendar: context.calendar,
        });
        sharedPlanners.set(key, planner);
      }
      const cell = cellOf(planner.planDay(dates[index]!), noRoster, companyWide);
      row[index] = cell;
      return cell;
    }

    const result = new Map<number, EmployeePlanResult>();
    for (const employeeId of employeeIds) {
      const rows = assignmentsOf.get(employeeId) ?? [];
      const roster = rosterOf.get(employeeId) ?? [];
      const ownDayOffs = personal.get(employeeId) ?? [];
      const timezone = timezoneOf(employeeId);

      // The schedule in force on each date (and the day before the first), by id.
      const scheduleIds: (number | null)[] = [];
      let next = 0;
      let inForce: number | null = null;
      for (let index = -1; index < dates.length; index++) {
        const day = fromDay + index;
        while (next < rows.length && toDayNumber(rows[next]!.effectiveFrom) <= day) {
          const id = rows[next]!.scheduleId;
          inForce = id !== null && scheduleById.has(id) ? id : null;
          next++;
        }
        scheduleIds.push(inForce);
      }
      const scheduleAt = (index: number) => scheduleIds[index + 1] ?? null;

      // Dates the employee's own data touches: those and the day after each.
      const own = new Set<number>();
      const mark = (first: string, last: string) => {
        const a = Math.max(toDayNumber(first) - fromDay, 0);
        const b = Math.min(toDayNumber(last) - fromDay + 1, dates.length - 1);
        for (let index = a; index <= b; index++) own.add(index);
      };
      for (const dayOff of ownDayOffs) mark(dayOff.from, dayOff.to);
      for (const row of roster) mark(row.date, row.date);
      for (let index = 0; index < dates.length; index++)
        if (scheduleAt(index) !== scheduleAt(index - 1)) own.add(index);

      let planner: Planner | undefined;
      let rosterDates: Set<string> | undefined;
      const dayOffs = [...ownDayOffs, ...companyWide];
      let rowSchedule = scheduleAt(0);
      let row = sharedRow(timezone, rowSchedule);
      const cells = dates.map((date, index): PlanCell => {
        if (shareCells && !own.has(index)) {
          const scheduleId = scheduleAt(index);
          if (scheduleId !== rowSchedule) {
            rowSchedule = scheduleId;
            row = sharedRow(timezone, scheduleId);
          }
          return row[index] ?? sharedCell(timezone, scheduleId, index);
        }
        if (!planner) {
          planner = createPlanner({
            timezone,
            assignments: expandAssignments(rows, timelines),
            rosterOverrides: roster.map((row) => ({
              date: row.date,
              shifts: row.shifts as RosterShift[],
            })),
            dayOffs,
            calendar: context.calendar,
          });
          rosterDates = new Set(roster.map((row) => row.date));
        }
        return cellOf(planner.planDay(date), rosterDates!, dayOffs);
      });

      const attendancePlans = cells.map((cell) => cell.attendance);
      let schedulePlans: AttendancePlan[] | undefined;
      if (options.schedulePlans) {
        schedulePlans = attendancePlans;
        if (roster.length > 0) {
          // Only a roster date and the day after it (an overnight shift) differ without the roster.
          const touched = new Set<number>();
          for (const row of roster) {
            const index = toDayNumber(row.date) - fromDay;
            touched.add(index);
            touched.add(index + 1);
          }
          const scheduleOnly = createPlanner({
            timezone,
            assignments: expandAssignments(rows, timelines),
            dayOffs,
            calendar: context.calendar,
          });
          schedulePlans = attendancePlans.map((plan, index) =>
            touched.has(index) ? toAttendancePlan(scheduleOnly.planDay(dates[index]!)) : plan,
          );
        }
      }

      const currentId = scheduleAt(dates.length - 1);
      const current = currentId === null ? undefined : scheduleById.get(currentId);
      result.set(employeeId, {
        days: cells.map((cell) => cell.api),
        attendancePlans,
        ...(schedulePlans && { schedulePlans }),
        schedule: current
          ? {
              id: current.id,
              title: current.title,
              color: current.color,
              accountingPeriod: current.accountingPeriod,
            }
          : null,
        timezone,
      });
    }
    return { plans: result, context };
  }

  /**
   * The end of the longest accounting period (summarized accounting, art. 104) of the company's
   * schedules that contains `date`; `date` itself when no schedule counts by a period. What a
   * plan must reach for the period's norm to be judged (decision 030).
   */
  async function accountingPeriodsEnd(companyId: number, date: string): Promise<string> {
    let end = date;
    for (const period of await accountingPeriods(companyId)) {
      const to = accountingPeriodOf(date, period).to;
      if (to > end) end = to;
    }
    return end;
  }

  /** The accounting periods the company's schedules use; none without summarized accounting. */
  function accountingPeriods(companyId: number): Promise<AccountingPeriod[]> {
    return repository.findAccountingPeriods(companyId);
  }

  return { loadCalendar, planEmployees, accountingPeriods, accountingPeriodsEnd };
}
