import type { z } from 'zod';
import {
  type AttendanceDay,
  type AttendanceDays,
  type AttendanceDaysQuerySchema,
  type AttendanceReport,
  type AttendanceReportQuerySchema,
  type AttendanceReportRow,
  type AttendanceSummary,
  type ClearTimesheetDayInputSchema,
  type ReportCard,
  type ReportCardDay,
  type ReportCardEmployee,
  type ReportCardQuerySchema,
  type ReportEmployee,
  type SetTimesheetDayInputSchema,
  type SummarizedPeriod,
  type TimesheetEntry,
  type TimesheetHistory,
  WORK_TIMESHEET_CODES,
  workedMinutesOf,
} from '@smena/contract';
import {
  type AccountingPeriod,
  type AttendanceDate,
  type Employment,
  type ProductionCalendar,
  accountingPeriodOf,
  type PayrollTotals,
  addAttendanceSummaries,
  addDays,
  addToAttendanceSummary,
  dayKind,
  eachDate,
  emptyAttendanceSummary,
  isEmployedOn,
  monthNorm,
  payrollTotals,
  periodNormMinutes,
  summarizedOvertimeMinutes,
  timesheetTotals,
  toIsoInZone,
} from '@smena/time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import {
  type CompanyAttendanceSettings,
  type OverrideRow,
  type StoredCheck,
  createAttendanceService,
} from '../attendance/index.ts';
import { createPeriodLock } from '../periods/index.ts';
import { createPlanningService } from '../planning/index.ts';
import {
  type ReportEmployeeRow,
  type ReportFilters,
  createReportsRepository,
} from './reports.repository.ts';
import { COMPANY_SCOPE, type EmployeeScope } from '../../db/employee-scope.ts';

export type AttendanceReportValues = z.output<typeof AttendanceReportQuerySchema>;
export type AttendanceDaysValues = z.output<typeof AttendanceDaysQuerySchema>;
export type ReportCardValues = z.output<typeof ReportCardQuerySchema>;
export type PayrollFilters = Pick<
  ReportCardValues,
  'month' | 'branchId' | 'departmentId' | 'employeeId'
>;
export type SetTimesheetDayValues = z.output<typeof SetTimesheetDayInputSchema>;
export type ClearTimesheetDayValues = z.output<typeof ClearTimesheetDayInputSchema>;

/** Employees computed at a time by the paged variants (the xlsx export streams them). */
export const DEFAULT_PAGE_SIZE = 500;
/** The JSON answers hold every employee anyway: bigger pages mean fewer round trips. */
const JSON_PAGE_SIZE = 2000;
/** The norm of the report card: a 40-hour week (art. 91 ТК РФ). */
const NORM_WEEKLY_HOURS = 40;

export type ReportCardPages = {
  header: Omit<ReportCard, 'employees'>;
  pages: AsyncIterable<ReportCardEmployee[]>;
};

/** Whose month the payroll export holds, for its head. */
export type PayrollScope = {
  branchTitle: string | null;
  departmentTitle: string | null;
  employeeName: string | null;
  /** A manager limited to some branches or departments (decision 016) sees only their people. */
  limitedToManager: boolean;
};

/** One employee's month for payroll: who, and what the timesheet's codes add up to. */
export type PayrollRow = ReportEmployee & PayrollTotals;

export type PayrollPages = {
  month: string;
  from: string;
  to: string;
  companyTitle: string;
  scope: PayrollScope;
  pages: AsyncIterable<PayrollRow[]>;
};

export type AttendanceReportPages = {
  from: string;
  to: string;
  pages: AsyncIterable<AttendanceReportRow[]>;
  /** The totals of every row yielded so far: call it once the pages are consumed. */
  totals: () => AttendanceSummary;
};

type ComputedEmployee = {
  row: ReportEmployeeRow;
  employment: Employment;
  timezone: string;
  days: AttendanceDate<StoredCheck>[];
  overrides: Map<string, OverrideRow>;
  accountingPeriod: AccountingPeriod | null;
  /** Summarized accounting: the period of the range's last date, to that date. */
  summarized?: SummarizedPeriod;
};

const NOT_FOUND_EMPLOYEE = () => AppError.notFound('Сотрудник не найден');
const workCodes = new Set(WORK_TIMESHEET_CODES);

function toReportEmployee(row: ReportEmployeeRow): ReportEmployee {
  return {
    employeeId: row.id,
    name: row.name,
    personnelNumber: row.personnelNumber,
    departmentTitle: row.departmentTitle,
    positionTitle: row.positionTitle,
  };
}

function employmentOf(row: { hireDate: string | null; dismissedAt: string | null }): Employment {
  return { hireDate: row.hireDate, dismissalDate: row.dismissedAt };
}

function toOverrideInfo(override: OverrideRow | null): ReportCardDay['override'] {
  if (!override) return null;
  return {
    reason: override.reason,
    changedByName: override.changedByName,
    changedAt: override.updatedAt.toISOString(),
  };
}

function toReportCardEmployee(employee: ComputedEmployee): ReportCardEmployee {
  const days = employee.days.map((day): ReportCardDay => ({
    date: day.date,
    entries: day.entries,
    override: toOverrideInfo(employee.overrides.get(day.date) ?? null),
  }));
  return {
    ...toReportEmployee(employee.row),
    days,
    ...timesheetTotals(days),
    ...(employee.summarized && { summarized: employee.summarized }),
  };
}

/**
 * The payroll row: the codes' totals; under summarized accounting the period's overtime is С of
 * the month that closes the period (once), its dates' hours staying Я / Н as worked.
 */
function toPayrollRow(employee: ComputedEmployee): PayrollRow {
  const totals = payrollTotals(employee.days);
  const overtime = employee.summarized?.overtimeMinutes ?? 0;
  if (overtime > 0) {
    const code = totals.codes['С'] ?? { days: 0, minutes: 0 };
    totals.codes['С'] = { days: code.days, minutes: code.minutes + overtime };
    totals.overtimeMinutes += overtime;
  }
  return { ...toReportEmployee(employee.row), ...totals };
}

function toAttendanceRow(employee: ComputedEmployee): AttendanceReportRow {
  const summary = emptyAttendanceSummary();
  for (const day of employee.days) addToAttendanceSummary(summary, day, employee.employment);
  if (employee.summarized) summary.overtimeMinutes += employee.summarized.overtimeMinutes;
  return {
    ...toReportEmployee(employee.row),
    ...summary,
    ...(employee.summarized && { summarized: employee.summarized }),
  };
}

/** Work codes of the period's dates less РВ: what summarized overtime is counted from (art. 152). */
function regularWorkedMinutes(entries: readonly TimesheetEntry[]): number {
  const rest = entries.find((entry) => entry.code === 'РВ')?.minutes ?? 0;
  return workedMinutesOf(entries) - rest;
}

/** An employee's summarized period to `asOf`, from the computed dates `period.from`–`asOf`. */
function summarizedPeriodOf(
  range: { period: AccountingPeriod; from: string; to: string },
  asOf: string,
  days: readonly AttendanceDate<StoredCheck>[],
  employment: Employment,
  calendar: ProductionCalendar,
): SummarizedPeriod {
  let plannedMinutes = 0;
  let workedMinutes = 0;
  for (const day of days) {
    if (!isEmployedOn(day.date, employment)) continue;
    plannedMinutes += day.attendance.plannedMinutes;
    workedMinutes += regularWorkedMinutes(day.entries);
  }
  const normMinutes = periodNormMinutes({
    calendar,
    from: range.from,
    to: asOf,
    plans: days.map((day) => day.plan),
    employment,
  });
  const closed = asOf === range.to;
  return {
    period: range.period,
    from: range.from,
    to: range.to,
    asOf,
    normMinutes,
    plannedMinutes,
    workedMinutes,
    closed,
    overtimeMinutes: closed ? summarizedOvertimeMinutes(workedMinutes, normMinutes) : 0,
  };
}

/**
 * A date of the drill-down: the hours the date holds (as the summary and the codes count them,
 * after the rule for shifts across midnight), the lateness and early leave of its own shift.
 */
function toAttendanceDay(day: AttendanceDate<StoredCheck>, timezone: string): AttendanceDay {
  const { attendance, hours } = day;
  return {
    date: day.date,
    kind: day.plan.kind,
    dayOffType: day.plan.dayOffType ?? null,
    plannedMinutes: attendance.plannedMinutes,
    workedMinutes: hours.regularMinutes + hours.restWorkMinutes,
    lateMinutes: attendance.lateMinutes,
    earlyLeaveMinutes: attendance.earlyLeaveMinutes,
    overtimeMinutes: hours.overtimeMinutes + hours.unapprovedOvertimeMinutes,
    nightMinutes: hours.regularNightMinutes + hours.restWorkNightMinutes,
    late: attendance.late,
    leftEarly: attendance.leftEarly,
    absent: attendance.absent,
    workedOnDayOff: hours.restWorkMinutes > 0,
    firstIn: attendance.firstInMs === null ? null : toIsoInZone(attendance.firstInMs, timezone),
    lastOut: attendance.lastOutMs === null ? null : toIsoInZone(attendance.lastOutMs, timezone),
    entries: day.entries,
  };
}

/** The first and last dates of a `yyyy-MM` month. */
function monthRange(month: string): { from: string; to: string; year: number; index: number } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  const from = `${month}-01`;
  const next =
    index === 12 ? `${year + 1}-01-01` : `${year}-${String(index + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1), year, index };
}

/** Rejects codes a date cannot hold: a code twice, work without hours, more than a day. */
function assertEntries(entries: readonly TimesheetEntry[]) {
  const codes = new Set<string>();
  let minutes = 0;
  for (const entry of entries) {
    if (codes.has(entry.code))
      throw AppError.validation('entries', `Код ${entry.code} указан дважды`);
    codes.add(entry.code);
    if (workCodes.has(entry.code) && !entry.minutes)
      throw AppError.validation('entries', `Укажите часы для кода ${entry.code}`);
    minutes += entry.minutes ?? 0;
  }
  if (minutes > 1440) throw AppError.validation('entries', 'В сутках не больше 24 часов');
}

/**
 * Sets a date's codes with the history entry, in the caller's transaction: the one write path of
 * the timesheet's manual codes — a manager's `PUT` of a date and an approved correction request
 * (decision 025). The caller has found the employee in its scope and within employment.
 */
export async function writeTimesheetDay(
  tx: DbOrTx,
  auth: CompanyAuthContext,
  input: { employeeId: number; date: string; entries: TimesheetEntry[]; reason: string },
): Promise<void> {
  assertEntries(input.entries);
  // A date of an approved month keeps its codes (decision 022), whoever writes them.
  await createPeriodLock(tx).assertOpen(auth.companyId, [
    { employeeId: input.employeeId, from: input.date, to: input.date },
  ]);
  const repo = createReportsRepository(tx);
  await repo.upsertOverride(auth.companyId, {
    employeeId: input.employeeId,
    date: input.date,
    entries: input.entries,
    reason: input.reason,
    changedBy: auth.employeeId,
  });
  await repo.insertHistory(auth.companyId, {
    employeeId: input.employeeId,
    date: input.date,
    action: 'SET',
    entries: input.entries,
    reason: input.reason,
    changedBy: auth.employeeId,
    impersonatorId: auth.impersonatorId,
  });
}

async function* pagesOf<T, R>(
  items: readonly T[],
  pageSize: number,
  compute: (page: T[]) => Promise<R[]>,
): AsyncGenerator<R[]> {
  const size = Math.max(1, Math.floor(pageSize));
  for (let start = 0; start < items.length; start += size)
    yield await compute(items.slice(start, start + size));
}

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * The attendance report, the timesheet (report card, T-13) and its overrides. A page of
 * employees is read in a fixed number of queries (plans, checks, overrides, zones) and computed
 * in memory, so the cost grows with the data, not with round trips.
 */
/**
 * Whose reports: a company id (the whole company: jobs, benchmarks) or a caller with the
 * employees they may see (decision 016).
 */
export type ReportsCaller = number | { companyId: number; scope: EmployeeScope };

function callerOf(caller: ReportsCaller): { companyId: number; scope: EmployeeScope } {
  return typeof caller === 'number' ? { companyId: caller, scope: COMPANY_SCOPE } : caller;
}

export function createReportsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createReportsRepository(db);
  const planning = createPlanningService({ db });
  const attendance = createAttendanceService({ db, now });
  const lock = createPeriodLock(db);

  /** The filters' records must be the company's: another company's id answers 404. */
  async function assertFilters(
    companyId: number,
    scope: EmployeeScope,
    filters: ReportFilters,
  ): Promise<{
    branchTitle: string | null;
    departmentTitle: string | null;
    employeeName: string | null;
  }> {
    const [branchTitle, departmentTitle, employee] = await Promise.all([
      filters.branchId ? repository.findBranchTitle(companyId, filters.branchId) : null,
      filters.departmentId ? repository.findDepartmentTitle(companyId, filters.departmentId) : null,
      filters.employeeId ? repository.findEmployee(companyId, filters.employeeId, scope) : true,
    ]);
    if (branchTitle === undefined) throw AppError.notFound('Филиал не найден');
    if (departmentTitle === undefined) throw AppError.notFound('Отдел не найден');
    if (!employee) throw NOT_FOUND_EMPLOYEE();
    return {
      branchTitle,
      departmentTitle,
      employeeName: employee === true ? null : employee.name,
    };
  }

  /** Every date `from`–`to` of the employees, from the attendance module, with overrides. */
  async function computeEmployees(
    companyId: number,
    company: CompanyAttendanceSettings,
    rows: readonly ReportEmployeeRow[],
    from: string,
    to: string,
    options: { summarized?: boolean } = {},
  ): Promise<ComputedEmployee[]> {
    const subjects = rows.map((row) => ({ id: row.id, employment: employmentOf(row) }));
    const computed = await attendance.employeesAttendance(companyId, subjects, from, to, {
      company,
      withOverrides: true,
    });
    const result = computed.map((employee, index) => ({
      row: rows[index]!,
      employment: subjects[index]!.employment,
      timezone: employee.timezone,
      days: employee.days,
      overrides: employee.overrides,
      accountingPeriod: employee.accountingPeriod,
    }));
    if (options.summarized !== false) await addSummarized(companyId, company, result, from, to);
    return result;
  }

  /**
   * Summarized accounting (decision 030): for the employees whose schedule counts by a period,
   * the period of `to` as of `to`. The earlier dates of the period are computed by the same
   * attendance module, one call per kind of period (at most four, whatever the number of
   * employees); a period that starts on `from` reuses the dates already computed.
   */
  async function addSummarized(
    companyId: number,
    company: CompanyAttendanceSettings,
    employees: ComputedEmployee[],
    from: string,
    to: string,
  ) {
    const groups = new Map<AccountingPeriod, ComputedEmployee[]>();
    for (const employee of employees) {
      if (!employee.accountingPeriod) continue;
      const group = groups.get(employee.accountingPeriod);
      if (group) group.push(employee);
      else groups.set(employee.accountingPeriod, [employee]);
    }
    if (groups.size === 0) return;
    const yearStart = `${to.slice(0, 4)}-01-01`;
    const { calendar } = await planning.loadCalendar(companyId, yearStart, to);
    for (const [period, group] of groups) {
      const range = accountingPeriodOf(to, period);
      let daysOf: (employee: ComputedEmployee, index: number) => AttendanceDate<StoredCheck>[];
      if (range.from === from) daysOf = (employee) => employee.days;
      else {
        const earlier = await attendance.employeesAttendance(
          companyId,
          group.map((employee) => ({ id: employee.row.id, employment: employee.employment })),
          range.from,
          to,
          { company, withOverrides: true },
        );
        daysOf = (_employee, index) => earlier[index]!.days;
      }
      group.forEach((employee, index) => {
        employee.summarized = summarizedPeriodOf(
          range,
          to,
          daysOf(employee, index),
          employee.employment,
          calendar,
        );
      });
    }
  }

  async function reportCardPages(
    caller: ReportsCaller,
    query: ReportCardValues,
    pageSize = DEFAULT_PAGE_SIZE,
  ): Promise<ReportCardPages> {
    const { companyId, scope } = callerOf(caller);
    const { from, to, year, index } = monthRange(query.month);
    const [company, { departmentTitle }, calendar] = await Promise.all([
      attendance.companySettings(companyId),
      assertFilters(companyId, scope, query),
      planning.loadCalendar(companyId, from, to),
    ]);
    const rows = await repository.findEmployees(companyId, query, from, to, scope);
    const norm = monthNorm(calendar.calendar, year, index, NORM_WEEKLY_HOURS);
    const header: Omit<ReportCard, 'employees'> = {
      month: query.month,
      from,
      to,
      companyTitle: company.title,
      departmentTitle,
      dates: eachDate(from, to).map((date) => ({ date, kind: dayKind(calendar.calendar, date) })),
      norm: { days: norm.days, minutes: Math.round(norm.hours * 60) },
    };
    const pages = pagesOf(rows, pageSize, async (page) =>
      (await computeEmployees(companyId, company, page, from, to)).map(toReportCardEmployee),
    );
    return { header, pages };
  }

  /**
   * A month for payroll, page by page: every employee of the filters and the caller's scope with
   * the totals of the timesheet's codes (the attendance module's dates, overrides included).
   */
  async function payrollPages(
    caller: ReportsCaller,
    query: PayrollFilters,
    pageSize = DEFAULT_PAGE_SIZE,
  ): Promise<PayrollPages> {
    const { companyId, scope } = callerOf(caller);
    const { from, to } = monthRange(query.month);
    const [company, titles] = await Promise.all([
      attendance.companySettings(companyId),
      assertFilters(companyId, scope, query),
    ]);
    const rows = await repository.findEmployees(companyId, query, from, to, scope);
    const pages = pagesOf(rows, pageSize, async (page) =>
      (await computeEmployees(companyId, company, page, from, to)).map(toPayrollRow),
    );
    return {
      month: query.month,
      from,
      to,
      companyTitle: company.title,
      scope: { ...titles, limitedToManager: scope.kind === 'UNITS' },
      pages,
    };
  }

  async function attendanceReportPages(
    caller: ReportsCaller,
    query: AttendanceReportValues,
    pageSize = DEFAULT_PAGE_SIZE,
  ): Promise<AttendanceReportPages> {
    const { companyId, scope } = callerOf(caller);
    const { from, to } = query;
    const [company] = await Promise.all([
      attendance.companySettings(companyId),
      assertFilters(companyId, scope, query),
    ]);
    const rows = await repository.findEmployees(companyId, query, from, to, scope);
    const totals = emptyAttendanceSummary();
    const pages = pagesOf(rows, pageSize, async (page) => {
      const computed = await computeEmployees(companyId, company, page, from, to);
      const result = computed.map(toAttendanceRow);
      for (const row of result) addAttendanceSummaries(totals, row);
      return result;
    });
    return { from, to, pages, totals: () => totals };
  }

  /** One employee's computed dates; 404 when the employee is not the company's. */
  async function employeeDays(caller: ReportsCaller, employeeId: number, from: string, to: string) {
    const { companyId, scope } = callerOf(caller);
    const [company, row] = await Promise.all([
      attendance.companySettings(companyId),
      repository.findEmployee(companyId, employeeId, scope),
    ]);
    if (!row) throw NOT_FOUND_EMPLOYEE();
    // The drill-down and a date's codes show dates; the period's totals are the reports'.
    const [computed] = await computeEmployees(companyId, company, [row], from, to, {
      summarized: false,
    });
    return computed!;
  }

  async function findEmployeeRow(caller: ReportsCaller, employeeId: number) {
    const { companyId, scope } = callerOf(caller);
    const row = await repository.findEmployee(companyId, employeeId, scope);
    if (!row) throw NOT_FOUND_EMPLOYEE();
    return row;
  }

  return {
    reportCardPages,
    attendanceReportPages,
    payrollPages,

    /** The timesheet of a month: every employee's codes of every date, totals and the norm. */
    async reportCard(caller: ReportsCaller, query: ReportCardValues): Promise<ReportCard> {
      const { header, pages } = await reportCardPages(caller, query, JSON_PAGE_SIZE);
      const employees: ReportCardEmployee[] = [];
      for await (const page of pages) employees.push(...page);
      return { ...header, employees };
    },

    /** Per employee what the dates of the period add up to, and the totals of everyone. */
    async attendanceReport(
      caller: ReportsCaller,
      query: AttendanceReportValues,
    ): Promise<AttendanceReport> {
      const { from, to, pages, totals } = await attendanceReportPages(
        caller,
        query,
        JSON_PAGE_SIZE,
      );
      const rows: AttendanceReportRow[] = [];
      for await (const page of pages) rows.push(...page);
      return { from, to, rows, totals: totals() };
    },

    /** The drill-down: one employee's dates with the facts and the codes of each. */
    async attendanceDays(
      caller: ReportsCaller,
      query: AttendanceDaysValues,
    ): Promise<AttendanceDays> {
      const computed = await employeeDays(caller, query.employeeId, query.from, query.to);
      return {
        employee: toReportEmployee(computed.row),
        from: query.from,
        to: query.to,
        days: computed.days.map((day) => toAttendanceDay(day, computed.timezone)),
      };
    },

    /** A manager replaces a date's codes; the reason goes to the history with who did it. */
    async setDay(auth: CompanyAuthContext, input: SetTimesheetDayValues): Promise<ReportCardDay> {
      const row = await findEmployeeRow(auth, input.employeeId);
      if (!isEmployedOn(input.date, employmentOf(row)))
        throw AppError.validation('date', 'В эту дату сотрудник не работал в компании');
      const entries = input.entries.map((entry) => ({ code: entry.code, minutes: entry.minutes }));
      await db.transaction((tx) => writeTimesheetDay(tx, auth, { ...input, entries }));
      const computed = await employeeDays(auth, input.employeeId, input.date, input.date);
      const override = computed.overrides.get(input.date) ?? null;
      return { date: input.date, entries, override: toOverrideInfo(override) };
    },

    /** Returns a date to its derived codes; the reason is kept in the history. */
    async clearDay(
      auth: CompanyAuthContext,
      input: ClearTimesheetDayValues,
    ): Promise<ReportCardDay> {
      const { companyId } = auth;
      await findEmployeeRow(auth, input.employeeId);
      await lock.assertOpen(companyId, [
        { employeeId: input.employeeId, from: input.date, to: input.date },
      ]);
      await db.transaction(async (tx) => {
        const repo = createReportsRepository(tx);
        if (!(await repo.deleteOverride(companyId, input.employeeId, input.date)))
          throw AppError.notFound('Коды этой даты не изменялись');
        await repo.insertHistory(companyId, {
          employeeId: input.employeeId,
          date: input.date,
          action: 'CLEAR',
          entries: null,
          reason: input.reason,
          changedBy: auth.employeeId,
          impersonatorId: auth.impersonatorId,
        });
      });
      const computed = await employeeDays(auth, input.employeeId, input.date, input.date);
      const day = computed.days[0]!;
      return { date: input.date, entries: day.entries, override: null };
    },

    /** Every change of a date's codes, oldest first. */
    async history(
      caller: ReportsCaller,
      query: { employeeId: number; date: string },
    ): Promise<TimesheetHistory> {
      const { companyId } = callerOf(caller);
      await findEmployeeRow(caller, query.employeeId);
      const rows = await repository.findHistory(companyId, query.employeeId, query.date);
      return {
        items: rows.map((row) => ({
          id: row.id,
          action: row.action,
          entries: row.entries,
          reason: row.reason,
          changedByName: row.changedByName,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}
