import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ListEmployeesQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  companies,
  departments,
  employeeBranches,
  employees,
  managerBranches,
  managerDepartments,
  positions,
  users,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/pagination.ts';
import { memberFullName, memberName } from '../../db/member-name.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';

export type EmployeeFilters = Omit<ListEmployeesQuery, 'page' | 'limit'> & {
  /** Only these employees (the export of the rows picked in the list). */
  ids?: number[] | undefined;
};

/** An employee a bulk action targets: enough to apply the rules and name them in a failure. */
export type BulkTargetRow = {
  id: number;
  userId: number;
  name: string;
  role: EmployeeTableRow['role'];
  status: EmployeeTableRow['status'];
  phone: string;
  lastLoginAt: Date | null;
};
export type EmployeeTableRow = typeof employees.$inferSelect;
export type UserTableRow = typeof users.$inferSelect;

/** What a list, a card and the export read: the membership, its user and structure titles. */
const employeeColumns = {
  id: employees.id,
  userId: employees.userId,
  firstName: memberName.firstName,
  lastName: memberName.lastName,
  middleName: memberName.middleName,
  /** The name in the account, for «в учётной записи: …» when the company spells it its own way. */
  accountFirstName: users.firstName,
  accountLastName: users.lastName,
  accountMiddleName: users.middleName,
  email: users.email,
  phone: users.phone,
  avatar: users.avatar,
  role: employees.role,
  status: employees.status,
  departmentId: employees.departmentId,
  departmentTitle: departments.title,
  positionId: employees.positionId,
  positionTitle: positions.title,
  personnelNumber: employees.personnelNumber,
  hireDate: employees.hireDate,
  dismissedAt: employees.dismissedAt,
  createdAt: employees.createdAt,
  createdByCompanyId: users.createdByCompanyId,
  lastLoginAt: users.lastLoginAt,
};

export type EmployeeRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  middleName: string;
  accountFirstName: string;
  accountLastName: string;
  accountMiddleName: string;
  email: string;
  phone: string;
  avatar: string | null;
  role: EmployeeTableRow['role'];
  status: EmployeeTableRow['status'];
  departmentId: number | null;
  departmentTitle: string | null;
  positionId: number | null;
  positionTitle: string | null;
  personnelNumber: string | null;
  hireDate: string | null;
  dismissedAt: string | null;
  createdAt: Date;
  createdByCompanyId: number | null;
  lastLoginAt: Date | null;
};

export type EmployeeBranchRow = { employeeId: number; id: number; title: string };

export type SearchOptions = {
  /** Contacts hidden from the caller are not searched either: a match would reveal them. */
  searchContacts: boolean;
};

/** A typed phone fragment (`8 912 34…`, `+7 (912)…`) as the digits stored in E.164. */
function phoneDigits(search: string): string | null {
  if (!/^[\d\s()+-]+$/.test(search)) return null;
  let digits = search.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8') && !search.trim().startsWith('+')) {
    digits = `7${digits.slice(1)}`;
  }
  return digits.length >= 3 ? digits : null;
}

/** Numbers like 2 and 10 sort as numbers; other personnel numbers follow as text. */
function personnelNumberOrder(direction: SQL): SQL[] {
  return [
    sql`case when ${employees.personnelNumber} ~ '^[0-9]{1,18}$' then ${employees.personnelNumber}::numeric end ${direction} nulls last`,
    sql`${employees.personnelNumber} ${direction} nulls last`,
  ];
}

function orderOf(filters: Pick<EmployeeFilters, 'sort' | 'order'>): SQL[] {
  const isDesc = filters.order === 'desc';
  const direction = isDesc ? sql.raw('desc') : sql.raw('asc');
  const by = isDesc ? desc : asc;
  const byName = [by(memberName.lastName), by(memberName.firstName), by(memberName.middleName)];
  const byNameAsc = [
    asc(memberName.lastName),
    asc(memberName.firstName),
    asc(memberName.middleName),
  ];
  let keys: SQL[];
  switch (filters.sort) {
    case 'personnelNumber':
      keys = [...personnelNumberOrder(direction), ...byNameAsc];
      break;
    case 'hireDate':
      keys = [sql`${employees.hireDate} ${direction} nulls last`, ...byNameAsc];
      break;
    case 'createdAt':
      keys = [by(employees.createdAt)];
      break;
    case 'role':
      // By rank, not alphabetically: admins, then managers, then employees.
      keys = [
        sql`case ${employees.role} when 'ADMIN' then 0 when 'MANAGER' then 1 else 2 end ${direction}`,
        ...byNameAsc,
      ];
      break;
    case 'name':
    default:
      keys = byName;
  }
  // The id makes the order total, so that pages (and export batches) never skip or repeat a row.
  return [...keys, by(employees.id)];
}

export function createEmployeesRepository(db: DbOrTx) {
  function whereOf(
    companyId: number,
    scope: EmployeeScope,
    filters: EmployeeFilters,
    options: SearchOptions,
  ): SQL {
    const conditions: (SQL | undefined)[] = [
      eq(employees.companyId, companyId),
      employeeScopeCondition(scope),
    ];
    if (filters.status === 'ACTIVE') conditions.push(eq(employees.status, 'ACTIVE'));
    // Deactivated memberships (deleted accounts) are listed under ALL only.
    if (filters.status === 'DISMISSED') conditions.push(eq(employees.status, 'DISMISSED'));
    if (filters.ids) conditions.push(inArray(employees.id, filters.ids));
    if (filters.role) conditions.push(eq(employees.role, filters.role));
    if (filters.departmentId) conditions.push(eq(employees.departmentId, filters.departmentId));
    if (filters.positionId) conditions.push(eq(employees.positionId, filters.positionId));
    if (filters.branchId) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(employeeBranches)
            .where(
              and(
                eq(employeeBranches.companyId, companyId),
                eq(employeeBranches.branchId, filters.branchId),
                eq(employeeBranches.employeeId, employees.id),
              ),
            ),
        ),
      );
    }
    const search = filters.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      const matches: SQL[] = [
        ilike(memberFullName, pattern),
        ilike(employees.personnelNumber, pattern),
      ];
      if (options.searchContacts) {
        matches.push(ilike(users.email, pattern), ilike(users.phone, pattern));
        const digits = phoneDigits(search);
        if (digits) matches.push(ilike(users.phone, `%${digits}%`));
      }
      conditions.push(or(...matches));
    }
    return and(...conditions)!;
  }

  function selectEmployees() {
    return db
      .select(employeeColumns)
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .leftJoin(
        departments,
        and(
          eq(departments.id, employees.departmentId),
          eq(departments.companyId, employees.companyId),
        ),
      )
      .leftJoin(
        positions,
        and(eq(positions.id, employees.positionId), eq(positions.companyId, employees.companyId)),
      )
      .$dynamic();
  }

  return {
    async findCompany(companyId: number) {
      const rows = await db
        .select({ id: companies.id, hideContacts: companies.hideContacts })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0];
    },

    /** A page (or an export batch) of employees matching the filters, in the requested order. */
    async findEmployees(
      companyId: number,
      scope: EmployeeScope,
      filters: EmployeeFilters,
      window: { limit: number; offset: number },
      options: SearchOptions,
    ): Promise<EmployeeRow[]> {
      return selectEmployees()
        .where(whereOf(companyId, scope, filters, options))
        .orderBy(...orderOf(filters))
        .limit(window.limit)
        .offset(window.offset);
    },

    /**
     * The targets of a bulk action in one query, by name: the ids picked (those outside the
     * company or the scope are left out) or everyone matching the list's filters, at most
     * `limit` rows.
     */
    async findBulkTargets(
      companyId: number,
      scope: EmployeeScope,
      selection: { ids: number[] } | { filters: EmployeeFilters },
      options: SearchOptions,
      limit: number,
    ): Promise<BulkTargetRow[]> {
      const where =
        'ids' in selection
          ? and(
              eq(employees.companyId, companyId),
              inArray(employees.id, selection.ids),
              employeeScopeCondition(scope),
            )!
          : whereOf(companyId, scope, selection.filters, options);
      return db
        .select({
          id: employees.id,
          userId: employees.userId,
          name: memberFullName,
          role: employees.role,
          status: employees.status,
          phone: users.phone,
          lastLoginAt: users.lastLoginAt,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(where)
        .orderBy(...orderOf({ sort: 'name', order: 'asc' }))
        .limit(limit);
    },

    async countEmployees(
      companyId: number,
      scope: EmployeeScope,
      filters: EmployeeFilters,
      options: SearchOptions,
    ): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(whereOf(companyId, scope, filters, options));
      return row?.value ?? 0;
    },

    async findEmployee(
      companyId: number,
      scope: EmployeeScope,
      employeeId: number,
    ): Promise<EmployeeRow | undefined> {
      const rows = await selectEmployees()
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

    /** Branches of several employees in one query, sorted by title. */
    async findBranchesOf(companyId: number, employeeIds: number[]): Promise<EmployeeBranchRow[]> {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          employeeId: employeeBranches.employeeId,
          id: branches.id,
          title: branches.title,
        })
        .from(employeeBranches)
        .innerJoin(
          branches,
          and(
            eq(branches.id, employeeBranches.branchId),
            eq(branches.companyId, employeeBranches.companyId),
          ),
        )
        .where(
          and(
            eq(employeeBranches.companyId, companyId),
            inArray(employeeBranches.employeeId, employeeIds),
          ),
        )
        .orderBy(asc(branches.title), asc(branches.id));
    },

    /** The membership row itself, for rules that look at role and status (within the scope). */
    async findMembership(companyId: number, scope: EmployeeScope, employeeId: number) {
      const rows = await db
        .select({
          employee: employees,
          userStatus: users.status,
          createdByCompanyId: users.createdByCompanyId,
          lastLoginAt: users.lastLoginAt,
          identity: {
            firstName: users.firstName,
            lastName: users.lastName,
            middleName: users.middleName,
            email: users.email,
            phone: users.phone,
          },
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
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

    /** The branch ids of one employee (to tell where an update leaves them). */
    async findBranchIdsOf(companyId: number, employeeId: number): Promise<number[]> {
      const rows = await db
        .select({ id: employeeBranches.branchId })
        .from(employeeBranches)
        .where(
          and(
            eq(employeeBranches.companyId, companyId),
            eq(employeeBranches.employeeId, employeeId),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** A manager's stored scope: the kind and the units named, with titles. */
    async findManagerScope(companyId: number, managerId: number) {
      const [branchRows, departmentRows] = await Promise.all([
        db
          .select({ id: branches.id, title: branches.title })
          .from(managerBranches)
          .innerJoin(branches, eq(branches.id, managerBranches.branchId))
          .where(
            and(eq(managerBranches.companyId, companyId), eq(managerBranches.managerId, managerId)),
          )
          .orderBy(asc(branches.title), asc(branches.id)),
        db
          .select({ id: departments.id, title: departments.title })
          .from(managerDepartments)
          .innerJoin(departments, eq(departments.id, managerDepartments.departmentId))
          .where(
            and(
              eq(managerDepartments.companyId, companyId),
              eq(managerDepartments.managerId, managerId),
            ),
          )
          .orderBy(asc(departments.title), asc(departments.id)),
      ]);
      return { branches: branchRows, departments: departmentRows };
    },

    /** Replaces a manager's scope: the kind on the membership, the units in their tables. */
    async setManagerScope(
      companyId: number,
      managerId: number,
      scope: { kind: 'COMPANY' | 'UNITS'; branchIds: number[]; departmentIds: number[] },
    ) {
      await db
        .update(employees)
        .set({ managerScope: scope.kind, updatedAt: sql`now()` })
        .where(and(eq(employees.companyId, companyId), eq(employees.id, managerId)));
      await db
        .delete(managerBranches)
        .where(
          and(eq(managerBranches.companyId, companyId), eq(managerBranches.managerId, managerId)),
        );
      await db
        .delete(managerDepartments)
        .where(
          and(
            eq(managerDepartments.companyId, companyId),
            eq(managerDepartments.managerId, managerId),
          ),
        );
      if (scope.kind === 'COMPANY') return;
      const branchIds = [...new Set(scope.branchIds)];
      const departmentIds = [...new Set(scope.departmentIds)];
      if (branchIds.length > 0) {
        await db
          .insert(managerBranches)
          .values(branchIds.map((branchId) => ({ companyId, managerId, branchId })));
      }
      if (departmentIds.length > 0) {
        await db
          .insert(managerDepartments)
          .values(departmentIds.map((departmentId) => ({ companyId, managerId, departmentId })));
      }
    },

    /** Which of these department ids belong to the company. */
    async findDepartmentIds(companyId: number, departmentIds: number[]): Promise<number[]> {
      if (departmentIds.length === 0) return [];
      const rows = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.companyId, companyId), inArray(departments.id, departmentIds)));
      return rows.map((row) => row.id);
    },

    async findMembershipOfUser(companyId: number, userId: number) {
      const rows = await db
        .select()
        .from(employees)
        .where(and(eq(employees.companyId, companyId), eq(employees.userId, userId)))
        .limit(1);
      return rows[0];
    },

    /** A live account (not deleted) with this email or phone. */
    async findUserBy(field: 'email' | 'phone', value: string): Promise<UserTableRow | undefined> {
      const column = field === 'email' ? users.email : users.phone;
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(column, value), ne(users.status, 'DELETED')))
        .limit(1);
      return rows[0];
    },

    async findOtherUserWith(userId: number, field: 'email' | 'phone', value: string) {
      const column = field === 'email' ? users.email : users.phone;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(column, value), ne(users.id, userId), ne(users.status, 'DELETED')))
        .limit(1);
      return rows[0];
    },

    async insertUser(values: typeof users.$inferInsert): Promise<number> {
      const [row] = await db.insert(users).values(values).returning({ id: users.id });
      return row!.id;
    },

    async updateUser(
      userId: number,
      values: Partial<
        Pick<UserTableRow, 'firstName' | 'lastName' | 'middleName' | 'email' | 'phone'>
      >,
    ) {
      if (Object.keys(values).length === 0) return;
      await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async insertEmployee(values: typeof employees.$inferInsert): Promise<number> {
      const [row] = await db.insert(employees).values(values).returning({ id: employees.id });
      return row!.id;
    },

    async updateEmployee(
      companyId: number,
      employeeId: number,
      values: Partial<
        Pick<
          EmployeeTableRow,
          | 'firstName'
          | 'lastName'
          | 'middleName'
          | 'role'
          | 'status'
          | 'departmentId'
          | 'positionId'
          | 'personnelNumber'
          | 'hireDate'
          | 'dismissedAt'
          | 'dismissalReason'
        >
      >,
    ) {
      await db
        .update(employees)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
    },

    /** Marks many memberships dismissed at once (their rules were checked one by one). */
    async dismissEmployees(
      companyId: number,
      employeeIds: number[],
      values: { dismissedAt: string; dismissalReason: string | null },
    ) {
      if (employeeIds.length === 0) return;
      await db
        .update(employees)
        .set({ status: 'DISMISSED', ...values, updatedAt: sql`now()` })
        .where(and(eq(employees.companyId, companyId), inArray(employees.id, employeeIds)));
    },

    /** The membership rows of these ids in the caller's scope (the rules look at them), locked. */
    async lockMemberships(companyId: number, scope: EmployeeScope, employeeIds: number[]) {
      if (employeeIds.length === 0) return [];
      return db
        .select()
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            inArray(employees.id, employeeIds),
            employeeScopeCondition(scope),
          ),
        )
        .for('update');
    },

    /** Replaces the employee's branches with the given ones. */
    async setBranches(companyId: number, employeeId: number, branchIds: number[]) {
      await db
        .delete(employeeBranches)
        .where(
          and(
            eq(employeeBranches.companyId, companyId),
            eq(employeeBranches.employeeId, employeeId),
          ),
        );
      if (branchIds.length === 0) return;
      await db
        .insert(employeeBranches)
        .values([...new Set(branchIds)].map((branchId) => ({ companyId, employeeId, branchId })));
    },

    async countActiveAdmins(companyId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.role, 'ADMIN'),
            eq(employees.status, 'ACTIVE'),
          ),
        );
      return row?.value ?? 0;
    },

    /** An active colleague already holding this personnel number. */
    async findActiveByPersonnelNumber(
      companyId: number,
      personnelNumber: string,
      exceptEmployeeId?: number,
    ) {
      const rows = await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.status, 'ACTIVE'),
            eq(employees.personnelNumber, personnelNumber),
            exceptEmployeeId !== undefined ? ne(employees.id, exceptEmployeeId) : undefined,
          ),
        )
        .limit(1);
      return rows[0];
    },

    async hasDepartment(companyId: number, departmentId: number): Promise<boolean> {
      const rows = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.companyId, companyId), eq(departments.id, departmentId)))
        .limit(1);
      return rows.length > 0;
    },

    async hasPosition(companyId: number, positionId: number): Promise<boolean> {
      const rows = await db
        .select({ id: positions.id })
        .from(positions)
        .where(and(eq(positions.companyId, companyId), eq(positions.id, positionId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Which of these branch ids belong to the company. */
    async findBranchIds(companyId: number, branchIds: number[]): Promise<number[]> {
      if (branchIds.length === 0) return [];
      const rows = await db
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), inArray(branches.id, branchIds)));
      return rows.map((row) => row.id);
    },
  };
}

export type EmployeesRepository = ReturnType<typeof createEmployeesRepository>;
