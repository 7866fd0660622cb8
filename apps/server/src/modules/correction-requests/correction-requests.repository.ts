import { and, count, desc, eq, exists, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListCorrectionRequestsQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  checks,
  companies,
  correctionRequests,
  employeeBranches,
  employees,
  users,
} from '../../db/schema/index.ts';
import { memberShortNameOf, type NameColumns } from '../../db/member-name.ts';
import { offsetOf } from '../../lib/pagination.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';

export type CorrectionRequestValues = Pick<
  typeof correctionRequests.$inferInsert,
  | 'employeeId'
  | 'date'
  | 'kind'
  | 'branchId'
  | 'checkIn'
  | 'checkOut'
  | 'code'
  | 'minutes'
  | 'comment'
>;

export type CorrectionRequestFilters = Omit<ListCorrectionRequestsQuery, 'page' | 'limit'> & {
  /** The caller's own requests only («Мои запросы»). */
  onlyEmployeeId?: number;
  /** The caller's employees (decision 016). */
  scope?: EmployeeScope;
};

const subject = alias(employees, 'subject');
const subjectUser = alias(users, 'subject_user');
const decider = alias(employees, 'decider');
const deciderUser = alias(users, 'decider_user');

const nameOf = (membership: NameColumns, user: NameColumns) =>
  sql<string | null>`nullif(${memberShortNameOf(membership, user)}, '')`;

const requestColumns = {
  id: correctionRequests.id,
  employeeId: correctionRequests.employeeId,
  employeeName: nameOf(subject, subjectUser),
  date: correctionRequests.date,
  kind: correctionRequests.kind,
  branchId: correctionRequests.branchId,
  branchTitle: branches.title,
  branchTimezone: branches.timezone,
  checkIn: correctionRequests.checkIn,
  checkOut: correctionRequests.checkOut,
  code: correctionRequests.code,
  minutes: correctionRequests.minutes,
  comment: correctionRequests.comment,
  status: correctionRequests.status,
  createdAt: correctionRequests.createdAt,
  decidedBy: correctionRequests.decidedBy,
  decidedByName: nameOf(decider, deciderUser),
  decidedAt: correctionRequests.decidedAt,
  reason: correctionRequests.reason,
};

/** Requests of a company, every query filtered by it (and by the caller's scope where given). */
export function createCorrectionRequestsRepository(db: DbOrTx) {
  function selectRequests() {
    return db
      .select(requestColumns)
      .from(correctionRequests)
      .innerJoin(
        subject,
        and(
          eq(subject.id, correctionRequests.employeeId),
          eq(subject.companyId, correctionRequests.companyId),
        ),
      )
      .innerJoin(subjectUser, eq(subjectUser.id, subject.userId))
      .leftJoin(
        branches,
        and(
          eq(branches.id, correctionRequests.branchId),
          eq(branches.companyId, correctionRequests.companyId),
        ),
      )
      .leftJoin(
        decider,
        and(
          eq(decider.id, correctionRequests.decidedBy),
          eq(decider.companyId, correctionRequests.companyId),
        ),
      )
      .leftJoin(deciderUser, eq(deciderUser.id, decider.userId))
      .$dynamic();
  }

  function whereOf(companyId: number, filters: CorrectionRequestFilters): SQL | undefined {
    return and(
      eq(correctionRequests.companyId, companyId),
      filters.scope
        ? employeeScopeCondition(filters.scope, correctionRequests.employeeId)
        : undefined,
      filters.onlyEmployeeId === undefined
        ? undefined
        : eq(correctionRequests.employeeId, filters.onlyEmployeeId),
      filters.status ? eq(correctionRequests.status, filters.status) : undefined,
      filters.employeeId === undefined
        ? undefined
        : eq(correctionRequests.employeeId, filters.employeeId),
      filters.departmentId === undefined
        ? undefined
        : eq(subject.departmentId, filters.departmentId),
      // A branch: where the employee works, or the branch the request names.
      filters.branchId === undefined
        ? undefined
        : or(
            eq(correctionRequests.branchId, filters.branchId),
            exists(
              db
                .select({ one: sql`1` })
                .from(employeeBranches)
                .where(
                  and(
                    eq(employeeBranches.employeeId, correctionRequests.employeeId),
                    eq(employeeBranches.branchId, filters.branchId),
                  ),
                ),
            ),
          ),
    );
  }

  return {
    /** The asker: employment and the company's zone (today's date for a code of the date). */
    async findAsker(companyId: number, employeeId: number) {
      const rows = await db
        .select({
          id: employees.id,
          status: employees.status,
          hireDate: employees.hireDate,
          dismissedAt: employees.dismissedAt,
          companyTimezone: companies.timezone,
        })
        .from(employees)
        .innerJoin(companies, eq(companies.id, employees.companyId))
        .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
        .limit(1);
      return rows[0];
    },

    async findBranch(companyId: number, branchId: number) {
      const rows = await db
        .select({ id: branches.id, timezone: branches.timezone, active: branches.active })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .limit(1);
      return rows[0];
    },

    /** Whether a live check of the employee began in the range (the asked date's day). */
    async hasCheckBetween(companyId: number, employeeId: number, fromMs: number, toMs: number) {
      const rows = await db
        .select({ id: checks.id })
        .from(checks)
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.employeeId, employeeId),
            isNull(checks.deletedAt),
            gte(checks.checkIn, new Date(fromMs)),
            lt(checks.checkIn, new Date(toMs)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async hasPending(companyId: number, employeeId: number, date: string) {
      const rows = await db
        .select({ id: correctionRequests.id })
        .from(correctionRequests)
        .where(
          and(
            eq(correctionRequests.companyId, companyId),
            eq(correctionRequests.employeeId, employeeId),
            eq(correctionRequests.date, date),
            eq(correctionRequests.status, 'PENDING'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertRequest(companyId: number, values: CorrectionRequestValues): Promise<number> {
      const [row] = await db
        .insert(correctionRequests)
        .values({ ...values, companyId })
        .returning({ id: correctionRequests.id });
      return row!.id;
    },

    async findRequest(companyId: number, id: number, scope?: EmployeeScope) {
      const rows = await selectRequests()
        .where(and(whereOf(companyId, { scope }), eq(correctionRequests.id, id)))
        .limit(1);
      return rows[0];
    },

    /** Locks the request until the transaction ends; a second decision waits and then sees it. */
    async lockRequest(companyId: number, id: number, scope?: EmployeeScope) {
      const rows = await db
        .select({ id: correctionRequests.id })
        .from(correctionRequests)
        .where(
          and(
            eq(correctionRequests.companyId, companyId),
            eq(correctionRequests.id, id),
            scope ? employeeScopeCondition(scope, correctionRequests.employeeId) : undefined,
          ),
        )
        .for('update');
      return rows[0];
    },

    async findRequests(
      companyId: number,
      filters: CorrectionRequestFilters,
      page: { page: number; limit: number },
    ) {
      const where = whereOf(companyId, filters);
      const [items, totals] = await Promise.all([
        selectRequests()
          .where(where)
          .orderBy(desc(correctionRequests.createdAt), desc(correctionRequests.id))
          .limit(page.limit)
          .offset(offsetOf(page)),
        db
          .select({ value: count() })
          .from(correctionRequests)
          .innerJoin(subject, eq(subject.id, correctionRequests.employeeId))
          .where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async countPending(companyId: number, scope: EmployeeScope) {
      const [row] = await db
        .select({ value: count() })
        .from(correctionRequests)
        .where(
          and(
            eq(correctionRequests.companyId, companyId),
            eq(correctionRequests.status, 'PENDING'),
            employeeScopeCondition(scope, correctionRequests.employeeId),
          ),
        );
      return row?.value ?? 0;
    },

    /** Moves a waiting request to its end state; false when it no longer waits. */
    async settle(
      companyId: number,
      id: number,
      values: {
        status: 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
        decidedBy: number | null;
        reason?: string | null;
        checkId?: number | null;
      },
    ): Promise<boolean> {
      const rows = await db
        .update(correctionRequests)
        .set({
          status: values.status,
          decidedBy: values.decidedBy,
          decidedAt: sql`now()`,
          reason: values.reason ?? null,
          checkId: values.checkId ?? null,
        })
        .where(
          and(
            eq(correctionRequests.companyId, companyId),
            eq(correctionRequests.id, id),
            eq(correctionRequests.status, 'PENDING'),
          ),
        )
        .returning({ id: correctionRequests.id });
      return rows.length > 0;
    },
  };
}

export type CorrectionRequestsRepository = ReturnType<typeof createCorrectionRequestsRepository>;
export type CorrectionRequestRow = NonNullable<
  Awaited<ReturnType<CorrectionRequestsRepository['findRequest']>>
>;
