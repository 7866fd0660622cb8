import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListDayOffsQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, dayOffs, employees, users } from '../../db/schema/index.ts';
import { memberShortNameOf, type NameColumns } from '../../db/member-name.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';

export type DayOffValues = Pick<
  typeof dayOffs.$inferInsert,
  'employeeId' | 'type' | 'dateFrom' | 'dateTo' | 'comment'
>;

export type DayOffFilters = Omit<ListDayOffsQuery, 'page' | 'limit'> & {
  /** An EMPLOYEE's list: their own entries and the company-wide ones, whatever else is asked. */
  onlyEmployeeId?: number;
  /** The caller's employees (decision 016): their entries and the company-wide ones. */
  employeeScope?: EmployeeScope;
};

/** Entries of the scope's employees and the company-wide ones (which concern everyone). */
function dayOffInScope(scope: EmployeeScope | undefined): SQL | undefined {
  const condition = scope ? employeeScopeCondition(scope, dayOffs.employeeId) : undefined;
  return condition ? or(isNull(dayOffs.employeeId), condition) : undefined;
}

const subject = alias(employees, 'subject');
const subjectUser = alias(users, 'subject_user');
const creator = alias(employees, 'creator');
const creatorUser = alias(users, 'creator_user');
const decider = alias(employees, 'decider');
const deciderUser = alias(users, 'decider_user');

/** The name as the company shows it; null where the row names nobody (a company-wide day). */
const nameOf = (membership: NameColumns, user: NameColumns) =>
  sql<string | null>`nullif(${memberShortNameOf(membership, user)}, '')`;

const dayOffColumns = {
  id: dayOffs.id,
  employeeId: dayOffs.employeeId,
  employeeName: nameOf(subject, subjectUser),
  type: dayOffs.type,
  dateFrom: dayOffs.dateFrom,
  dateTo: dayOffs.dateTo,
  comment: dayOffs.comment,
  status: dayOffs.status,
  createdBy: dayOffs.createdBy,
  createdByName: nameOf(creator, creatorUser),
  decidedBy: dayOffs.decidedBy,
  decidedByName: nameOf(decider, deciderUser),
  decidedAt: dayOffs.decidedAt,
  decisionComment: dayOffs.decisionComment,
  createdAt: dayOffs.createdAt,
};

export function createDayOffsRepository(db: DbOrTx) {
  function selectDayOffs() {
    return db
      .select(dayOffColumns)
      .from(dayOffs)
      .leftJoin(
        subject,
        and(eq(subject.id, dayOffs.employeeId), eq(subject.companyId, dayOffs.companyId)),
      )
      .leftJoin(subjectUser, eq(subjectUser.id, subject.userId))
      .leftJoin(
        creator,
        and(eq(creator.id, dayOffs.createdBy), eq(creator.companyId, dayOffs.companyId)),
      )
      .leftJoin(creatorUser, eq(creatorUser.id, creator.userId))
      .leftJoin(
        decider,
        and(eq(decider.id, dayOffs.decidedBy), eq(decider.companyId, dayOffs.companyId)),
      )
      .leftJoin(deciderUser, eq(deciderUser.id, decider.userId))
      .$dynamic();
  }

  function whereOf(companyId: number, filters: DayOffFilters): SQL {
    const conditions: (SQL | undefined)[] = [
      eq(dayOffs.companyId, companyId),
      dayOffInScope(filters.employeeScope),
    ];
    if (filters.onlyEmployeeId !== undefined)
      conditions.push(
        or(isNull(dayOffs.employeeId), eq(dayOffs.employeeId, filters.onlyEmployeeId)),
      );
    if (filters.scope === 'COMPANY') conditions.push(isNull(dayOffs.employeeId));
    if (filters.scope === 'EMPLOYEE') conditions.push(sql`${dayOffs.employeeId} is not null`);
    if (filters.employeeId !== undefined)
      conditions.push(
        filters.scope === 'EMPLOYEE'
          ? eq(dayOffs.employeeId, filters.employeeId)
          : or(isNull(dayOffs.employeeId), eq(dayOffs.employeeId, filters.employeeId)),
      );
    if (filters.type) conditions.push(eq(dayOffs.type, filters.type));
    if (filters.status) conditions.push(eq(dayOffs.status, filters.status));
    if (filters.from) conditions.push(gte(dayOffs.dateTo, filters.from));
    if (filters.to) conditions.push(lte(dayOffs.dateFrom, filters.to));
    const search = filters.search?.trim();
    if (search)
      conditions.push(
        or(
          ilike(nameOf(subject, subjectUser), likePattern(search)),
          ilike(dayOffs.comment, likePattern(search)),
        ),
      );
    return and(...conditions)!;
  }

  return {
    async findDayOffs(companyId: number, query: ListDayOffsQuery, filters: DayOffFilters) {
      const where = whereOf(companyId, filters);
      const by = query.order === 'desc' ? desc : asc;
      const sortBy = query.sort === 'createdAt' ? dayOffs.createdAt : dayOffs.dateFrom;
      const [items, totals] = await Promise.all([
        selectDayOffs()
          .where(where)
          .orderBy(by(sortBy), by(dayOffs.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db
          .select({ value: count() })
          .from(dayOffs)
          .leftJoin(
            subject,
            and(eq(subject.id, dayOffs.employeeId), eq(subject.companyId, dayOffs.companyId)),
          )
          .leftJoin(subjectUser, eq(subjectUser.id, subject.userId))
          .where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findDayOff(companyId: number, dayOffId: number, scope?: EmployeeScope) {
      const rows = await selectDayOffs()
        .where(
          and(eq(dayOffs.companyId, companyId), eq(dayOffs.id, dayOffId), dayOffInScope(scope)),
        )
        .limit(1);
      return rows[0];
    },

    /** Locks the day-off row until the transaction ends. */
    async lockDayOff(companyId: number, dayOffId: number, scope?: EmployeeScope) {
      const rows = await db
        .select()
        .from(dayOffs)
        .where(
          and(eq(dayOffs.companyId, companyId), eq(dayOffs.id, dayOffId), dayOffInScope(scope)),
        )
        .for('update');
      return rows[0];
    },

    /**
     * Serializes the day-off writes of one employee (or of the company-wide entries): the overlap
     * check and the write that follows it then see each other's result.
     */
    async lockOwner(
      companyId: number,
      employeeId: number | null,
      scope?: EmployeeScope,
    ): Promise<boolean> {
      if (employeeId === null) {
        const rows = await db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, companyId))
          .for('update');
        return rows.length > 0;
      }
      const rows = await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.id, employeeId),
            scope ? employeeScopeCondition(scope) : undefined,
          ),
        )
        .for('update');
      return rows.length > 0;
    },

    /** The first requested or approved entry of the same owner overlapping the dates. */
    async findOverlapping(
      companyId: number,
      employeeId: number | null,
      from: string,
      to: string,
      excludeId?: number,
    ) {
      const rows = await db
        .select({
          id: dayOffs.id,
          type: dayOffs.type,
          dateFrom: dayOffs.dateFrom,
          dateTo: dayOffs.dateTo,
          status: dayOffs.status,
        })
        .from(dayOffs)
        .where(
          and(
            eq(dayOffs.companyId, companyId),
            employeeId === null ? isNull(dayOffs.employeeId) : eq(dayOffs.employeeId, employeeId),
            inArray(dayOffs.status, ['REQUESTED', 'APPROVED']),
            lte(dayOffs.dateFrom, to),
            gte(dayOffs.dateTo, from),
            excludeId === undefined ? undefined : ne(dayOffs.id, excludeId),
          ),
        )
        .orderBy(asc(dayOffs.dateFrom), asc(dayOffs.id))
        .limit(1);
      return rows[0];
    },

    async insertDayOff(
      companyId: number,
      values: DayOffValues & {
        status: 'REQUESTED' | 'APPROVED';
        createdBy: number;
        decidedBy: number | null;
        decidedAt: Date | null;
      },
    ): Promise<number> {
      const [row] = await db
        .insert(dayOffs)
        .values({ ...values, companyId })
        .returning({ id: dayOffs.id });
      return row!.id;
    },

    async updateDayOff(companyId: number, dayOffId: number, values: Partial<DayOffValues>) {
      await db
        .update(dayOffs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(dayOffs.companyId, companyId), eq(dayOffs.id, dayOffId)));
    },

    async decideDayOff(
      companyId: number,
      dayOffId: number,
      decision: { status: 'APPROVED' | 'REJECTED'; decidedBy: number; decisionComment: string },
    ) {
      await db
        .update(dayOffs)
        .set({ ...decision, decidedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(dayOffs.companyId, companyId), eq(dayOffs.id, dayOffId)));
    },

    async deleteDayOff(companyId: number, dayOffId: number) {
      await db
        .delete(dayOffs)
        .where(and(eq(dayOffs.companyId, companyId), eq(dayOffs.id, dayOffId)));
    },

    async isCompanyEmployee(
      companyId: number,
      employeeId: number,
      scope: EmployeeScope,
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
  };
}

export type DayOffsRepository = ReturnType<typeof createDayOffsRepository>;
export type DayOffRow = NonNullable<Awaited<ReturnType<DayOffsRepository['findDayOff']>>>;
