import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { memberShortNameOf } from '../../db/member-name.ts';
import {
  checks,
  companies,
  deviationActions,
  employees,
  timesheetOverrides,
  users,
} from '../../db/schema/index.ts';
import { inIds } from '../../lib/pagination.ts';
import {
  COMPANY_SCOPE,
  employeeScopeCondition,
  type EmployeeScope,
} from '../../db/employee-scope.ts';

const changer = alias(employees, 'changer');
const changerUser = alias(users, 'changer_user');
const changerName = sql<
  string | null
>`coalesce(nullif(${memberShortNameOf(changer, changerUser)}, ''), ${changerUser.email})`;

/**
 * A check: id, employee, branch, check-in and check-out (null while open) in epoch ms, and
 * whether the server closed it (a forgotten check-out).
 */
export type CheckTuple = [number, number, number, number, number | null, boolean];

/** What attendance reads; every query by company. */
export function createAttendanceRepository(db: DbOrTx) {
  return {
    /** The company's settings attendance depends on. */
    async findCompanySettings(companyId: number) {
      const rows = await db
        .select({
          title: companies.title,
          timezone: companies.timezone,
          lateToleranceMinutes: companies.lateToleranceMinutes,
          crossMidnightHours: companies.crossMidnightHours,
          holidayShiftCode: companies.holidayShiftCode,
          overtimeApproval: companies.overtimeApproval,
          schedulePublication: companies.schedulePublication,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0];
    },

    /** Which of the ids are the company's employees, with their dates of employment. */
    async findEmployments(
      companyId: number,
      employeeIds: readonly number[],
      scope: EmployeeScope = COMPANY_SCOPE,
    ) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          id: employees.id,
          hireDate: employees.hireDate,
          dismissedAt: employees.dismissedAt,
        })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            inIds(employees.id, employeeIds),
            employeeScopeCondition(scope),
          ),
        );
    },

    /**
     * Live checks of the employees with a check-in in [fromMs, toMs), by employee and time, as
     * tuples `[id, employeeId, branchId, inMs, outMs, autoClosed]`: one JSON value instead of thousands of
     * rows and Date objects (a month of a big company is tens of thousands of checks).
     */
    async findChecks(
      companyId: number,
      employeeIds: readonly number[],
      fromMs: number,
      toMs: number,
    ): Promise<CheckTuple[]> {
      if (employeeIds.length === 0) return [];
      const result = await db.execute(sql`
        select coalesce(json_agg(json_build_array(
          ${checks.id}, ${checks.employeeId}, ${checks.branchId},
          (extract(epoch from ${checks.checkIn}) * 1000)::float8,
          (extract(epoch from ${checks.checkOut}) * 1000)::float8,
          ${checks.autoClosed}
        ) order by ${checks.employeeId}, ${checks.checkIn}), '[]')::text as "tuples"
        from ${checks}
        where ${checks.companyId} = ${companyId}
          and ${inIds(checks.employeeId, employeeIds)}
          and ${checks.checkIn} >= ${new Date(fromMs).toISOString()}::timestamptz
          and ${checks.checkIn} < ${new Date(toMs).toISOString()}::timestamptz
          and ${checks.deletedAt} is null`);
      const rows = (result as unknown as { rows: { tuples: string }[] }).rows;
      return JSON.parse(rows[0]?.tuples ?? '[]') as CheckTuple[];
    },

    /**
     * The shift dates whose overtime a manager approved (decision 024), by employee; they matter
     * when the company counts overtime only once approved.
     */
    async findApprovedOvertime(
      companyId: number,
      employeeIds: readonly number[],
      from: string,
      to: string,
    ): Promise<Map<number, Set<string>>> {
      const result = new Map<number, Set<string>>();
      if (employeeIds.length === 0) return result;
      const rows = await db
        .selectDistinct({ employeeId: deviationActions.employeeId, date: deviationActions.date })
        .from(deviationActions)
        .where(
          and(
            eq(deviationActions.companyId, companyId),
            inIds(deviationActions.employeeId, employeeIds),
            eq(deviationActions.action, 'APPROVE_OVERTIME'),
            gte(deviationActions.date, from),
            lte(deviationActions.date, to),
          ),
        );
      for (const row of rows) {
        const dates = result.get(row.employeeId);
        if (dates) dates.add(row.date);
        else result.set(row.employeeId, new Set([row.date]));
      }
      return result;
    },

    /** The timesheet codes managers set by hand, with who set them last. */
    async findOverrides(
      companyId: number,
      employeeIds: readonly number[],
      from: string,
      to: string,
    ) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          employeeId: timesheetOverrides.employeeId,
          date: timesheetOverrides.date,
          entries: timesheetOverrides.entries,
          reason: timesheetOverrides.reason,
          changedByName: changerName,
          updatedAt: timesheetOverrides.updatedAt,
        })
        .from(timesheetOverrides)
        .leftJoin(changer, eq(changer.id, timesheetOverrides.changedBy))
        .leftJoin(changerUser, eq(changerUser.id, changer.userId))
        .where(
          and(
            eq(timesheetOverrides.companyId, companyId),
            inIds(timesheetOverrides.employeeId, employeeIds),
            gte(timesheetOverrides.date, from),
            lte(timesheetOverrides.date, to),
          ),
        );
    },
  };
}

export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
export type CompanySettingsRow = NonNullable<
  Awaited<ReturnType<AttendanceRepository['findCompanySettings']>>
>;
export type OverrideRow = Awaited<ReturnType<AttendanceRepository['findOverrides']>>[number];
