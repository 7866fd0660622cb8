import { and, asc, count, desc, eq, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AccountingPeriod, ListSchedulesQuery, ScheduleDefinition } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  employees,
  scheduleAssignments,
  scheduleVersions,
  schedules,
} from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';
import {
  COMPANY_SCOPE,
  employeeScopeCondition,
  type EmployeeScope,
} from '../../db/employee-scope.ts';

export type ScheduleValues = {
  title: string;
  type: ScheduleDefinition['type'];
  definition: ScheduleDefinition;
  color: string;
  accountingPeriod: AccountingPeriod | null;
};

/**
 * Active employees whose current assignment (the latest effective on or before `today`) is the
 * schedule — counted inside the query, so a list costs one round trip. The outer table is named
 * in raw SQL: Drizzle drops table names from columns of a single-table selection.
 */
function currentEmployeeCount(companyId: number, today: string) {
  return sql<number>`(
    select count(*) from (
      select distinct on (a.employee_id) a.schedule_id
      from ${scheduleAssignments} a
      join ${employees} e on e.id = a.employee_id and e.status = 'ACTIVE'
      where a.company_id = ${companyId} and a.effective_from <= ${today}
      order by a.employee_id, a.effective_from desc
    ) current_assignment
    where current_assignment.schedule_id = "schedules"."id"
  )`.mapWith(Number);
}

/** The day after the schedule's latest earlier version ended: where its definition starts. */
function definitionFrom() {
  return sql<string | null>`(
    select (max(v.valid_to) + 1)::text from ${scheduleVersions} v
    where v.schedule_id = "schedules"."id"
  )`;
}

export function createSchedulesRepository(db: DbOrTx) {
  function selectSchedules(companyId: number, today: string) {
    return db
      .select({
        id: schedules.id,
        title: schedules.title,
        type: schedules.type,
        definition: schedules.definition,
        color: schedules.color,
        accountingPeriod: schedules.accountingPeriod,
        createdAt: schedules.createdAt,
        employeeCount: currentEmployeeCount(companyId, today),
        definitionFrom: definitionFrom(),
      })
      .from(schedules)
      .$dynamic();
  }

  return {
    async findSchedules(companyId: number, query: ListSchedulesQuery, today: string) {
      const conditions: (SQL | undefined)[] = [
        eq(schedules.companyId, companyId),
        query.type ? eq(schedules.type, query.type) : undefined,
        query.search ? ilike(schedules.title, likePattern(query.search)) : undefined,
      ];
      const where = and(...conditions);
      const sortBy = {
        title: sql`lower(${schedules.title})`,
        type: schedules.type,
        createdAt: schedules.createdAt,
        employeeCount: currentEmployeeCount(companyId, today),
      }[query.sort];
      const direction = query.order === 'desc' ? desc : asc;
      const [items, totals] = await Promise.all([
        selectSchedules(companyId, today)
          .where(where)
          .orderBy(direction(sortBy), direction(schedules.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(schedules).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findSchedule(companyId: number, scheduleId: number, today: string) {
      const rows = await selectSchedules(companyId, today)
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, scheduleId)))
        .limit(1);
      return rows[0];
    },

    async hasSchedule(companyId: number, scheduleId: number): Promise<boolean> {
      const rows = await db
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, scheduleId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Locks the schedule row until the transaction ends: assignments to it wait (their FK check). */
    async lockSchedule(companyId: number, scheduleId: number) {
      const rows = await db
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, scheduleId)))
        .for('update');
      return rows[0];
    },

    async insertSchedule(companyId: number, values: ScheduleValues): Promise<number> {
      const [row] = await db
        .insert(schedules)
        .values({ ...values, companyId })
        .returning({ id: schedules.id });
      return row!.id;
    },

    async updateSchedule(
      companyId: number,
      scheduleId: number,
      values: Partial<ScheduleValues>,
    ): Promise<boolean> {
      const rows = await db
        .update(schedules)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, scheduleId)))
        .returning({ id: schedules.id });
      return rows.length > 0;
    },

    /** The schedule's current definition and where it starts, the row locked (in a transaction). */
    async lockScheduleDefinition(companyId: number, scheduleId: number) {
      const rows = await db
        .select({ definition: schedules.definition, definitionFrom: definitionFrom() })
        .from(schedules)
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, scheduleId)))
        .for('update');
      return rows[0];
    },

    /** Whether any employee had the schedule on a date before `date`. */
    async isScheduleUsedBefore(companyId: number, scheduleId: number, date: string) {
      const rows = await db
        .select({ one: sql`1` })
        .from(scheduleAssignments)
        .where(
          and(
            eq(scheduleAssignments.companyId, companyId),
            eq(scheduleAssignments.scheduleId, scheduleId),
            lt(scheduleAssignments.effectiveFrom, date),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Keeps `definition` as what the schedule was up to and including `validTo`. */
    async insertVersion(
      companyId: number,
      scheduleId: number,
      validTo: string,
      definition: ScheduleDefinition,
    ) {
      await db.insert(scheduleVersions).values({ companyId, scheduleId, validTo, definition });
    },

    async deleteSchedule(companyId: number, scheduleId: number) {
      await db
        .delete(schedules)
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, scheduleId)));
    },

    async isScheduleAssigned(companyId: number, scheduleId: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(scheduleAssignments)
        .where(
          and(
            eq(scheduleAssignments.companyId, companyId),
            eq(scheduleAssignments.scheduleId, scheduleId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    // ---------- assignments ----------

    /** Which of the ids are the company's employees. */
    async findCompanyEmployeeIds(
      companyId: number,
      employeeIds: number[],
      scope: EmployeeScope = COMPANY_SCOPE,
    ): Promise<number[]> {
      if (employeeIds.length === 0) return [];
      const rows = await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            inArray(employees.id, employeeIds),
            employeeScopeCondition(scope),
          ),
        );
      return rows.map((row) => row.id);
    },

    async findEmployee(
      companyId: number,
      employeeId: number,
      scope: EmployeeScope = COMPANY_SCOPE,
    ) {
      const rows = await db
        .select({ id: employees.id, status: employees.status })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.id, employeeId),
            employeeScopeCondition(scope),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /** One row per employee and date: a second assignment of the same date replaces the first. */
    async upsertAssignments(
      companyId: number,
      employeeIds: number[],
      scheduleId: number | null,
      effectiveFrom: string,
    ): Promise<void> {
      if (employeeIds.length === 0) return;
      await db
        .insert(scheduleAssignments)
        .values(
          employeeIds.map((employeeId) => ({ companyId, employeeId, scheduleId, effectiveFrom })),
        )
        .onConflictDoUpdate({
          target: [scheduleAssignments.employeeId, scheduleAssignments.effectiveFrom],
          set: { scheduleId, createdAt: sql`now()` },
        });
    },

    async findAssignmentsOf(companyId: number, employeeId: number) {
      return db
        .select({
          id: scheduleAssignments.id,
          employeeId: scheduleAssignments.employeeId,
          scheduleId: scheduleAssignments.scheduleId,
          scheduleTitle: schedules.title,
          scheduleType: schedules.type,
          effectiveFrom: scheduleAssignments.effectiveFrom,
          createdAt: scheduleAssignments.createdAt,
        })
        .from(scheduleAssignments)
        .leftJoin(
          schedules,
          and(
            eq(schedules.id, scheduleAssignments.scheduleId),
            eq(schedules.companyId, scheduleAssignments.companyId),
          ),
        )
        .where(
          and(
            eq(scheduleAssignments.companyId, companyId),
            eq(scheduleAssignments.employeeId, employeeId),
          ),
        )
        .orderBy(desc(scheduleAssignments.effectiveFrom));
    },

    async deleteAssignment(
      companyId: number,
      assignmentId: number,
      scope: EmployeeScope = COMPANY_SCOPE,
    ): Promise<{ employeeId: number; effectiveFrom: string } | undefined> {
      const [row] = await db
        .delete(scheduleAssignments)
        .where(
          and(
            eq(scheduleAssignments.companyId, companyId),
            eq(scheduleAssignments.id, assignmentId),
            employeeScopeCondition(scope, scheduleAssignments.employeeId),
          ),
        )
        .returning({
          employeeId: scheduleAssignments.employeeId,
          effectiveFrom: scheduleAssignments.effectiveFrom,
        });
      return row;
    },
  };
}

export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
export type ScheduleRow = NonNullable<Awaited<ReturnType<SchedulesRepository['findSchedule']>>>;
export type ScheduleAssignmentRow = Awaited<
  ReturnType<SchedulesRepository['findAssignmentsOf']>
>[number];
