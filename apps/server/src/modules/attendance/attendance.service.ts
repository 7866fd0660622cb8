import type { AccountingPeriod, TimesheetEntry } from '@smena/contract';
import {
  type AttendanceCheck,
  type AttendanceDate,
  type AttendancePlan,
  type DayAttendance,
  type Employment,
  type TimesheetRules,
  addDays,
  employeeAttendance,
} from '@smena/time';
import { type DbOrTx, readAll } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createPlanningService } from '../planning/index.ts';
import {
  type CompanySettingsRow,
  type OverrideRow,
  createAttendanceRepository,
} from './attendance.repository.ts';

const HOUR_MS = 3_600_000;
/** Every time zone is within this of UTC: a UTC range this much wider holds every local one. */
const ZONE_SLACK_MS = 14 * HOUR_MS;

/** A stored check as attendance takes it. */
export type StoredCheck = AttendanceCheck & { id: number; branchId: number; autoClosed: boolean };

/** An employee to compute, with the dates of employment when codes outside them must be empty. */
export type AttendanceSubject = { id: number; employment?: Employment | undefined };

export type EmployeeAttendance = {
  employeeId: number;
  /** The zone the dates and night hours are read in: the employee's first branch's, else the company's. */
  timezone: string;
  days: AttendanceDate<StoredCheck>[];
  /** The manager's overrides by date (only when asked for). */
  overrides: Map<string, OverrideRow>;
  /**
   * Summarized accounting's period of the schedule in force at the end of the range (the day
   * after `to`, as planned); null — ordinary accounting. Decision 030.
   */
  accountingPeriod: AccountingPeriod | null;
};

export type CompanyAttendanceSettings = CompanySettingsRow;

export function timesheetRulesOf(company: CompanyAttendanceSettings): TimesheetRules {
  return {
    crossMidnightHours: company.crossMidnightHours,
    holidayShiftCode: company.holidayShiftCode,
    overtimeApproval: company.overtimeApproval,
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;

/**
 * Attendance of a company's employees over dates: the only place that turns plans and checks
 * into what a date means (the rules themselves are `employeeAttendance` in @smena/time). Reads
 * a fixed number of queries whatever the number of employees: the company's settings, the plans
 * (see the planning service), the checks, the approved overtime and, for the timesheet, the
 * overrides.
 */
export function createAttendanceService(deps: { db: DbOrTx; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createAttendanceRepository(db);
  const planning = createPlanningService({ db });

  async function companySettings(companyId: number): Promise<CompanyAttendanceSettings> {
    const company = await repository.findCompanySettings(companyId);
    if (!company) throw AppError.notFound('Компания не найдена');
    return company;
  }

  /**
   * Every date `from`–`to` of the employees (all of them the company's, checked by the caller),
   * in the order given. `withOverrides` puts the managers' codes in place of the derived ones.
   */
  async function employeesAttendance(
    companyId: number,
    subjects: readonly AttendanceSubject[],
    from: string,
    to: string,
    options: {
      company?: CompanyAttendanceSettings;
      withOverrides?: boolean;
      /** 'arrival': lateness and absence only (see `employeeAttendance`). */
      detail?: 'full' | 'arrival';
    } = {},
  ): Promise<EmployeeAttendance[]> {
    if (subjects.length === 0) return [];
    const nowMs = now();
    const ids = subjects.map((subject) => subject.id);
    // The day before: its night shift runs into `from`; the day after: what the end of a shift
    // on `to` falls on.
    const planFrom = addDays(from, -1);
    const planTo = addDays(to, 1);
    const full = options.detail !== 'arrival';
    const [company, { plans, context }, checkRows, overrideRows, approvedOvertime] = await readAll(
      db,
      [
        async () => options.company ?? (await companySettings(companyId)),
        () => planning.planEmployees(companyId, ids, planFrom, planTo),
        () =>
          repository.findChecks(
            companyId,
            ids,
            Date.parse(`${planFrom}T00:00:00Z`) - ZONE_SLACK_MS,
            Date.parse(`${planTo}T00:00:00Z`) + ZONE_SLACK_MS,
          ),
        async () =>
          options.withOverrides ? await repository.findOverrides(companyId, ids, from, to) : [],
        // A shift's overtime is approved on its start date: the day before `from` may hold one.
        async () =>
          full
            ? await repository.findApprovedOvertime(companyId, ids, planFrom, to)
            : new Map<number, Set<string>>(),
      ],
    );

    const checksOf = new Map<number, StoredCheck[]>();
    for (const [id, employeeId, branchId, inMs, outMs, autoClosed] of checkRows) {
      const check: StoredCheck = { id, branchId, inMs, outMs, autoClosed };
      const list = checksOf.get(employeeId);
      if (list) list.push(check);
      else checksOf.set(employeeId, [check]);
    }
    const overridesOf = new Map<number, Map<string, OverrideRow>>();
    for (const row of overrideRows) {
      let byDate = overridesOf.get(row.employeeId);
      if (!byDate) overridesOf.set(row.employeeId, (byDate = new Map()));
      byDate.set(row.date, row);
    }

    const rules = timesheetRulesOf(company);
    // Employees of one schedule share plan objects: a date without checks is judged once per zone.
    const idleCaches = new Map<string, WeakMap<AttendancePlan, DayAttendance>>();
    const idleCacheOf = (timezone: string) => {
      let cache = idleCaches.get(timezone);
      if (!cache) idleCaches.set(timezone, (cache = new WeakMap()));
      return cache;
    };

    return subjects.map((subject) => {
      const plan = plans.get(subject.id);
      const timezone = plan?.timezone ?? company.timezone;
      const overrides = overridesOf.get(subject.id) ?? new Map<string, OverrideRow>();
      const entriesByDate = new Map<string, readonly TimesheetEntry[]>();
      for (const [date, row] of overrides) entriesByDate.set(date, row.entries);

      // Summarized accounting (art. 104): no overtime per date; the reports count the period's.
      const accountingPeriod = plan?.schedule?.accountingPeriod ?? null;
      const days = employeeAttendance({
        plans: plan?.attendancePlans ?? [],
        checks: checksOf.get(subject.id) ?? [],
        from,
        to,
        options: { timezone, lateToleranceMinutes: company.lateToleranceMinutes, nowMs },
        rules: accountingPeriod ? { ...rules, summarized: true } : rules,
        calendar: context.calendar,
        employment: subject.employment,
        overrides: entriesByDate,
        approvedOvertimeDates: approvedOvertime.get(subject.id),
        idleCache: idleCacheOf(timezone),
        detail: options.detail,
      });
      return { employeeId: subject.id, timezone, days, overrides, accountingPeriod };
    });
  }

  return { companySettings, employeesAttendance };
}
