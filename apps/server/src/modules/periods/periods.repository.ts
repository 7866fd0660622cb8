import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberFullName } from '../../db/member-name.ts';
import { branches, departments, employees, monthPeriods, users } from '../../db/schema/index.ts';
import { inIds } from '../../lib/pagination.ts';

export type UnitKey = { kind: 'BRANCH' | 'DEPARTMENT'; id: number };
export type PeriodRow = typeof monthPeriods.$inferSelect;

function unitCondition(unit: UnitKey) {
  return unit.kind === 'BRANCH'
    ? eq(monthPeriods.branchId, unit.id)
    : eq(monthPeriods.departmentId, unit.id);
}

export function createPeriodsRepository(db: DbOrTx) {
  return {
    /** The company's branches or departments, all of them or those of `ids` (by title). */
    async findUnits(companyId: number, kind: UnitKey['kind'], ids?: readonly number[]) {
      const table = kind === 'BRANCH' ? branches : departments;
      return db
        .select({ id: table.id, title: table.title })
        .from(table)
        .where(and(eq(table.companyId, companyId), ids ? inIds(table.id, ids) : undefined))
        .orderBy(asc(table.title), asc(table.id));
    },

    async findPeriods(companyId: number, month: string) {
      return db
        .select()
        .from(monthPeriods)
        .where(and(eq(monthPeriods.companyId, companyId), eq(monthPeriods.month, month)));
    },

    async findPeriod(companyId: number, month: string, unit: UnitKey) {
      const [row] = await db
        .select()
        .from(monthPeriods)
        .where(
          and(
            eq(monthPeriods.companyId, companyId),
            eq(monthPeriods.month, month),
            unitCondition(unit),
          ),
        );
      return row;
    },

    /**
     * The company's names of the memberships given («Фамилия Имя Отчество»); the email of an
     * account without a name (an admin who registered the company and never filled it in).
     */
    async findNames(companyId: number, employeeIds: readonly number[]) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          id: employees.id,
          name: sql<string>`coalesce(nullif(${memberFullName}, ''), ${users.email})`,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(and(eq(employees.companyId, companyId), inIds(employees.id, employeeIds)));
    },

    /** A DRAFT row for the unit's month unless one exists (the unique indexes keep one). */
    async ensurePeriod(companyId: number, month: string, unit: UnitKey) {
      await db
        .insert(monthPeriods)
        .values({
          companyId,
          month,
          branchId: unit.kind === 'BRANCH' ? unit.id : null,
          departmentId: unit.kind === 'DEPARTMENT' ? unit.id : null,
        })
        .onConflictDoNothing();
    },

    /**
     * Moves the unit's month from one of `from` to the new state in one statement, so that of two
     * concurrent requests only one finds the old state (the other gets nothing back: 409).
     */
    async transition(
      companyId: number,
      month: string,
      unit: UnitKey,
      from: readonly PeriodRow['status'][],
      values: Partial<
        Pick<
          PeriodRow,
          | 'status'
          | 'submittedBy'
          | 'submittedAt'
          | 'approvedBy'
          | 'approvedAt'
          | 'reopenedBy'
          | 'reopenedAt'
          | 'reopenReason'
        >
      >,
    ) {
      const [row] = await db
        .update(monthPeriods)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(monthPeriods.companyId, companyId),
            eq(monthPeriods.month, month),
            unitCondition(unit),
            sql`${monthPeriods.status} in (${sql.join(
              from.map((status) => sql`${status}`),
              sql`, `,
            )})`,
          ),
        )
        .returning();
      return row;
    },
  };
}
