import { and, count, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, departments, positions, registrationLinks } from '../../db/schema/index.ts';
import { proposalScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';

export type LinkKind = 'EMPLOYEE' | 'COMPANY';
export type LinkTableRow = typeof registrationLinks.$inferSelect;
export type LinkRow = LinkTableRow & {
  departmentTitle: string | null;
  positionTitle: string | null;
  companyTitle: string | null;
  companyStatus: 'ACTIVE' | 'BLOCKED' | null;
};

/**
 * Which links a list shows, and of whom: a company's employee links (those of the caller's
 * employee scope: a limited manager's are the links into their departments, decision 016), or
 * the company links.
 */
export type LinkScope =
  { kind: 'EMPLOYEE'; companyId: number; employees: EmployeeScope } | { kind: 'COMPANY' };

const linkColumns = {
  id: registrationLinks.id,
  kind: registrationLinks.kind,
  companyId: registrationLinks.companyId,
  departmentId: registrationLinks.departmentId,
  positionId: registrationLinks.positionId,
  userCount: registrationLinks.userCount,
  expiresAt: registrationLinks.expiresAt,
  maxUses: registrationLinks.maxUses,
  usedCount: registrationLinks.usedCount,
  revokedAt: registrationLinks.revokedAt,
  createdBy: registrationLinks.createdBy,
  createdAt: registrationLinks.createdAt,
  departmentTitle: departments.title,
  positionTitle: positions.title,
};

function scopeCondition(scope: LinkScope): SQL {
  return scope.kind === 'EMPLOYEE'
    ? and(
        eq(registrationLinks.kind, 'EMPLOYEE'),
        eq(registrationLinks.companyId, scope.companyId),
        proposalScopeCondition(scope.employees, { departmentId: registrationLinks.departmentId }),
      )!
    : eq(registrationLinks.kind, 'COMPANY');
}

/** Not revoked, not expired, not used up — the same rule as `linkState`, in SQL. */
const isUsable = and(
  isNull(registrationLinks.revokedAt),
  or(isNull(registrationLinks.expiresAt), gt(registrationLinks.expiresAt, sql`now()`)),
  or(isNull(registrationLinks.maxUses), lt(registrationLinks.usedCount, registrationLinks.maxUses)),
)!;

export function createRegistrationLinksRepository(db: DbOrTx) {
  function selectLinks() {
    return db
      .select({
        ...linkColumns,
        companyTitle: companies.title,
        companyStatus: companies.status,
      })
      .from(registrationLinks)
      .leftJoin(companies, eq(companies.id, registrationLinks.companyId))
      .leftJoin(
        departments,
        and(
          eq(departments.id, registrationLinks.departmentId),
          eq(departments.companyId, registrationLinks.companyId),
        ),
      )
      .leftJoin(
        positions,
        and(
          eq(positions.id, registrationLinks.positionId),
          eq(positions.companyId, registrationLinks.companyId),
        ),
      )
      .$dynamic();
  }

  return {
    async insertLink(values: typeof registrationLinks.$inferInsert): Promise<string> {
      const [row] = await db
        .insert(registrationLinks)
        .values(values)
        .returning({ id: registrationLinks.id });
      return row!.id;
    },

    async findLink(scope: LinkScope, linkId: string): Promise<LinkRow | undefined> {
      const rows = await selectLinks()
        .where(and(scopeCondition(scope), eq(registrationLinks.id, linkId)))
        .limit(1);
      return rows[0];
    },

    /** Newest first; `onlyUsable` leaves out revoked, expired and used-up links. */
    async findLinks(
      scope: LinkScope,
      options: { onlyUsable: boolean; limit: number; offset: number },
    ): Promise<{ items: LinkRow[]; total: number }> {
      const where = and(scopeCondition(scope), options.onlyUsable ? isUsable : undefined);
      const [items, totals] = await Promise.all([
        selectLinks()
          .where(where)
          .orderBy(desc(registrationLinks.createdAt), desc(registrationLinks.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ value: count() }).from(registrationLinks).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    /** Revokes once: a second call keeps the first moment. */
    async revokeLink(scope: LinkScope, linkId: string): Promise<boolean> {
      const rows = await db
        .update(registrationLinks)
        .set({ revokedAt: sql`coalesce(${registrationLinks.revokedAt}, now())` })
        .where(and(scopeCondition(scope), eq(registrationLinks.id, linkId)))
        .returning({ id: registrationLinks.id });
      return rows.length > 0;
    },

    /** What anybody holding the link may learn, with the company's title. */
    async findPublicLink(linkId: string): Promise<LinkRow | undefined> {
      const rows = await selectLinks().where(eq(registrationLinks.id, linkId)).limit(1);
      return rows[0];
    },

    /** The link's row, locked until the transaction ends: uses are counted one at a time. */
    async lockLink(linkId: string): Promise<LinkTableRow | undefined> {
      const rows = await db
        .select()
        .from(registrationLinks)
        .where(eq(registrationLinks.id, linkId))
        .limit(1)
        .for('update');
      return rows[0];
    },

    async countUse(linkId: string): Promise<void> {
      await db
        .update(registrationLinks)
        .set({ usedCount: sql`${registrationLinks.usedCount} + 1` })
        .where(eq(registrationLinks.id, linkId));
    },
  };
}

export type RegistrationLinksRepository = ReturnType<typeof createRegistrationLinksRepository>;
