import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { AvailabilityKind, AvailabilityMark } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { availabilityMarks, companies, employees } from '../../db/schema/index.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';
import { inIds } from '../../lib/pagination.ts';

const markColumns = {
  employeeId: availabilityMarks.employeeId,
  date: availabilityMarks.date,
  kind: availabilityMarks.kind,
  start: availabilityMarks.startTime,
  end: availabilityMarks.endTime,
  comment: availabilityMarks.comment,
};

export type AvailabilityMarkRow = AvailabilityMark & { employeeId: number };

export function toAvailabilityMark(row: AvailabilityMarkRow): AvailabilityMark {
  return { date: row.date, kind: row.kind, start: row.start, end: row.end, comment: row.comment };
}

export function createAvailabilityRepository(db: DbOrTx) {
  return {
    /** The employee (in the caller's scope) with the company's time zone; undefined when not found. */
    async findEmployee(companyId: number, scope: EmployeeScope, employeeId: number) {
      const rows = await db
        .select({ id: employees.id, status: employees.status, timezone: companies.timezone })
        .from(employees)
        .innerJoin(companies, eq(companies.id, employees.companyId))
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

    /**
     * The marks of these employees from `from` to `to`, by employee and date: one query for any
     * number of employees (the calendar's page).
     */
    async findMarks(
      companyId: number,
      employeeIds: readonly number[],
      from: string,
      to: string,
    ): Promise<AvailabilityMarkRow[]> {
      if (employeeIds.length === 0) return [];
      return db
        .select(markColumns)
        .from(availabilityMarks)
        .where(
          and(
            eq(availabilityMarks.companyId, companyId),
            inIds(availabilityMarks.employeeId, employeeIds),
            gte(availabilityMarks.date, from),
            lte(availabilityMarks.date, to),
          ),
        )
        .orderBy(asc(availabilityMarks.employeeId), asc(availabilityMarks.date));
    },

    async upsertMark(
      companyId: number,
      employeeId: number,
      mark: {
        date: string;
        kind: AvailabilityKind;
        start: string | null;
        end: string | null;
        comment: string;
      },
    ): Promise<AvailabilityMarkRow> {
      const values = {
        kind: mark.kind,
        startTime: mark.start,
        endTime: mark.end,
        comment: mark.comment,
      };
      const [row] = await db
        .insert(availabilityMarks)
        .values({ companyId, employeeId, date: mark.date, ...values })
        .onConflictDoUpdate({
          target: [availabilityMarks.employeeId, availabilityMarks.date],
          set: { ...values, updatedAt: new Date() },
        })
        .returning(markColumns);
      return row!;
    },

    async deleteMark(companyId: number, employeeId: number, date: string): Promise<boolean> {
      const rows = await db
        .delete(availabilityMarks)
        .where(
          and(
            eq(availabilityMarks.companyId, companyId),
            eq(availabilityMarks.employeeId, employeeId),
            eq(availabilityMarks.date, date),
          ),
        )
        .returning({ id: availabilityMarks.id });
      return rows.length > 0;
    },
  };
}
