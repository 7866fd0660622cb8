import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ListBranchesQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { branches, cities, companies, employeeBranches, employees } from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

export type BranchValues = Pick<
  typeof branches.$inferInsert,
  'title' | 'address' | 'cityId' | 'latitude' | 'longitude' | 'radius' | 'timezone' | 'active'
>;

/**
 * Active employees allowed at the branch, counted inside the list query itself (no N+1).
 *
 * Built with the query builder, not raw SQL: Drizzle drops table names from raw columns in the
 * selection of a single-table query, and the subquery would then compare employees with themselves.
 */
function activeEmployeeCount(db: DbOrTx) {
  const counted = db
    .select({ value: count() })
    .from(employeeBranches)
    .innerJoin(employees, eq(employees.id, employeeBranches.employeeId))
    .where(
      and(
        eq(employeeBranches.branchId, branches.id),
        eq(employeeBranches.companyId, branches.companyId),
        eq(employees.status, 'ACTIVE'),
      ),
    );
  return sql<number>`(${counted})`.mapWith(Number);
}

function branchFields(db: DbOrTx) {
  return {
    id: branches.id,
    title: branches.title,
    address: branches.address,
    cityId: branches.cityId,
    cityName: cities.name,
    latitude: branches.latitude,
    longitude: branches.longitude,
    radius: branches.radius,
    timezone: branches.timezone,
    active: branches.active,
    createdAt: branches.createdAt,
    employeeCount: activeEmployeeCount(db),
  };
}

export function createBranchesRepository(db: DbOrTx) {
  function selectBranches() {
    return db
      .select(branchFields(db))
      .from(branches)
      .leftJoin(cities, eq(cities.id, branches.cityId));
  }

  return {
    async findBranches(companyId: number, query: ListBranchesQuery) {
      const conditions: (SQL | undefined)[] = [
        eq(branches.companyId, companyId),
        query.active === undefined ? undefined : eq(branches.active, query.active),
      ];
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(ilike(branches.title, pattern), ilike(branches.address, pattern)));
      }
      const where = and(...conditions);
      const sortBy = {
        title: sql`lower(${branches.title})`,
        createdAt: branches.createdAt,
        employeeCount: activeEmployeeCount(db),
      }[query.sort];
      const direction = query.order === 'desc' ? desc : asc;
      const [items, totals] = await Promise.all([
        selectBranches()
          .where(where)
          .orderBy(direction(sortBy), direction(branches.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(branches).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findBranch(companyId: number, branchId: number) {
      const rows = await selectBranches()
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .limit(1);
      return rows[0];
    },

    /** Locks the branch row until the transaction ends: links to it wait (their FK check). */
    async lockBranch(companyId: number, branchId: number) {
      const rows = await db
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .for('update');
      return rows[0];
    },

    async insertBranch(companyId: number, values: BranchValues): Promise<number> {
      const [row] = await db
        .insert(branches)
        .values({ ...values, companyId })
        .returning({ id: branches.id });
      return row!.id;
    },

    /** Answers false when the branch is not the company's. */
    async updateBranch(
      companyId: number,
      branchId: number,
      values: Partial<BranchValues>,
    ): Promise<boolean> {
      const rows = await db
        .update(branches)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .returning({ id: branches.id });
      return rows.length > 0;
    },

    async archiveBranch(companyId: number, branchId: number) {
      await db
        .update(branches)
        .set({ active: false, updatedAt: sql`now()` })
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)));
    },

    async deleteBranch(companyId: number, branchId: number) {
      await db
        .delete(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)));
    },

    /**
     * Whether anything refers to the branch, so that deleting it would lose data: employees'
     * branch links today; checks and other records join this one query as their modules arrive.
     */
    async isBranchUsed(companyId: number, branchId: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(employeeBranches)
        .where(
          and(eq(employeeBranches.companyId, companyId), eq(employeeBranches.branchId, branchId)),
        )
        .limit(1);
      return rows.length > 0;
    },

    async findCompanyTimezone(companyId: number): Promise<string | undefined> {
      const rows = await db
        .select({ timezone: companies.timezone })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0]?.timezone;
    },

    /** Cities are shared reference data, not a company's. */
    async cityExists(cityId: number): Promise<boolean> {
      const rows = await db
        .select({ id: cities.id })
        .from(cities)
        .where(eq(cities.id, cityId))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type BranchesRepository = ReturnType<typeof createBranchesRepository>;
export type BranchRow = NonNullable<Awaited<ReturnType<BranchesRepository['findBranch']>>>;
