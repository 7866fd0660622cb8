import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  checks,
  companies,
  employeeBranches,
  employees,
  users,
} from '../../db/schema/index.ts';
import { memberShortName } from '../../db/member-name.ts';

/** A check as the dashboard reads it: id, employee, branch, check-in and check-out in epoch ms. */
export type CheckTuple = [
  id: number,
  employeeId: number,
  branchId: number,
  inMs: number,
  outMs: number | null,
];

/**
 * What the company dashboard reads besides the plans: a fixed handful of queries whatever the
 * number of employees. Every function takes the company first and filters on it.
 */
export function createDashboardRepository(db: DbOrTx) {
  return {
    async findCompanySettings(companyId: number) {
      const rows = await db
        .select({
          timezone: companies.timezone,
          lateToleranceMinutes: companies.lateToleranceMinutes,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0];
    },

    /** The company's active employees (every role: managers are planned like anybody else). */
    async findActiveEmployees(companyId: number) {
      return db
        .select({
          id: employees.id,
          name: memberShortName,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(and(eq(employees.companyId, companyId), eq(employees.status, 'ACTIVE')))
        .orderBy(asc(employees.id));
    },

    /** Every branch of the company (archived ones still name old checks and give zones). */
    async findBranches(companyId: number) {
      return db
        .select({
          id: branches.id,
          title: branches.title,
          timezone: branches.timezone,
          active: branches.active,
        })
        .from(branches)
        .where(eq(branches.companyId, companyId))
        .orderBy(asc(branches.title), asc(branches.id));
    },

    /** Which employee works in which branch, by employee and branch id. */
    async findEmployeeBranches(companyId: number) {
      return db
        .select({ employeeId: employeeBranches.employeeId, branchId: employeeBranches.branchId })
        .from(employeeBranches)
        .where(eq(employeeBranches.companyId, companyId))
        .orderBy(asc(employeeBranches.employeeId), asc(employeeBranches.branchId));
    },

    /**
     * Live checks with a check-in between two instants (the dashboard's fifteen days), as
     * `[id, employeeId, branchId, inMs, outMs | null]`. One JSON row instead of thousands of rows:
     * decoding rows one by one costs more than the query itself (about 10 ms against 100 for
     * 7,000 checks on PGlite).
     */
    async findChecksSince(companyId: number, from: Date, to: Date): Promise<CheckTuple[]> {
      const result = await db.execute(sql`
        select coalesce(json_agg(json_build_array(
          ${checks.id}, ${checks.employeeId}, ${checks.branchId},
          (extract(epoch from ${checks.checkIn}) * 1000)::float8,
          (extract(epoch from ${checks.checkOut}) * 1000)::float8
        )), '[]')::text as "tuples"
        from ${checks}
        where ${checks.companyId} = ${companyId}
          and ${checks.checkIn} >= ${from.toISOString()}::timestamptz
          and ${checks.checkIn} <= ${to.toISOString()}::timestamptz
          and ${checks.deletedAt} is null`);
      const rows = (result as unknown as { rows: { tuples: string }[] }).rows;
      return JSON.parse(rows[0]?.tuples ?? '[]') as CheckTuple[];
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
