import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminListPaymentsQuery, ListPaymentsQuery, PaymentStatus } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, payments } from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

export type PaymentInsert = Omit<
  typeof payments.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

const paymentFields = {
  payment: payments,
  companyTitle: companies.title,
  companyEmail: companies.email,
  companyPhone: companies.phone,
};

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function createPaymentsRepository(db: DbOrTx) {
  function selectPayments() {
    return db
      .select(paymentFields)
      .from(payments)
      .innerJoin(companies, eq(companies.id, payments.companyId));
  }

  async function page(where: SQL | undefined, query: { page: number; limit: number }) {
    const [items, totals] = await Promise.all([
      selectPayments()
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      db
        .select({ value: count() })
        .from(payments)
        .innerJoin(companies, eq(companies.id, payments.companyId))
        .where(where),
    ]);
    return { items, total: totals[0]?.value ?? 0 };
  }

  return {
    async insertPayment(companyId: number, values: PaymentInsert): Promise<number> {
      const [row] = await db
        .insert(payments)
        .values({ ...values, companyId })
        .returning({ id: payments.id });
      return row!.id;
    },

    /** A payment of the company (another company's id finds nothing). */
    async findPayment(companyId: number, paymentId: number) {
      const rows = await selectPayments()
        .where(and(eq(payments.companyId, companyId), eq(payments.id, paymentId)))
        .limit(1);
      return rows[0];
    },

    /** Any company's payment: the super admin's area and the provider's notifications. */
    async findAnyPayment(paymentId: number) {
      const rows = await selectPayments().where(eq(payments.id, paymentId)).limit(1);
      return rows[0];
    },

    async findPayments(companyId: number, query: ListPaymentsQuery) {
      return page(
        and(
          eq(payments.companyId, companyId),
          query.status ? eq(payments.status, query.status) : undefined,
        ),
        query,
      );
    },

    async findAllPayments(query: AdminListPaymentsQuery) {
      const conditions: (SQL | undefined)[] = [
        query.status ? eq(payments.status, query.status) : undefined,
        query.provider ? eq(payments.provider, query.provider) : undefined,
        query.companyId ? eq(payments.companyId, query.companyId) : undefined,
        query.from ? gte(payments.createdAt, startOfDay(query.from)) : undefined,
        query.to
          ? lt(payments.createdAt, new Date(startOfDay(query.to).getTime() + DAY_MS))
          : undefined,
      ];
      if (query.search) {
        const search = query.search.trim();
        const byNumber = /^(?:СМ-?)?0*(\d{1,9})$/i.exec(search);
        conditions.push(
          byNumber
            ? or(ilike(companies.title, likePattern(search)), eq(payments.id, Number(byNumber[1])))
            : ilike(companies.title, likePattern(search)),
        );
      }
      return page(and(...conditions), query);
    },

    /** Locks the payment row until the transaction ends: confirmations of it queue up. */
    async lockPayment(paymentId: number) {
      const rows = await db
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId))
        .limit(1)
        .for('update');
      return rows[0];
    },

    async findByTransaction(provider: 'manual' | 'cloudpayments', transactionId: string) {
      const rows = await db
        .select({ id: payments.id, status: payments.status })
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.transactionId, transactionId)))
        .limit(1);
      return rows[0];
    },

    async markPaid(
      paymentId: number,
      values: {
        transactionId: string | null;
        periodStart: Date;
        periodEnd: Date;
        paidAt: Date;
        decidedByUserId: number | null;
      },
    ) {
      await db
        .update(payments)
        .set({ ...values, status: 'PAID', failureReason: null, updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId));
    },

    /** Moves a payment from one of `from` to `status`; answers false when it was not in `from`. */
    async setStatus(
      paymentId: number,
      from: PaymentStatus[],
      status: 'FAILED' | 'CANCELLED',
      values: { failureReason?: string | null; decidedByUserId?: number | null } = {},
    ): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({
          ...values,
          status,
          ...(status === 'CANCELLED' ? { cancelledAt: sql`now()` } : {}),
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(payments.id, paymentId),
            sql`${payments.status} = any(${sql.param(from)}::text[])`,
          ),
        )
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    async extendCompany(
      companyId: number,
      values: { paidUntil: Date; userLimit: number },
    ): Promise<void> {
      await db
        .update(companies)
        .set({ ...values, isTrial: false, updatedAt: sql`now()` })
        .where(eq(companies.id, companyId));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
export type PaymentRow = NonNullable<Awaited<ReturnType<PaymentsRepository['findAnyPayment']>>>;
