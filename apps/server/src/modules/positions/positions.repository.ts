import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { ListPositionsQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { employees, positions } from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

export type PositionValues = Pick<typeof positions.$inferInsert, 'title'>;

/**
 * Active employees holding the position, counted inside the list query itself (no N+1).
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
        eq(employees.positionId, positions.id),
        eq(employees.companyId, positions.companyId),
        eq(employees.status, 'ACTIVE'),
      ),
    );
  return sql<number>`(${counted})`.mapWith(Number);
}

function positionFields(db: DbOrTx) {
  return {
    id: positions.id,
    title: positions.title,
    employeeCount: activeEmployeeCount(db),
    createdAt: positions.createdAt,
  };
}

export function createPositionsRepository(db: DbOrTx) {
  return {
    async findPositions(companyId: number, query: ListPositionsQuery) {
      const conditions: (SQL | undefined)[] = [eq(positions.companyId, companyId)];
      if (query.search) conditions.push(ilike(positions.title, likePattern(query.search)));
      const where = and(...conditions);
      const sortBy = {
        title: sql`lower(${positions.title})`,
        createdAt: positions.createdAt,
        employeeCount: activeEmployeeCount(db),
      }[query.sort];
      const direction = query.order === 'desc' ? desc : asc;
      const [items, totals] = await Promise.all([
        db
          .select(positionFields(db))
          .from(positions)
          .where(where)
          .orderBy(direction(sortBy), direction(positions.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(positions).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findPosition(companyId: number, positionId: number) {
      const rows = await db
        .select(positionFields(db))
        .from(positions)
        .where(and(eq(positions.companyId, companyId), eq(positions.id, positionId)))
        .limit(1);
      return rows[0];
    },

    /** Locks the row until the transaction ends: assigning employees to it waits. */
    async lockPosition(companyId: number, positionId: number) {
      const rows = await db
        .select({ id: positions.id })
        .from(positions)
        .where(and(eq(positions.companyId, companyId), eq(positions.id, positionId)))
        .for('update');
      return rows[0];
    },

    async countActiveEmployees(companyId: number, positionId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.positionId, positionId),
            eq(employees.status, 'ACTIVE'),
          ),
        );
      return row?.value ?? 0;
    },

    async insertPosition(companyId: number, values: PositionValues): Promise<number> {
      const [row] = await db
        .insert(positions)
        .values({ ...values, companyId })
        .returning({ id: positions.id });
      return row!.id;
    },

    /** Answers false when the position is not the company's. */
    async updatePosition(
      companyId: number,
      positionId: number,
      values: Partial<PositionValues>,
    ): Promise<boolean> {
      const rows = await db
        .update(positions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(positions.companyId, companyId), eq(positions.id, positionId)))
        .returning({ id: positions.id });
      return rows.length > 0;
    },

    async deletePosition(companyId: number, positionId: number) {
      await db
        .delete(positions)
        .where(and(eq(positions.companyId, companyId), eq(positions.id, positionId)));
    },
  };
}

export type PositionsRepository = ReturnType<typeof createPositionsRepository>;
export type PositionRow = NonNullable<Awaited<ReturnType<PositionsRepository['findPosition']>>>;
