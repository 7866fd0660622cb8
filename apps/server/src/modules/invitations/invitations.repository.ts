import { aliasedTable, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  companies,
  companyInvitations,
  departments,
  employees,
  positions,
  users,
} from '../../db/schema/index.ts';
import { memberNameOf } from '../../db/member-name.ts';
import { proposalScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';

export type InvitationTableRow = typeof companyInvitations.$inferSelect;
export type CompanyInvitationRow = InvitationTableRow & {
  departmentTitle: string | null;
  positionTitle: string | null;
};

const inviters = aliasedTable(users, 'inviters');
/** The inviter's membership in the inviting company: the invitee sees them as that company does. */
const inviterMembers = aliasedTable(employees, 'inviter_members');
const inviterName = memberNameOf(inviterMembers, inviters);

/** The proposed department and position, only when they are the inviting company's own. */
const invitedDepartment = and(
  eq(departments.id, companyInvitations.departmentId),
  eq(departments.companyId, companyInvitations.companyId),
);
/**
 * The invitations the caller's scope holds (decision 016): those whose proposed department or
 * branches are the limited manager's, as the employee would be once they accept.
 */
const invitationInScope = (scope: EmployeeScope) =>
  proposalScopeCondition(scope, {
    departmentId: companyInvitations.departmentId,
    branchIds: companyInvitations.branchIds,
  });

const invitedPosition = and(
  eq(positions.id, companyInvitations.positionId),
  eq(positions.companyId, companyInvitations.companyId),
);

export function createInvitationsRepository(db: DbOrTx) {
  function selectForCompany() {
    return db
      .select({
        invitation: companyInvitations,
        departmentTitle: departments.title,
        positionTitle: positions.title,
      })
      .from(companyInvitations)
      .leftJoin(departments, invitedDepartment)
      .leftJoin(positions, invitedPosition)
      .$dynamic();
  }

  const flatten = (row: {
    invitation: InvitationTableRow;
    departmentTitle: string | null;
    positionTitle: string | null;
  }): CompanyInvitationRow => ({
    ...row.invitation,
    departmentTitle: row.departmentTitle,
    positionTitle: row.positionTitle,
  });

  return {
    async insertInvitation(values: typeof companyInvitations.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(companyInvitations)
        .values(values)
        .returning({ id: companyInvitations.id });
      return row!.id;
    },

    async findPending(companyId: number, userId: number) {
      const rows = await db
        .select({ id: companyInvitations.id })
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            eq(companyInvitations.userId, userId),
            eq(companyInvitations.status, 'PENDING'),
          ),
        )
        .limit(1);
      return rows[0];
    },

    async findCompanyInvitation(
      companyId: number,
      invitationId: number,
    ): Promise<CompanyInvitationRow | undefined> {
      const rows = await selectForCompany()
        .where(
          and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, invitationId)),
        )
        .limit(1);
      return rows[0] && flatten(rows[0]);
    },

    async findCompanyInvitations(
      companyId: number,
      scope: EmployeeScope,
      filter: { pendingOnly: boolean },
      page: { limit: number; offset: number },
    ) {
      const where = and(
        eq(companyInvitations.companyId, companyId),
        invitationInScope(scope),
        filter.pendingOnly ? eq(companyInvitations.status, 'PENDING') : undefined,
      );
      const [items, totals] = await Promise.all([
        selectForCompany()
          .where(where)
          .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(companyInvitations).where(where),
      ]);
      return { items: items.map(flatten), total: totals[0]?.value ?? 0 };
    },

    /** Locks one invitation addressed to this person (any status) with its company. */
    async lockInvitationOf(userId: number, invitationId: number) {
      const rows = await db
        .select({
          invitation: companyInvitations,
          companyTitle: companies.title,
          companyStatus: companies.status,
        })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .where(and(eq(companyInvitations.userId, userId), eq(companyInvitations.id, invitationId)))
        .limit(1)
        .for('update', { of: companyInvitations });
      return rows[0];
    },

    /** Locks a company's invitation by id, if the caller's scope holds it. */
    async lockCompanyInvitation(companyId: number, scope: EmployeeScope, invitationId: number) {
      const rows = await db
        .select()
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            eq(companyInvitations.id, invitationId),
            invitationInScope(scope),
          ),
        )
        .limit(1)
        .for('update');
      return rows[0];
    },

    async setStatus(invitationId: number, status: 'ACCEPTED' | 'DECLINED' | 'CANCELLED') {
      await db
        .update(companyInvitations)
        .set({ status, answeredAt: sql`now()` })
        .where(eq(companyInvitations.id, invitationId));
    },

    /** The person's open invitations with what they need to decide, newest first. */
    async findPendingOfUser(userId: number) {
      return db
        .select({
          id: companyInvitations.id,
          companyId: companyInvitations.companyId,
          companyTitle: companies.title,
          role: companyInvitations.role,
          branchIds: companyInvitations.branchIds,
          hireDate: companyInvitations.hireDate,
          createdAt: companyInvitations.createdAt,
          departmentTitle: departments.title,
          positionTitle: positions.title,
          inviterFirstName: inviterName.firstName,
          inviterLastName: inviterName.lastName,
        })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .leftJoin(departments, invitedDepartment)
        .leftJoin(positions, invitedPosition)
        .leftJoin(inviters, eq(inviters.id, companyInvitations.invitedByUserId))
        .leftJoin(
          inviterMembers,
          and(
            eq(inviterMembers.userId, companyInvitations.invitedByUserId),
            eq(inviterMembers.companyId, companyInvitations.companyId),
          ),
        )
        .where(
          and(
            eq(companyInvitations.userId, userId),
            eq(companyInvitations.status, 'PENDING'),
            eq(companies.status, 'ACTIVE'),
          ),
        )
        .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
    },

    /** Branch titles by id, for the given companies' branches. */
    async findBranchTitles(branchIds: number[]) {
      if (branchIds.length === 0) return new Map<number, { companyId: number; title: string }>();
      const rows = await db
        .select({ id: branches.id, companyId: branches.companyId, title: branches.title })
        .from(branches)
        .where(inArray(branches.id, branchIds))
        .orderBy(asc(branches.title));
      return new Map(rows.map((row) => [row.id, { companyId: row.companyId, title: row.title }]));
    },

    /** Companies where the person is an active member (their notification centres). */
    async findActiveCompanyIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ companyId: employees.companyId })
        .from(employees)
        .where(and(eq(employees.userId, userId), eq(employees.status, 'ACTIVE')));
      return rows.map((row) => row.companyId);
    },

    /** Active memberships of the person with their companies, oldest first. */
    async findMyCompanies(userId: number) {
      return db
        .select({
          companyId: employees.companyId,
          companyTitle: companies.title,
          companyStatus: companies.status,
          role: employees.role,
          employeeId: employees.id,
        })
        .from(employees)
        .innerJoin(companies, eq(companies.id, employees.companyId))
        .where(and(eq(employees.userId, userId), eq(employees.status, 'ACTIVE')))
        .orderBy(asc(employees.createdAt), asc(employees.id));
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
