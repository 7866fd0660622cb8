import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { ListPlansQuery } from '@smena/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { companies, payments, plans } from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

export type PlanValues = Pick<
  typeof plans.$inferInsert,
  | 'title'
  | 'pricePerUserKopecks'
  | 'trialDays'
  | 'discount3Months'
  | 'discount6Months'
  | 'discount12Months'
  | 'minUsers'
  | 'active'
  | 'isDefault'
>;

export type PlanRow = typeof plans.$inferSelect;

/** Any lock id will do as long as only this module uses it: "the default plan is being changed". */
const DEFAULT_PLAN_LOCK = 7_301_001;

function paymentCount(db: DbOrTx) {
  const counted = db.select({ value: count() }).from(payments).where(eq(payments.planId, plans.id));
  return sql<number>`(${counted})`.mapWith(Number);
}

export function createPlansRepository(db: DbOrTx) {
  return {
    async findPlans(query: ListPlansQuery) {
      const conditions: (SQL | undefined)[] = [
        query.active === undefined ? undefined : eq(plans.active, query.active),
        query.search ? ilike(plans.title, likePattern(query.search)) : undefined,
      ];
      const where = and(...conditions);
      const [items, totals] = await Promise.all([
        db
          .select({ plan: plans, paymentCount: paymentCount(db) })
          .from(plans)
          .where(where)
          .orderBy(
            desc(plans.isDefault),
            desc(plans.active),
            asc(plans.pricePerUserKopecks),
            asc(plans.id),
          )
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(plans).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findPlanWithUsage(planId: number) {
      const rows = await db
        .select({ plan: plans, paymentCount: paymentCount(db) })
        .from(plans)
        .where(eq(plans.id, planId))
        .limit(1);
      return rows[0];
    },

    async findPlan(planId: number): Promise<PlanRow | undefined> {
      const rows = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
      return rows[0];
    },

    async findDefaultPlan(): Promise<PlanRow | undefined> {
      const rows = await db.select().from(plans).where(eq(plans.isDefault, true)).limit(1);
      return rows[0];
    },

    /** Plans on sale, the default first, then by price. */
    async findActivePlans(): Promise<PlanRow[]> {
      return db
        .select()
        .from(plans)
        .where(eq(plans.active, true))
        .orderBy(desc(plans.isDefault), asc(plans.pricePerUserKopecks), asc(plans.id));
    },

    /**
     * The plan a company is on: the plan of its latest confirmed payment, else the default.
     * Payments are filtered by the company first.
     */
    async findCompanyPlan(companyId: number): Promise<PlanRow | undefined> {
      const rows = await db
        .select({ plan: plans })
        .from(payments)
        .innerJoin(plans, eq(plans.id, payments.planId))
        .where(and(eq(payments.companyId, companyId), eq(payments.status, 'PAID')))
        .orderBy(desc(payments.paidAt), desc(payments.id))
        .limit(1);
      return rows[0]?.plan ?? (await this.findDefaultPlan());
    },

    /** What the plan page shows about the company itself. */
    async findCompanyTerms(companyId: number) {
      const rows = await db
        .select({
          id: companies.id,
          userLimit: companies.userLimit,
          paidUntil: companies.paidUntil,
          isTrial: companies.isTrial,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0];
    },

    /** Serializes changes of the default plan (two at once would both clear and both set). */
    async lockDefaultPlan(tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_PLAN_LOCK})`);
    },

    async clearDefaultExcept(planId: number | null) {
      await db
        .update(plans)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(
          planId === null
            ? eq(plans.isDefault, true)
            : and(eq(plans.isDefault, true), ne(plans.id, planId)),
        );
    },

    async insertPlan(values: PlanValues): Promise<number> {
      const [row] = await db.insert(plans).values(values).returning({ id: plans.id });
      return row!.id;
    },

    async updatePlan(planId: number, values: Partial<PlanValues>): Promise<boolean> {
      const rows = await db
        .update(plans)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(plans.id, planId))
        .returning({ id: plans.id });
      return rows.length > 0;
    },

    async deletePlan(planId: number) {
      await db.delete(plans).where(eq(plans.id, planId));
    },

    async isPlanUsed(planId: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(payments)
        .where(eq(payments.planId, planId))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
