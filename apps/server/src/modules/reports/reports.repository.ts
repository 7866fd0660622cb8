import { and, asc, eq, exists, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TimesheetEntry } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  departments,
  employeeBranches,
  employees,
  positions,
  timesheetOverrideHistory,
  timesheetOverrides,
  users,
} from '../../db/schema/index.ts';
import { memberFullName, memberName, memberShortNameOf } from '../../db/member-name.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';

export type ReportFilters = {
  branchId?: number | undefined;
  departmentId?: number | undefined;
  employeeId?: number | undefined;
};

const fullName = memberFullName;

const changer = alias(employees, 'changer');
const changerUser = alias(users, 'changer_user');
const changerName = sql<
  string | null
>`coalesce(nullif(${memberShortNameOf(changer, changerUser)}, ''), ${changerUser.email})`;

const employeeFields = {
  id: employees.id,
  name: fullName,
  personnelNumber: employees.personnelNumber,
  departmentTitle: departments.title,
  positionTitle: positions.title,
  hireDate: employees.hireDate,
  dismissedAt: employees.dismissedAt,
};

/** Reads of the reports and the writes of the timesheet's overrides; every query by company. */
export function createReportsRepository(db: DbOrTx) {
  function employeesQuery() {
    return db
      .select(employeeFields)
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .leftJoin(
        departments,
        and(
          eq(departments.id, employees.departmentId),
          eq(departments.companyId, employees.companyId),
        ),
      )
      .leftJoin(
        positions,
        and(eq(positions.id, employees.positionId), eq(positions.companyId, employees.companyId)),
      );
  }

  return {
    /** The branch's title; undefined when it is not the company's. */
    async findBranchTitle(companyId: number, branchId: number) {
      const rows = await db
        .select({ title: branches.title })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .limit(1);
      return rows[0]?.title;
    },

    async findDepartmentTitle(companyId: number, departmentId: number) {
      const rows = await db
        .select({ title: departments.title })
        .from(departments)
        .where(and(eq(departments.companyId, companyId), eq(departments.id, departmentId)))
        .limit(1);
      return rows[0]?.title;
    },

    async findEmployee(companyId: number, employeeId: number, scope?: EmployeeScope) {
      const rows = await employeesQuery()
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.id, employeeId),
            scope ? employeeScopeCondition(scope) : undefined,
          ),
        )
        .limit(1);
      return rows[0];
    },

    /**
     * The company's employees matching the filters who were on the staff at some date of the
     * range (hired on or before `to`, not dismissed before `from`), by name.
     */
    async findEmployees(
      companyId: number,
      filters: ReportFilters,
      from: string,
      to: string,
      scope?: EmployeeScope,
    ) {
      const conditions: (SQL | undefined)[] = [
        eq(employees.companyId, companyId),
        scope ? employeeScopeCondition(scope) : undefined,
        or(isNull(employees.hireDate), lte(employees.hireDate, to)),
        or(isNull(employees.dismissedAt), gte(employees.dismissedAt, from)),
      ];
      if (filters.employeeId) conditions.push(eq(employees.id, filters.employeeId));
      if (filters.departmentId) conditions.push(eq(employees.departmentId, filters.departmentId));
      if (filters.branchId)
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(employeeBranches)
              .where(
                and(
                  eq(employeeBranches.companyId, companyId),
                  eq(employeeBranches.branchId, filters.branchId),
                  eq(employeeBranches.employeeId, employees.id),
                ),
              ),
          ),
        );
      return employeesQuery()
        .where(and(...conditions))
        .orderBy(
          asc(memberName.lastName),
          asc(memberName.firstName),
          asc(memberName.middleName),
          asc(employees.id),
        );
    },

    async upsertOverride(
      companyId: number,
      values: {
        employeeId: number;
        date: string;
        entries: TimesheetEntry[];
        reason: string;
        changedBy: number | null;
      },
    ) {
      await db
        .insert(timesheetOverrides)
        .values({ ...values, companyId })
        .onConflictDoUpdate({
          target: [
            timesheetOverrides.companyId,
            timesheetOverrides.employeeId,
            timesheetOverrides.date,
          ],
          set: {
            entries: values.entries,
            reason: values.reason,
            changedBy: values.changedBy,
            updatedAt: sql`now()`,
          },
        });
    },

    /** Removes a date's override; false when there was none. */
    async deleteOverride(companyId: number, employeeId: number, date: string): Promise<boolean> {
      const rows = await db
        .delete(timesheetOverrides)
        .where(
          and(
            eq(timesheetOverrides.companyId, companyId),
            eq(timesheetOverrides.employeeId, employeeId),
            eq(timesheetOverrides.date, date),
          ),
        )
        .returning({ id: timesheetOverrides.id });
      return rows.length > 0;
    },

    async insertHistory(
      companyId: number,
      entry: {
        employeeId: number;
        date: string;
        action: 'SET' | 'CLEAR';
        entries: TimesheetEntry[] | null;
        reason: string;
        changedBy: number | null;
        impersonatorId: number | null;
      },
    ) {
      await db.insert(timesheetOverrideHistory).values({ ...entry, companyId });
    },

    async findHistory(companyId: number, employeeId: number, date: string) {
      return db
        .select({
          id: timesheetOverrideHistory.id,
          action: timesheetOverrideHistory.action,
          entries: timesheetOverrideHistory.entries,
          reason: timesheetOverrideHistory.reason,
          changedByName: changerName,
          createdAt: timesheetOverrideHistory.createdAt,
        })
        .from(timesheetOverrideHistory)
        .leftJoin(changer, eq(changer.id, timesheetOverrideHistory.changedBy))
        .leftJoin(changerUser, eq(changerUser.id, changer.userId))
        .where(
          and(
            eq(timesheetOverrideHistory.companyId, companyId),
            eq(timesheetOverrideHistory.employeeId, employeeId),
            eq(timesheetOverrideHistory.date, date),
          ),
        )
        .orderBy(asc(timesheetOverrideHistory.createdAt), asc(timesheetOverrideHistory.id));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
export type ReportEmployeeRow = Awaited<ReturnType<ReportsRepository['findEmployees']>>[number];
