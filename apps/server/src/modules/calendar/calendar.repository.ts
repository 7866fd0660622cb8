import { and, asc, count, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CalendarDayKind, RosterShift } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  type CalendarYearData,
  branches,
  calendarYears,
  companies,
  companyCalendarDays,
  countries,
  departments,
  employeeBranches,
  employees,
  positions,
  rosterShifts,
  users,
} from '../../db/schema/index.ts';
import { memberFullName, memberName } from '../../db/member-name.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';
import { inIds, likePattern } from '../../lib/pagination.ts';

export type CalendarEmployeeFilters = {
  branchId?: number | undefined;
  departmentId?: number | undefined;
  employeeId?: number | undefined;
  search?: string | undefined;
};

const fullName = memberFullName;

/** Roster rows written or removed per statement by the bulk actions. */
const ROSTER_BATCH = 1000;

export function createCalendarRepository(db: DbOrTx) {
  function employeesWhere(
    companyId: number,
    scope: EmployeeScope,
    filters: CalendarEmployeeFilters,
  ): SQL {
    const conditions: (SQL | undefined)[] = [
      eq(employees.companyId, companyId),
      eq(employees.status, 'ACTIVE'),
      employeeScopeCondition(scope),
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
    const search = filters.search?.trim();
    if (search)
      conditions.push(
        or(
          ilike(fullName, likePattern(search)),
          ilike(employees.personnelNumber, likePattern(search)),
        ),
      );
    return and(...conditions)!;
  }

  return {
    /** A page of the company's active employees by name, with the total over all pages. */
    async findEmployeesPage(
      companyId: number,
      scope: EmployeeScope,
      filters: CalendarEmployeeFilters,
      page: { limit: number; offset: number },
    ) {
      const where = employeesWhere(companyId, scope, filters);
      const [items, totals] = await Promise.all([
        db
          .select({
            id: employees.id,
            name: fullName,
            departmentTitle: departments.title,
            positionTitle: positions.title,
          })
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
            and(
              eq(positions.id, employees.positionId),
              eq(positions.companyId, employees.companyId),
            ),
          )
          .where(where)
          .orderBy(
            asc(memberName.lastName),
            asc(memberName.firstName),
            asc(memberName.middleName),
            asc(employees.id),
          )
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ value: count() })
          .from(employees)
          .innerJoin(users, eq(users.id, employees.userId))
          .where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    /** Whether the branch or the department is the company's (a filter of another one: 404). */
    async isCompanyUnit(companyId: number, unit: { kind: 'BRANCH' | 'DEPARTMENT'; id: number }) {
      const table = unit.kind === 'BRANCH' ? branches : departments;
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.companyId, companyId), eq(table.id, unit.id)))
        .limit(1);
      return rows.length > 0;
    },

    async findBranchTitles(companyId: number, employeeIds: number[]) {
      if (employeeIds.length === 0) return [];
      return db
        .select({ employeeId: employeeBranches.employeeId, title: branches.title })
        .from(employeeBranches)
        .innerJoin(
          branches,
          and(
            eq(branches.id, employeeBranches.branchId),
            eq(branches.companyId, employeeBranches.companyId),
          ),
        )
        .where(
          and(
            eq(employeeBranches.companyId, companyId),
            inIds(employeeBranches.employeeId, employeeIds),
          ),
        )
        .orderBy(asc(branches.title), asc(branches.id));
    },

    /** «Проверки ТК РФ при планировании» of the company: warnings or hard stops. */
    async findPlanRuleEnforcement(companyId: number): Promise<'WARN' | 'BLOCK'> {
      const rows = await db
        .select({ value: companies.planRuleEnforcement })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0]?.value ?? 'WARN';
    },

    async isCompanyEmployee(
      companyId: number,
      scope: EmployeeScope,
      employeeId: number,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.id, employeeId),
            employeeScopeCondition(scope),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Names and status of the employees among these ids that are the company's and in the
     * caller's scope (bulk actions name each failure; ids left out are unknown to the caller).
     */
    async findEmployeeNames(companyId: number, scope: EmployeeScope, employeeIds: number[]) {
      if (employeeIds.length === 0) return [];
      return db
        .select({ id: employees.id, name: fullName, status: employees.status })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          and(
            eq(employees.companyId, companyId),
            inIds(employees.id, employeeIds),
            employeeScopeCondition(scope),
          ),
        );
    },

    /** The active employees the calendar's filters show, by name, at most `limit`. */
    async findEmployeesMatching(
      companyId: number,
      scope: EmployeeScope,
      filters: CalendarEmployeeFilters,
      limit: number,
    ) {
      return db
        .select({ id: employees.id, name: fullName, status: employees.status })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(employeesWhere(companyId, scope, filters))
        .orderBy(
          asc(memberName.lastName),
          asc(memberName.firstName),
          asc(memberName.middleName),
          asc(employees.id),
        )
        .limit(limit);
    },

    // ---------- the company's corrections ----------

    async upsertCompanyDay(companyId: number, date: string, kind: CalendarDayKind) {
      await db
        .insert(companyCalendarDays)
        .values({ companyId, date, kind })
        .onConflictDoUpdate({
          target: [companyCalendarDays.companyId, companyCalendarDays.date],
          set: { kind, updatedAt: sql`now()` },
        });
    },

    async deleteCompanyDay(companyId: number, date: string) {
      await db
        .delete(companyCalendarDays)
        .where(
          and(eq(companyCalendarDays.companyId, companyId), eq(companyCalendarDays.date, date)),
        );
    },

    // ---------- roster ----------

    async upsertRoster(companyId: number, employeeId: number, date: string, shifts: RosterShift[]) {
      await db
        .insert(rosterShifts)
        .values({ companyId, employeeId, date, shifts })
        .onConflictDoUpdate({
          target: [rosterShifts.employeeId, rosterShifts.date],
          set: { shifts, updatedAt: sql`now()` },
        });
    },

    /** Places many roster entries at once (a few statements of up to 1,000 rows each). */
    async upsertRosters(
      companyId: number,
      entries: readonly { employeeId: number; date: string; shifts: RosterShift[] }[],
    ) {
      for (let start = 0; start < entries.length; start += ROSTER_BATCH) {
        const batch = entries.slice(start, start + ROSTER_BATCH);
        await db
          .insert(rosterShifts)
          .values(batch.map((entry) => ({ companyId, ...entry })))
          .onConflictDoUpdate({
            target: [rosterShifts.employeeId, rosterShifts.date],
            set: { shifts: sql`excluded.shifts`, updatedAt: sql`now()` },
          });
      }
    },

    /** Removes the roster entries of these cells (those in the scope); answers how many went. */
    async deleteRosters(
      companyId: number,
      scope: EmployeeScope,
      cells: readonly { employeeId: number; date: string }[],
    ): Promise<number> {
      let removed = 0;
      for (let start = 0; start < cells.length; start += ROSTER_BATCH) {
        const batch = cells.slice(start, start + ROSTER_BATCH);
        const rows = await db
          .delete(rosterShifts)
          .where(
            and(
              eq(rosterShifts.companyId, companyId),
              sql`(${rosterShifts.employeeId}, ${rosterShifts.date}) in (${sql.join(
                batch.map((cell) => sql`(${cell.employeeId}::int, ${cell.date}::date)`),
                sql`, `,
              )})`,
              employeeScopeCondition(scope, rosterShifts.employeeId),
            ),
          )
          .returning({ id: rosterShifts.id });
        removed += rows.length;
      }
      return removed;
    },

    async deleteRoster(
      companyId: number,
      scope: EmployeeScope,
      employeeId: number,
      date: string,
    ): Promise<boolean> {
      const rows = await db
        .delete(rosterShifts)
        .where(
          and(
            eq(rosterShifts.companyId, companyId),
            eq(rosterShifts.employeeId, employeeId),
            eq(rosterShifts.date, date),
            employeeScopeCondition(scope, rosterShifts.employeeId),
          ),
        )
        .returning({ id: rosterShifts.id });
      return rows.length > 0;
    },

    // ---------- countries' production calendars (shared reference data) ----------

    async countryExists(countryCode: string): Promise<boolean> {
      const rows = await db
        .select({ id: countries.id })
        .from(countries)
        .where(eq(countries.code, countryCode))
        .limit(1);
      return rows.length > 0;
    },

    async findCountryYear(countryCode: string, year: number) {
      const rows = await db
        .select()
        .from(calendarYears)
        .where(and(eq(calendarYears.countryCode, countryCode), eq(calendarYears.year, year)))
        .limit(1);
      return rows[0];
    },

    async findCountryYears() {
      return db
        .select({
          country: calendarYears.countryCode,
          year: calendarYears.year,
          provisional: calendarYears.provisional,
          source: calendarYears.source,
          updatedAt: calendarYears.updatedAt,
        })
        .from(calendarYears)
        .orderBy(asc(calendarYears.countryCode), asc(calendarYears.year));
    },

    async upsertCountryYear(
      countryCode: string,
      year: number,
      values: { provisional: boolean; source: string; data: CalendarYearData },
    ) {
      await db
        .insert(calendarYears)
        .values({ countryCode, year, ...values })
        .onConflictDoUpdate({
          target: [calendarYears.countryCode, calendarYears.year],
          set: { ...values, updatedAt: sql`now()` },
        });
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
