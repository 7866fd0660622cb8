import { and, asc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { memberShortNameOf } from '../../db/member-name.ts';
import { checks, companies, employees, timesheetOverrides, users } from '../../db/schema/index.ts';
import { inIds } from '../../lib/pagination.ts';

const changer = alias(employees, 'changer');
const changerUser = alias(users, 'changer_user');
const changerName = sql<
  string | null
>`coalesce(nullif(${memberShortNameOf(changer, changerUser)}, ''), ${changerUser.email})`;

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
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0];
    },

    /** Which of the ids are the company's employees, with their dates of employment. */
    async findEmployments(companyId: number, employeeIds: readonly number[]) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          id: employees.id,
          hireDate: employees.hireDate,
          dismissedAt: employees.dismissedAt,
        })
        .from(employees)
        .where(and(eq(employees.companyId, companyId), inIds(employees.id, [...employeeIds])));
    },

    /** Live checks of the employees with a check-in in [fromMs, toMs), by employee and time. */
    async findChecks(
      companyId: number,
      employeeIds: readonly number[],
      fromMs: number,
      toMs: number,
    ) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          id: checks.id,
          employeeId: checks.employeeId,
          branchId: checks.branchId,
          checkIn: checks.checkIn,
          checkOut: checks.checkOut,
        })
        .from(checks)
        .where(
          and(
            eq(checks.companyId, companyId),
            inIds(checks.employeeId, [...employeeIds]),
            gte(checks.checkIn, new Date(fromMs)),
            lt(checks.checkIn, new Date(toMs)),
            isNull(checks.deletedAt),
          ),
        )
        .orderBy(asc(checks.employeeId), asc(checks.checkIn));
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
            inIds(timesheetOverrides.employeeId, [...employeeIds]),
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
