import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  companies,
  employeeBranches,
  employees,
  openShiftClaims,
  openShifts,
  positions,
  shiftSwaps,
} from '../../db/schema/index.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';

/** «Фамилия Имя» of the employee whose id is in `column`, as the company shows it. */
function nameOf(column: SQL | typeof employees.id): SQL<string | null> {
  return sql<
    string | null
  >`(select trim(concat_ws(' ', nullif(coalesce(ne.last_name, nu.last_name), ''), nullif(coalesce(ne.first_name, nu.first_name), ''))) from employees ne join users nu on nu.id = ne.user_id where ne.id = ${column})`;
}

/**
 * The branches a manager's scope reaches for open shifts (decision 029): all for the whole
 * company, the listed branches for a UNITS manager; an employee none.
 */
export function branchScopeCondition(
  scope: EmployeeScope,
  column: SQL | typeof openShifts.branchId,
) {
  switch (scope.kind) {
    case 'COMPANY':
      return undefined;
    case 'SELF':
      return sql`false`;
    case 'UNITS':
      return scope.branchIds.length === 0
        ? sql`false`
        : sql`${column} in (${sql.join(
            scope.branchIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  }
}

const shiftColumns = {
  id: openShifts.id,
  branchId: openShifts.branchId,
  branchTitle: branches.title,
  timezone: branches.timezone,
  positionId: openShifts.positionId,
  positionTitle: positions.title,
  date: openShifts.date,
  start: openShifts.startTime,
  end: openShifts.endTime,
  breakMinutes: openShifts.breakMinutes,
  headcount: openShifts.headcount,
  filled: sql<number>`(select count(*)::int from ${openShiftClaims} c where c.open_shift_id = ${openShifts.id} and c.status = 'APPROVED')`,
  comment: openShifts.comment,
  status: openShifts.status,
  postedByName: nameOf(sql`${openShifts.postedBy}`),
  createdAt: openShifts.createdAt,
};
export type OpenShiftRow = {
  id: number;
  branchId: number;
  branchTitle: string;
  timezone: string;
  positionId: number | null;
  positionTitle: string | null;
  date: string;
  start: string;
  end: string;
  breakMinutes: number;
  headcount: number;
  filled: number;
  comment: string;
  status: 'OPEN' | 'CANCELLED';
  postedByName: string | null;
  createdAt: Date;
};

const claimColumns = {
  id: openShiftClaims.id,
  openShiftId: openShiftClaims.openShiftId,
  employeeId: openShiftClaims.employeeId,
  employeeName: nameOf(sql`${openShiftClaims.employeeId}`),
  status: openShiftClaims.status,
  createdAt: openShiftClaims.createdAt,
  decidedByName: nameOf(sql`${openShiftClaims.decidedBy}`),
  decidedAt: openShiftClaims.decidedAt,
  reason: openShiftClaims.reason,
};
export type ClaimRow = {
  id: number;
  openShiftId: number;
  employeeId: number;
  employeeName: string | null;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
  createdAt: Date;
  decidedByName: string | null;
  decidedAt: Date | null;
  reason: string | null;
};

const swapColumns = {
  id: shiftSwaps.id,
  branchId: shiftSwaps.branchId,
  branchTitle: branches.title,
  timezone: branches.timezone,
  date: shiftSwaps.date,
  start: shiftSwaps.startTime,
  end: shiftSwaps.endTime,
  breakMinutes: shiftSwaps.breakMinutes,
  fromEmployeeId: shiftSwaps.fromEmployeeId,
  fromName: nameOf(sql`${shiftSwaps.fromEmployeeId}`),
  toEmployeeId: shiftSwaps.toEmployeeId,
  toName: nameOf(sql`${shiftSwaps.toEmployeeId}`),
  acceptedById: shiftSwaps.acceptedBy,
  acceptedByName: nameOf(sql`${shiftSwaps.acceptedBy}`),
  acceptedAt: shiftSwaps.acceptedAt,
  comment: shiftSwaps.comment,
  status: shiftSwaps.status,
  createdAt: shiftSwaps.createdAt,
  decidedByName: nameOf(sql`${shiftSwaps.decidedBy}`),
  decidedAt: shiftSwaps.decidedAt,
  reason: shiftSwaps.reason,
};
export type SwapRow = {
  id: number;
  branchId: number;
  branchTitle: string;
  timezone: string;
  date: string;
  start: string;
  end: string;
  breakMinutes: number;
  fromEmployeeId: number;
  fromName: string | null;
  toEmployeeId: number | null;
  toName: string | null;
  acceptedById: number | null;
  acceptedByName: string | null;
  acceptedAt: Date | null;
  comment: string;
  status: 'OFFERED' | 'ACCEPTED' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  createdAt: Date;
  decidedByName: string | null;
  decidedAt: Date | null;
  reason: string | null;
};

/** Lists answer at most this many rows (newest dates first for the history). */
const LIST_LIMIT = 300;

export type ShiftExchangeRepository = ReturnType<typeof createShiftExchangeRepository>;

export function createShiftExchangeRepository(db: DbOrTx) {
  /**
   * The employee with what eligibility needs: status, position, dates of employment, branches.
   */
  async function findMembers(companyId: number, employeeIds: readonly number[]) {
    if (employeeIds.length === 0) return [];
    return db
      .select({
        id: employees.id,
        userId: employees.userId,
        role: employees.role,
        status: employees.status,
        positionId: employees.positionId,
        hireDate: employees.hireDate,
        dismissedAt: employees.dismissedAt,
        // Qualified by hand: a query of one table leaves drizzle's columns bare.
        name: nameOf(sql.raw('"employees"."id"')),
        branchIds: sql<
          number[]
        >`array(select eb.branch_id from ${employeeBranches} eb where eb.employee_id = "employees"."id" order by eb.branch_id)`,
      })
      .from(employees)
      .where(and(eq(employees.companyId, companyId), inArray(employees.id, [...employeeIds])));
  }

  return {
    findMembers,

    async findCompanyMode(companyId: number) {
      const [row] = await db
        .select({ mode: companies.openShiftClaims })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.mode ?? 'APPROVED_ONLY';
    },

    async findBranch(companyId: number, branchId: number) {
      const [row] = await db
        .select({ id: branches.id, title: branches.title, timezone: branches.timezone })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)));
      return row;
    },

    async positionExists(companyId: number, positionId: number) {
      const rows = await db
        .select({ id: positions.id })
        .from(positions)
        .where(and(eq(positions.companyId, companyId), eq(positions.id, positionId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Active employees of a branch (with the position, when given) employed on the date. */
    async findBranchStaff(
      companyId: number,
      branchId: number,
      positionId: number | null,
      date: string,
    ): Promise<{ id: number; userId: number; name: string | null }[]> {
      return db
        .select({ id: employees.id, userId: employees.userId, name: nameOf(employees.id) })
        .from(employees)
        .innerJoin(
          employeeBranches,
          and(
            eq(employeeBranches.employeeId, employees.id),
            eq(employeeBranches.branchId, branchId),
          ),
        )
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.status, 'ACTIVE'),
            positionId === null ? undefined : eq(employees.positionId, positionId),
            sql`(${employees.hireDate} is null or ${employees.hireDate} <= ${date})`,
            sql`(${employees.dismissedAt} is null or ${employees.dismissedAt} >= ${date})`,
          ),
        )
        .orderBy(asc(employees.id));
    },

    async insertOpenShift(values: typeof openShifts.$inferInsert): Promise<number> {
      const [row] = await db.insert(openShifts).values(values).returning({ id: openShifts.id });
      return row!.id;
    },

    async findOpenShifts(
      companyId: number,
      filters: {
        ids?: readonly number[];
        from?: string;
        to?: string;
        branchId?: number;
        branchIds?: readonly number[];
        status?: 'OPEN' | 'CANCELLED';
        scope?: EmployeeScope;
      },
    ): Promise<OpenShiftRow[]> {
      return db
        .select(shiftColumns)
        .from(openShifts)
        .innerJoin(branches, eq(branches.id, openShifts.branchId))
        .leftJoin(positions, eq(positions.id, openShifts.positionId))
        .where(
          and(
            eq(openShifts.companyId, companyId),
            filters.ids ? inArray(openShifts.id, [...filters.ids, 0]) : undefined,
            filters.from ? gte(openShifts.date, filters.from) : undefined,
            filters.to ? lte(openShifts.date, filters.to) : undefined,
            filters.branchId ? eq(openShifts.branchId, filters.branchId) : undefined,
            filters.branchIds ? inArray(openShifts.branchId, [...filters.branchIds, 0]) : undefined,
            filters.status ? eq(openShifts.status, filters.status) : undefined,
            filters.scope
              ? branchScopeCondition(filters.scope, sql`${openShifts.branchId}`)
              : undefined,
          ),
        )
        .orderBy(asc(openShifts.date), asc(openShifts.startTime), asc(openShifts.id))
        .limit(LIST_LIMIT) as Promise<OpenShiftRow[]>;
    },

    /** Locks an open shift's row for the rest of the transaction; its company's, or undefined. */
    async lockOpenShift(companyId: number, id: number) {
      const [row] = await db
        .select({ id: openShifts.id })
        .from(openShifts)
        .where(and(eq(openShifts.companyId, companyId), eq(openShifts.id, id)))
        .for('update');
      return row;
    },

    async cancelOpenShift(companyId: number, id: number, by: number) {
      const rows = await db
        .update(openShifts)
        .set({ status: 'CANCELLED', cancelledBy: by, cancelledAt: sql`now()` })
        .where(
          and(
            eq(openShifts.companyId, companyId),
            eq(openShifts.id, id),
            eq(openShifts.status, 'OPEN'),
          ),
        )
        .returning({ id: openShifts.id });
      return rows.length > 0;
    },

    async findClaims(
      companyId: number,
      filters: {
        ids?: readonly number[];
        openShiftIds?: readonly number[];
        employeeId?: number;
        status?: ClaimRow['status'];
        scope?: EmployeeScope;
      },
    ): Promise<ClaimRow[]> {
      return db
        .select(claimColumns)
        .from(openShiftClaims)
        .innerJoin(openShifts, eq(openShifts.id, openShiftClaims.openShiftId))
        .where(
          and(
            eq(openShiftClaims.companyId, companyId),
            filters.ids ? inArray(openShiftClaims.id, [...filters.ids, 0]) : undefined,
            filters.openShiftIds
              ? inArray(openShiftClaims.openShiftId, [...filters.openShiftIds, 0])
              : undefined,
            filters.employeeId ? eq(openShiftClaims.employeeId, filters.employeeId) : undefined,
            filters.status ? eq(openShiftClaims.status, filters.status) : undefined,
            filters.scope
              ? and(
                  branchScopeCondition(filters.scope, sql`${openShifts.branchId}`),
                  employeeScopeCondition(filters.scope, openShiftClaims.employeeId),
                )
              : undefined,
          ),
        )
        .orderBy(desc(openShiftClaims.createdAt), desc(openShiftClaims.id))
        .limit(LIST_LIMIT) as Promise<ClaimRow[]>;
    },

    async insertClaim(
      companyId: number,
      values: { openShiftId: number; employeeId: number; approved: boolean },
    ): Promise<number> {
      const [row] = await db
        .insert(openShiftClaims)
        .values({
          companyId,
          openShiftId: values.openShiftId,
          employeeId: values.employeeId,
          status: values.approved ? 'APPROVED' : 'PENDING',
          decidedAt: values.approved ? sql`now()` : null,
        })
        .returning({ id: openShiftClaims.id });
      return row!.id;
    },

    /** Locks a claim's row; undefined when not the company's. */
    async lockClaim(companyId: number, id: number) {
      const [row] = await db
        .select({
          id: openShiftClaims.id,
          openShiftId: openShiftClaims.openShiftId,
          employeeId: openShiftClaims.employeeId,
          status: openShiftClaims.status,
        })
        .from(openShiftClaims)
        .where(and(eq(openShiftClaims.companyId, companyId), eq(openShiftClaims.id, id)))
        .for('update');
      return row;
    },

    /** Settles a waiting claim; false when it no longer waits. */
    async settleClaim(
      id: number,
      values: {
        status: 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
        decidedBy: number;
        reason?: string | null;
      },
      from: readonly ClaimRow['status'][] = ['PENDING'],
    ) {
      const rows = await db
        .update(openShiftClaims)
        .set({ ...values, decidedAt: sql`now()` })
        .where(and(eq(openShiftClaims.id, id), inArray(openShiftClaims.status, [...from])))
        .returning({ id: openShiftClaims.id });
      return rows.length > 0;
    },

    async rejectPendingClaimsOf(openShiftId: number, decidedBy: number, reason: string) {
      return db
        .update(openShiftClaims)
        .set({ status: 'REJECTED', decidedBy, reason, decidedAt: sql`now()` })
        .where(
          and(eq(openShiftClaims.openShiftId, openShiftId), eq(openShiftClaims.status, 'PENDING')),
        )
        .returning({ id: openShiftClaims.id, employeeId: openShiftClaims.employeeId });
    },

    async countPending(companyId: number, scope: EmployeeScope) {
      const [claims] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(openShiftClaims)
        .innerJoin(openShifts, eq(openShifts.id, openShiftClaims.openShiftId))
        .where(
          and(
            eq(openShiftClaims.companyId, companyId),
            eq(openShiftClaims.status, 'PENDING'),
            branchScopeCondition(scope, sql`${openShifts.branchId}`),
            employeeScopeCondition(scope, openShiftClaims.employeeId),
          ),
        );
      const [swaps] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(shiftSwaps)
        .where(
          and(
            eq(shiftSwaps.companyId, companyId),
            eq(shiftSwaps.status, 'ACCEPTED'),
            employeeScopeCondition(scope, shiftSwaps.fromEmployeeId),
            employeeScopeCondition(scope, sql`${shiftSwaps.acceptedBy}`),
          ),
        );
      return { claims: claims?.value ?? 0, swaps: swaps?.value ?? 0 };
    },

    async insertSwap(values: typeof shiftSwaps.$inferInsert): Promise<number> {
      const [row] = await db.insert(shiftSwaps).values(values).returning({ id: shiftSwaps.id });
      return row!.id;
    },

    async findSwaps(
      companyId: number,
      filters: {
        ids?: readonly number[];
        status?: SwapRow['status'];
        statuses?: readonly SwapRow['status'][];
        fromEmployeeId?: number;
        /** Offers the employee may take: named to them, or to anyone at one of these branches. */
        offeredTo?: { employeeId: number; branchIds: readonly number[] };
        fromDate?: string;
        scope?: EmployeeScope;
      },
    ): Promise<SwapRow[]> {
      const offeredTo = filters.offeredTo;
      return db
        .select(swapColumns)
        .from(shiftSwaps)
        .innerJoin(branches, eq(branches.id, shiftSwaps.branchId))
        .where(
          and(
            eq(shiftSwaps.companyId, companyId),
            filters.ids ? inArray(shiftSwaps.id, [...filters.ids, 0]) : undefined,
            filters.status ? eq(shiftSwaps.status, filters.status) : undefined,
            filters.statuses ? inArray(shiftSwaps.status, [...filters.statuses]) : undefined,
            filters.fromEmployeeId
              ? eq(shiftSwaps.fromEmployeeId, filters.fromEmployeeId)
              : undefined,
            filters.fromDate ? gte(shiftSwaps.date, filters.fromDate) : undefined,
            offeredTo
              ? sql`${shiftSwaps.fromEmployeeId} <> ${offeredTo.employeeId} and (${shiftSwaps.toEmployeeId} = ${offeredTo.employeeId} or (${shiftSwaps.toEmployeeId} is null and ${shiftSwaps.branchId} in (${sql.join(
                  [...offeredTo.branchIds, 0].map((id) => sql`${id}`),
                  sql`, `,
                )})))`
              : undefined,
            filters.scope
              ? and(
                  employeeScopeCondition(filters.scope, shiftSwaps.fromEmployeeId),
                  sql`(${shiftSwaps.acceptedBy} is null or ${employeeScopeCondition(filters.scope, sql`${shiftSwaps.acceptedBy}`) ?? sql`true`})`,
                )
              : undefined,
          ),
        )
        .orderBy(desc(shiftSwaps.createdAt), desc(shiftSwaps.id))
        .limit(LIST_LIMIT) as Promise<SwapRow[]>;
    },

    async lockSwap(companyId: number, id: number) {
      const [row] = await db
        .select({ id: shiftSwaps.id })
        .from(shiftSwaps)
        .where(and(eq(shiftSwaps.companyId, companyId), eq(shiftSwaps.id, id)))
        .for('update');
      return row;
    },

    /** Moves a swap from one of `from` to its next status; false when it was not in `from`. */
    async updateSwap(
      id: number,
      from: readonly SwapRow['status'][],
      values: Partial<typeof shiftSwaps.$inferInsert>,
    ) {
      const rows = await db
        .update(shiftSwaps)
        .set(values)
        .where(and(eq(shiftSwaps.id, id), inArray(shiftSwaps.status, [...from])))
        .returning({ id: shiftSwaps.id });
      return rows.length > 0;
    },
  };
}
