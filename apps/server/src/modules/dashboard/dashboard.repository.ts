import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { branches, employeeBranches, employees, users } from '../../db/schema/index.ts';
import { memberShortName } from '../../db/member-name.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';

/**
 * What the company dashboard reads besides attendance: a fixed handful of queries whatever the
 * number of employees. Every function takes the company first and filters on it.
 */
export function createDashboardRepository(db: DbOrTx) {
  return {
    /** The company's active employees (every role: managers are planned like anybody else). */
    async findActiveEmployees(companyId: number, scope: EmployeeScope) {
      return db
        .select({
          id: employees.id,
          name: memberShortName,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.status, 'ACTIVE'),
            employeeScopeCondition(scope),
          ),
        )
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
    async findEmployeeBranches(companyId: number, scope: EmployeeScope) {
      return db
        .select({ employeeId: employeeBranches.employeeId, branchId: employeeBranches.branchId })
        .from(employeeBranches)
        .where(
          and(
            eq(employeeBranches.companyId, companyId),
            employeeScopeCondition(scope, employeeBranches.employeeId),
          ),
        )
        .orderBy(asc(employeeBranches.employeeId), asc(employeeBranches.branchId));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
