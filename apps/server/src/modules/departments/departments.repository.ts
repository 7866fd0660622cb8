import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListDepartmentsQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { departments, employees, users } from '../../db/schema/index.ts';
import { memberShortNameOf } from '../../db/member-name.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

export type DepartmentValues = Pick<
  typeof departments.$inferInsert,
  'title' | 'parentId' | 'headEmployeeId'
>;

/** Guards against walking a (corrupted) cyclic chain forever. */
const MAX_DEPTH = 1000;
/** First key of the transaction-scoped advisory lock on a company's department tree. */
const TREE_LOCK_KEY = 4_201;

const head = alias(employees, 'head');
const headUser = alias(users, 'head_user');

/**
 * Active employees of the department, counted inside the list query itself (no N+1).
 *
 * Built with the query builder, not raw SQL: Drizzle drops table names from raw columns in the
 * selection of a single-table query, and the subquery would then compare employees with themselves.
 */
function activeEmployeeCount(db: DbOrTx) {
  const counted = db
    .select({ value: count() })
    .from(employees)
    .where(
      and(
        eq(employees.departmentId, departments.id),
        eq(employees.companyId, departments.companyId),
        eq(employees.status, 'ACTIVE'),
      ),
    );
  return sql<number>`(${counted})`.mapWith(Number);
}

function departmentFields(db: DbOrTx) {
  return {
    id: departments.id,
    title: departments.title,
    parentId: departments.parentId,
    headEmployeeId: departments.headEmployeeId,
    headName: sql<string | null>`nullif(${memberShortNameOf(head, headUser)}, '')`,
    employeeCount: activeEmployeeCount(db),
    createdAt: departments.createdAt,
  };
}

export function createDepartmentsRepository(db: DbOrTx) {
  function selectDepartments() {
    return db
      .select(departmentFields(db))
      .from(departments)
      .leftJoin(
        head,
        and(eq(head.id, departments.headEmployeeId), eq(head.companyId, departments.companyId)),
      )
      .leftJoin(headUser, eq(headUser.id, head.userId));
  }

  return {
    async findDepartments(companyId: number, query: ListDepartmentsQuery) {
      const conditions: (SQL | undefined)[] = [eq(departments.companyId, companyId)];
      if (query.search) conditions.push(ilike(departments.title, likePattern(query.search)));
      const where = and(...conditions);
      const sortBy = {
        title: sql`lower(${departments.title})`,
        createdAt: departments.createdAt,
        employeeCount: activeEmployeeCount(db),
      }[query.sort];
      const direction = query.order === 'desc' ? desc : asc;
      const [items, totals] = await Promise.all([
        selectDepartments()
          .where(where)
          .orderBy(direction(sortBy), direction(departments.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(departments).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findDepartment(companyId: number, departmentId: number) {
      const rows = await selectDepartments()
        .where(and(eq(departments.companyId, companyId), eq(departments.id, departmentId)))
        .limit(1);
      return rows[0];
    },

    /** The bare row, locked until the transaction ends: assigning employees to it waits. */
    async lockDepartment(companyId: number, departmentId: number) {
      const rows = await db
        .select({ id: departments.id, parentId: departments.parentId })
        .from(departments)
        .where(and(eq(departments.companyId, companyId), eq(departments.id, departmentId)))
        .for('update');
      return rows[0];
    },

    /**
     * Serialises changes of one company's tree, so that two simultaneous moves cannot close a
     * cycle that neither would alone. Released at the end of the transaction.
     */
    async lockTree(companyId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY}, ${companyId})`);
    },

    async departmentExists(companyId: number, departmentId: number): Promise<boolean> {
      const rows = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.companyId, companyId), eq(departments.id, departmentId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether `departmentId` is `parentId` itself or one of its ancestors. */
    async isSelfOrAncestor(
      companyId: number,
      departmentId: number,
      parentId: number,
    ): Promise<boolean> {
      const result = await db.execute(sql`
        with recursive chain (id, parent_id, depth) as (
          select ${departments.id}, ${departments.parentId}, 1
          from ${departments}
          where ${departments.companyId} = ${companyId} and ${departments.id} = ${parentId}
          union all
          select d.id, d.parent_id, chain.depth + 1
          from ${departments} d
          inner join chain on d.id = chain.parent_id
          where d.company_id = ${companyId} and chain.depth < ${MAX_DEPTH}
        )
        select exists (select 1 from chain where id = ${departmentId}) as "found"`);
      const rows = (result as unknown as { rows: { found: boolean }[] }).rows;
      return rows[0]?.found === true;
    },

    async isActiveEmployee(companyId: number, employeeId: number): Promise<boolean> {
      const rows = await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.id, employeeId),
            eq(employees.status, 'ACTIVE'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async countActiveEmployees(companyId: number, departmentId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.departmentId, departmentId),
            eq(employees.status, 'ACTIVE'),
          ),
        );
      return row?.value ?? 0;
    },

    async insertDepartment(companyId: number, values: DepartmentValues): Promise<number> {
      const [row] = await db
        .insert(departments)
        .values({ ...values, companyId })
        .returning({ id: departments.id });
      return row!.id;
    },

    /** Answers false when the department is not the company's. */
    async updateDepartment(
      companyId: number,
      departmentId: number,
      values: Partial<DepartmentValues>,
    ): Promise<boolean> {
      const rows = await db
        .update(departments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(departments.companyId, companyId), eq(departments.id, departmentId)))
        .returning({ id: departments.id });
      return rows.length > 0;
    },

    /** Moves the children of a department under another parent (null: to the top). */
    async reparentChildren(companyId: number, departmentId: number, newParentId: number | null) {
      await db
        .update(departments)
        .set({ parentId: newParentId, updatedAt: sql`now()` })
        .where(and(eq(departments.companyId, companyId), eq(departments.parentId, departmentId)));
    },

    async deleteDepartment(companyId: number, departmentId: number) {
      await db
        .delete(departments)
        .where(and(eq(departments.companyId, companyId), eq(departments.id, departmentId)));
    },
  };
}

export type DepartmentsRepository = ReturnType<typeof createDepartmentsRepository>;
export type DepartmentRow = NonNullable<
  Awaited<ReturnType<DepartmentsRepository['findDepartment']>>
>;
