import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import {
  departments,
  employeeBranches,
  employees,
  managerBranches,
  managerDepartments,
} from './schema/index.ts';

/**
 * The employees a caller may see and act on inside their company (decision 016), computed once
 * per request from the token's membership (`request.auth.scope`):
 *
 * - `COMPANY`: everyone (ADMIN, a super admin impersonating one, an API key, a MANAGER of the
 *   whole company);
 * - `UNITS`: a MANAGER of some branches and/or departments: the employees working at one of the
 *   branches (`employee_branches`) or belonging to one of the departments or their
 *   sub-departments (already expanded here), and the manager themself;
 * - `SELF`: an EMPLOYEE: themself only.
 *
 * Repositories never test the role: they add `employeeScopeCondition(scope, column)` where they
 * select employees (or rows of employees), so a row outside the scope is simply not found (404,
 * like another company's) and lists hold no such rows.
 */
export type EmployeeScope =
  | { kind: 'COMPANY' }
  | {
      kind: 'UNITS';
      companyId: number;
      /** The manager's own membership: always in their scope. */
      selfId: number;
      branchIds: readonly number[];
      /** The departments named and all their sub-departments. */
      departmentIds: readonly number[];
    }
  | { kind: 'SELF'; employeeId: number };

export const COMPANY_SCOPE: EmployeeScope = Object.freeze({ kind: 'COMPANY' });

export type ManagerScopeKind = 'COMPANY' | 'UNITS';

/**
 * The SQL condition «the employee whose id is in `employeeId` is in the scope»; undefined when the
 * scope is the whole company (drizzle's `and` drops it). `employeeId` is any column or expression
 * holding an employee id: `employees.id`, `checks.employeeId`, an alias's column.
 */
export function employeeScopeCondition(
  scope: EmployeeScope,
  employeeId: AnyColumn | SQL = employees.id,
): SQL | undefined {
  switch (scope.kind) {
    case 'COMPANY':
      return undefined;
    case 'SELF':
      return sql`${employeeId} = ${scope.employeeId}`;
    case 'UNITS': {
      const parts: SQL[] = [sql`${employeeId} = ${scope.selfId}`];
      if (scope.branchIds.length > 0) {
        parts.push(
          sql`${employeeId} in (select ${employeeBranches.employeeId} from ${employeeBranches} where ${employeeBranches.companyId} = ${scope.companyId} and ${employeeBranches.branchId} in ${idList(scope.branchIds)})`,
        );
      }
      if (scope.departmentIds.length > 0) {
        // An alias, so that the subquery never binds to an outer `employees` of the caller.
        parts.push(
          sql`${employeeId} in (select scoped.id from ${employees} scoped where scoped.company_id = ${scope.companyId} and scoped.department_id in ${idList(scope.departmentIds)})`,
        );
      }
      return sql`(${sql.join(parts, sql` or `)})`;
    }
  }
}

function idList(ids: readonly number[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * Whether an employee described by their id, department and branches is in the scope: for rules
 * checked in code (whom a manager may create, where an update may move someone).
 */
export function scopeCovers(
  scope: EmployeeScope,
  employee: { id?: number; departmentId: number | null; branchIds: readonly number[] },
): boolean {
  switch (scope.kind) {
    case 'COMPANY':
      return true;
    case 'SELF':
      return employee.id === scope.employeeId;
    case 'UNITS':
      return (
        employee.id === scope.selfId ||
        (employee.departmentId !== null && scope.departmentIds.includes(employee.departmentId)) ||
        employee.branchIds.some((id) => scope.branchIds.includes(id))
      );
  }
}

/** Whether the scope is narrower than the whole company. */
export function isLimitedScope(scope: EmployeeScope): boolean {
  return scope.kind !== 'COMPANY';
}

/**
 * The body of a recursive `tree(manager_id, id)`: the departments named for UNITS managers of the
 * company (all of them, or the one given) with all their sub-departments — the expansion
 * `loadManagerUnitsScope` and `findManagersSeeing` share. A `union`, so a cycle cannot loop.
 */
function managedDepartmentsTree(companyId: number, managerId?: number): SQL {
  const ofManager =
    managerId === undefined ? sql`` : sql` and ${managerDepartments.managerId} = ${managerId}`;
  return sql`
    select ${managerDepartments.managerId}, ${managerDepartments.departmentId}
      from ${managerDepartments}
      where ${managerDepartments.companyId} = ${companyId}${ofManager}
    union
    select tree.manager_id, d.id from ${departments} d join tree on d.parent_id = tree.id
      where d.company_id = ${companyId}`;
}

/**
 * The scope of a MANAGER limited to units: the branches and departments listed for them, the
 * departments expanded with their sub-departments, in one query.
 */
export async function loadManagerUnitsScope(
  db: DbOrTx,
  companyId: number,
  managerId: number,
): Promise<EmployeeScope> {
  const result = await db.execute(sql`
    with recursive tree(manager_id, id) as (${managedDepartmentsTree(companyId, managerId)})
    select 'D' as kind, id from tree
    union all
    select 'B' as kind, ${managerBranches.branchId} as id from ${managerBranches}
      where ${managerBranches.managerId} = ${managerId}
        and ${managerBranches.companyId} = ${companyId}
  `);
  const branchIds: number[] = [];
  const departmentIds: number[] = [];
  const rows = (result as unknown as { rows: { kind: string; id: number | string }[] }).rows;
  for (const row of rows) {
    (row.kind === 'B' ? branchIds : departmentIds).push(Number(row.id));
  }
  return {
    kind: 'UNITS',
    companyId,
    selfId: managerId,
    branchIds: branchIds.sort((a, b) => a - b),
    departmentIds: departmentIds.sort((a, b) => a - b),
  };
}

/**
 * The other way round: for each of the employees, the user ids of the company's active ADMINs and
 * MANAGERs whose scope holds them — every ADMIN, every manager of the whole company, and a UNITS
 * manager when the employee works at one of their branches or belongs to one of their departments
 * or its sub-departments (or is the manager). The same rule as `employeeScopeCondition` with the
 * scope `loadManagerUnitsScope` gives each manager, for all the managers and employees in one
 * query: who hears about an employee (notifications, late alerts) is who may open them.
 * Employees of another company or unknown get no entry; the result is ordered by user id.
 */
export async function findManagersSeeing(
  db: DbOrTx,
  companyId: number,
  employeeIds: readonly number[],
): Promise<Map<number, number[]>> {
  const seeing = new Map<number, number[]>();
  const ids = [...new Set(employeeIds)];
  if (ids.length === 0) return seeing;
  const result = await db.execute(sql`
    with recursive tree(manager_id, id) as (${managedDepartmentsTree(companyId)})
    select subject.id as employee_id, manager.user_id
      from ${employees} subject
      join ${employees} manager on manager.company_id = subject.company_id
      where subject.company_id = ${companyId}
        and subject.id in ${idList(ids)}
        and manager.status = 'ACTIVE'
        and manager.role in ('ADMIN', 'MANAGER')
        and (
          manager.role = 'ADMIN'
          or manager.manager_scope = 'COMPANY'
          or manager.id = subject.id
          or exists (
            select 1 from ${managerBranches} mb
              join ${employeeBranches} eb
                on eb.branch_id = mb.branch_id and eb.company_id = ${companyId}
              where mb.company_id = ${companyId}
                and mb.manager_id = manager.id
                and eb.employee_id = subject.id
          )
          or exists (
            select 1 from tree where tree.manager_id = manager.id and tree.id = subject.department_id
          )
        )
      order by manager.user_id
  `);
  const rows = (
    result as unknown as { rows: { employee_id: number | string; user_id: number | string }[] }
  ).rows;
  for (const row of rows) {
    const employeeId = Number(row.employee_id);
    const list = seeing.get(employeeId) ?? [];
    list.push(Number(row.user_id));
    seeing.set(employeeId, list);
  }
  return seeing;
}

/**
 * The SQL condition «a membership proposed with this department (and these branches) would be in
 * the scope»: for rows that are not employees yet — an invitation (`company_invitations`), a
 * registration link (`registration_links`, a department only). It is `scopeCovers` of the
 * proposal: a UNITS manager's departments (sub-departments included) or branches; nothing for
 * COMPANY; never for SELF. Undefined when the scope is the whole company.
 */
export function proposalScopeCondition(
  scope: EmployeeScope,
  proposal: { departmentId: AnyColumn | SQL; branchIds?: AnyColumn | SQL },
): SQL | undefined {
  switch (scope.kind) {
    case 'COMPANY':
      return undefined;
    case 'SELF':
      return sql`false`;
    case 'UNITS': {
      const parts: SQL[] = [];
      if (scope.departmentIds.length > 0) {
        parts.push(sql`${proposal.departmentId} in ${idList(scope.departmentIds)}`);
      }
      if (proposal.branchIds !== undefined && scope.branchIds.length > 0) {
        parts.push(
          sql`${proposal.branchIds} && array[${sql.join(
            scope.branchIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::integer[]`,
        );
      }
      return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
    }
  }
}
