import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNull,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { CompanyPlanState, ListAdminCompaniesQuery, ListAuditQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, companies, countries, employees, users } from '../../db/schema/index.ts';
import { inIds, likePattern, offsetOf } from '../../lib/pagination.ts';

export type CompanyValues = Partial<
  Pick<
    typeof companies.$inferInsert,
    | 'title'
    | 'email'
    | 'phone'
    | 'countryCode'
    | 'timezone'
    | 'userLimit'
    | 'paidUntil'
    | 'isTrial'
    | 'status'
  >
>;

/** Active employees of the company, counted inside the list query itself (no N+1). */
function activeEmployeeCount(db: DbOrTx) {
  const counted = db
    .select({ value: count() })
    .from(employees)
    .where(and(eq(employees.companyId, companies.id), eq(employees.status, 'ACTIVE')));
  return sql<number>`(${counted})`.mapWith(Number);
}

/** Where the plan stands now; the same rule filters the list. */
const planState = sql<CompanyPlanState>`case
  when ${companies.paidUntil} is null or ${companies.paidUntil} <= now() then 'EXPIRED'
  when ${companies.isTrial} then 'TRIAL'
  else 'PAID' end`;

function planCondition(plan: CompanyPlanState): SQL | undefined {
  const running = gt(companies.paidUntil, sql`now()`);
  switch (plan) {
    case 'EXPIRED':
      return or(isNull(companies.paidUntil), lte(companies.paidUntil, sql`now()`));
    case 'TRIAL':
      return and(eq(companies.isTrial, true), running);
    case 'PAID':
      return and(eq(companies.isTrial, false), running);
  }
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  const digits = search.replace(/\D/g, '');
  return or(
    ilike(companies.title, pattern),
    ilike(companies.email, pattern),
    ilike(companies.phone, pattern),
    // Phones are stored as +79991234567; «+7 (999) 123» finds them by digits.
    digits.length >= 3 ? ilike(companies.phone, likePattern(digits)) : undefined,
  );
}

export function createAdminCompaniesRepository(db: DbOrTx) {
  function selectCompanies() {
    return db
      .select({
        id: companies.id,
        title: companies.title,
        email: companies.email,
        phone: companies.phone,
        countryCode: companies.countryCode,
        countryName: countries.name,
        timezone: companies.timezone,
        status: companies.status,
        userLimit: companies.userLimit,
        paidUntil: companies.paidUntil,
        isTrial: companies.isTrial,
        planState,
        activeEmployeeCount: activeEmployeeCount(db),
        createdAt: companies.createdAt,
      })
      .from(companies)
      .leftJoin(countries, eq(countries.code, companies.countryCode));
  }

  return {
    async findCompanies(query: ListAdminCompaniesQuery) {
      const where = and(
        searchCondition(query.search),
        query.status ? eq(companies.status, query.status) : undefined,
        query.plan ? planCondition(query.plan) : undefined,
      );
      const direction = query.order === 'desc' ? desc : asc;
      const sortBy = {
        title: sql`lower(${companies.title})`,
        createdAt: companies.createdAt,
        paidUntil: sql`${companies.paidUntil} ${sql.raw(query.order === 'desc' ? 'desc nulls last' : 'asc nulls first')}`,
        activeEmployeeCount: activeEmployeeCount(db),
        userLimit: companies.userLimit,
      }[query.sort];
      const [items, totals] = await Promise.all([
        selectCompanies()
          .where(where)
          .orderBy(query.sort === 'paidUntil' ? sortBy : direction(sortBy), direction(companies.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(companies).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findCompany(companyId: number) {
      const rows = await selectCompanies().where(eq(companies.id, companyId)).limit(1);
      return rows[0];
    },

    /** The first active ADMIN of each company (the one impersonation enters as): one query. */
    async findAdmins(companyIds: readonly number[]) {
      if (companyIds.length === 0) return [];
      return db
        .selectDistinctOn([employees.companyId], {
          companyId: employees.companyId,
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          middleName: users.middleName,
          email: users.email,
          phone: users.phone,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          and(
            inIds(employees.companyId, companyIds),
            eq(employees.role, 'ADMIN'),
            eq(employees.status, 'ACTIVE'),
            eq(users.status, 'ACTIVE'),
          ),
        )
        .orderBy(employees.companyId, employees.id);
    },

    async lockCompany(companyId: number) {
      const rows = await db
        .select({
          id: companies.id,
          title: companies.title,
          email: companies.email,
          phone: companies.phone,
          countryCode: companies.countryCode,
          timezone: companies.timezone,
          userLimit: companies.userLimit,
          paidUntil: companies.paidUntil,
          isTrial: companies.isTrial,
          status: companies.status,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
      return rows[0];
    },

    async updateCompany(companyId: number, values: CompanyValues): Promise<void> {
      await db
        .update(companies)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(companies.id, companyId));
    },

    async countryExists(code: string): Promise<boolean> {
      const rows = await db
        .select({ id: countries.id })
        .from(countries)
        .where(eq(countries.code, code))
        .limit(1);
      return rows.length > 0;
    },

    async companyExists(companyId: number): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows.length > 0;
    },

    /** The company's audit log, newest first, with the names of both people in the same query. */
    async findAudit(companyId: number, query: ListAuditQuery) {
      const actor = aliasedTable(users, 'actor');
      const impersonator = aliasedTable(users, 'impersonator');
      const where = eq(auditLog.companyId, companyId);
      const [items, totals] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            createdAt: auditLog.createdAt,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            details: auditLog.details,
            userId: auditLog.userId,
            userFirstName: actor.firstName,
            userLastName: actor.lastName,
            userMiddleName: actor.middleName,
            userEmail: actor.email,
            impersonatorId: auditLog.impersonatorId,
            impersonatorFirstName: impersonator.firstName,
            impersonatorLastName: impersonator.lastName,
            impersonatorMiddleName: impersonator.middleName,
            impersonatorEmail: impersonator.email,
          })
          .from(auditLog)
          .leftJoin(actor, eq(actor.id, auditLog.userId))
          .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(auditLog).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },
  };
}

export type AdminCompaniesRepository = ReturnType<typeof createAdminCompaniesRepository>;
export type AdminCompanyRow = NonNullable<
  Awaited<ReturnType<AdminCompaniesRepository['findCompany']>>
>;
export type AdminCompanyAdminRow = Awaited<
  ReturnType<AdminCompaniesRepository['findAdmins']>
>[number];
export type AuditRow = Awaited<ReturnType<AdminCompaniesRepository['findAudit']>>['items'][number];
