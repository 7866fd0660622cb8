import {
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  extendPaidUntil,
  minimumPaidUsers,
  paymentNumber,
  quotePrice,
  type AdminListPaymentsQuery,
  type CreatePaymentInputSchema,
  type CreatePaymentResult,
  type ListPaymentsQuery,
  type Page,
  type Payment,
  type PaymentReceipt,
  type PaymentStatus,
} from '@smena/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { createAuditRepository } from '../audit/index.ts';
import { countActiveEmployees, lockCompany } from '../employees/index.ts';
import { createPlansRepository } from '../plans/index.ts';
import { paymentDescription, type PaymentGateway } from './payment-provider.ts';
import { createPaymentsRepository, type PaymentRow } from './payments.repository.ts';

export type CreatePaymentValues = z.output<typeof CreatePaymentInputSchema>;

const TRANSACTION_UNIQUE = 'payments_provider_transaction_unique';

const notFound = () => AppError.notFound('Платёж не найден');

export function toPayment(row: PaymentRow): Payment {
  const p = row.payment;
  return {
    id: p.id,
    number: paymentNumber(p.id),
    companyId: p.companyId,
    companyTitle: row.companyTitle,
    planId: p.planId,
    planTitle: p.planTitle,
    provider: p.provider,
    status: p.status,
    users: p.users,
    months: p.months,
    pricePerUserKopecks: p.pricePerUserKopecks,
    subtotalKopecks: p.subtotalKopecks,
    discountPercent: p.discountPercent,
    discountKopecks: p.discountKopecks,
    amountKopecks: p.amountKopecks,
    periodStart: p.periodStart?.toISOString() ?? null,
    periodEnd: p.periodEnd?.toISOString() ?? null,
    transactionId: p.transactionId,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    cancelledAt: p.cancelledAt?.toISOString() ?? null,
  };
}

function toReceipt(row: PaymentRow): PaymentReceipt {
  const payment = toPayment(row);
  if (payment.status === 'CANCELLED' || payment.status === 'FAILED') {
    throw AppError.conflict('Документ есть только у оплаченных и ожидающих оплаты счетов');
  }
  return {
    kind: payment.status === 'PAID' ? 'RECEIPT' : 'INVOICE',
    number: payment.number,
    issuedAt: payment.paidAt ?? payment.createdAt,
    seller: { name: PRODUCT_NAME, email: SUPPORT_EMAIL },
    buyer: { title: row.companyTitle, email: row.companyEmail, phone: row.companyPhone },
    description: paymentDescription(payment),
    planTitle: payment.planTitle,
    users: payment.users,
    months: payment.months,
    pricePerUserKopecks: payment.pricePerUserKopecks,
    subtotalKopecks: payment.subtotalKopecks,
    discountPercent: payment.discountPercent,
    discountKopecks: payment.discountKopecks,
    amountKopecks: payment.amountKopecks,
    status: payment.status,
    provider: payment.provider,
    transactionId: payment.transactionId,
    paidAt: payment.paidAt,
    periodStart: payment.periodStart,
    periodEnd: payment.periodEnd,
  };
}

/** What a confirmation did: only CONFIRMED changed anything. */
export type ConfirmOutcome =
  | { outcome: 'CONFIRMED'; paidUntil: Date }
  | { outcome: 'ALREADY_PAID' }
  | { outcome: 'NOT_FOUND' }
  | { outcome: 'NOT_PAYABLE'; status: PaymentStatus };

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: { db: Db; gateway: PaymentGateway; now?: () => Date }) {
  const { db, gateway } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createPaymentsRepository(db);

  async function getRow(companyId: number | null, paymentId: number): Promise<PaymentRow> {
    const row =
      companyId === null
        ? await repository.findAnyPayment(paymentId)
        : await repository.findPayment(companyId, paymentId);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Confirms a payment exactly once: locks it, then the company; extends paid-until from the
   * later of now and the current end by the payment's months, sets the user limit, ends the
   * trial, and marks the payment paid — all in one transaction. A second confirmation (the same
   * notification again, or two at once) finds it PAID and changes nothing.
   */
  async function confirmPayment(
    paymentId: number,
    options: {
      transactionId: string | null;
      decidedByUserId: number | null;
      allowedFrom: PaymentStatus[];
    },
  ): Promise<ConfirmOutcome> {
    try {
      return await db.transaction(async (tx) => {
        const repo = createPaymentsRepository(tx);
        if (options.transactionId !== null) {
          const seen = await repo.findByTransaction(gateway.kind, options.transactionId);
          if (seen?.status === 'PAID') return { outcome: 'ALREADY_PAID' as const };
        }
        const payment = await repo.lockPayment(paymentId);
        if (!payment) return { outcome: 'NOT_FOUND' as const };
        if (payment.status === 'PAID') return { outcome: 'ALREADY_PAID' as const };
        if (!options.allowedFrom.includes(payment.status)) {
          return { outcome: 'NOT_PAYABLE' as const, status: payment.status };
        }
        const company = await lockCompany(tx, payment.companyId);
        const at = now();
        const periodStart =
          company.paidUntil && company.paidUntil.getTime() > at.getTime() ? company.paidUntil : at;
        const periodEnd = extendPaidUntil(company.paidUntil, at, payment.months);
        await repo.extendCompany(payment.companyId, {
          paidUntil: periodEnd,
          userLimit: payment.users,
        });
        await repo.markPaid(payment.id, {
          transactionId: options.transactionId,
          periodStart,
          periodEnd,
          paidAt: at,
          decidedByUserId: options.decidedByUserId,
        });
        await createAuditRepository(tx).record({
          companyId: payment.companyId,
          userId: options.decidedByUserId,
          impersonatorId: null,
          action: 'PAYMENT_CONFIRMED',
          entity: 'payment',
          entityId: String(payment.id),
          details: {
            provider: payment.provider,
            amountKopecks: payment.amountKopecks,
            months: payment.months,
            users: payment.users,
            paidUntil: periodEnd.toISOString(),
          },
        });
        return { outcome: 'CONFIRMED' as const, paidUntil: periodEnd };
      });
    } catch (error) {
      // The same transaction id already confirmed another payment: nothing more to do.
      if (isUniqueViolation(error, TRANSACTION_UNIQUE)) return { outcome: 'ALREADY_PAID' };
      throw error;
    }
  }

  async function cancel(
    companyId: number | null,
    paymentId: number,
    decidedByUserId: number,
  ): Promise<Payment> {
    const row = await getRow(companyId, paymentId);
    const cancelled = await repository.setStatus(
      row.payment.id,
      ['PENDING', 'FAILED'],
      'CANCELLED',
      {
        decidedByUserId,
      },
    );
    if (!cancelled) {
      throw AppError.conflict(
        row.payment.status === 'PAID' ? 'Оплаченный счёт нельзя отменить' : 'Счёт уже отменён',
      );
    }
    await createAuditRepository(db).record({
      companyId: row.payment.companyId,
      userId: decidedByUserId,
      impersonatorId: null,
      action: 'PAYMENT_CANCELLED',
      entity: 'payment',
      entityId: String(row.payment.id),
    });
    return toPayment(await getRow(companyId, paymentId));
  }

  return {
    confirmPayment,

    async createPayment(
      auth: CompanyAuthContext,
      input: CreatePaymentValues,
    ): Promise<CreatePaymentResult> {
      const plans = createPlansRepository(db);
      let plan;
      if (input.planId !== undefined) {
        plan = await plans.findPlan(input.planId);
        if (!plan?.active) throw AppError.validation('planId', 'Этот тариф недоступен для оплаты');
      } else {
        const current = await plans.findCompanyPlan(auth.companyId);
        plan = current?.active ? current : await plans.findDefaultPlan();
        if (!plan) throw AppError.validation('planId', 'Выберите тариф');
      }
      const activeUsers = await countActiveEmployees(db, auth.companyId);
      const minimum = minimumPaidUsers(plan, activeUsers);
      if (input.users < minimum) {
        throw AppError.validation(
          'users',
          activeUsers >= plan.minUsers && activeUsers > 1
            ? `Не меньше ${minimum}: столько активных пользователей в компании сейчас`
            : `Не меньше ${minimum}: минимум тарифа «${plan.title}»`,
        );
      }
      const quote = quotePrice(plan, input.users, input.months);
      const paymentId = await repository.insertPayment(auth.companyId, {
        planId: plan.id,
        planTitle: plan.title,
        provider: gateway.kind,
        status: 'PENDING',
        users: quote.users,
        months: quote.months,
        pricePerUserKopecks: quote.pricePerUserKopecks,
        discountPercent: quote.discountPercent,
        subtotalKopecks: quote.subtotalKopecks,
        discountKopecks: quote.discountKopecks,
        amountKopecks: quote.totalKopecks,
        createdByUserId: auth.userId,
      });
      const payment = toPayment(await getRow(auth.companyId, paymentId));
      const [payer] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, auth.userId))
        .limit(1);
      const checkout = gateway.checkout({
        paymentId,
        number: payment.number,
        companyId: auth.companyId,
        amountKopecks: payment.amountKopecks,
        description: paymentDescription(payment),
        payerEmail: payer?.email ?? null,
      });
      return { payment, checkout };
    },

    async listPayments(auth: CompanyAuthContext, query: ListPaymentsQuery): Promise<Page<Payment>> {
      const { items, total } = await repository.findPayments(auth.companyId, query);
      return pageResult(items.map(toPayment), total, query);
    },

    async getPayment(auth: CompanyAuthContext, paymentId: number): Promise<Payment> {
      return toPayment(await getRow(auth.companyId, paymentId));
    },

    async getReceipt(auth: CompanyAuthContext, paymentId: number): Promise<PaymentReceipt> {
      return toReceipt(await getRow(auth.companyId, paymentId));
    },

    /** The company's ADMIN withdraws an unpaid invoice. */
    cancelPayment(auth: CompanyAuthContext, paymentId: number): Promise<Payment> {
      return cancel(auth.companyId, paymentId, auth.userId);
    },

    // ---------- The super admin's area: every company ----------

    async adminListPayments(query: AdminListPaymentsQuery): Promise<Page<Payment>> {
      const { items, total } = await repository.findAllPayments(query);
      return pageResult(items.map(toPayment), total, query);
    },

    async adminGetReceipt(paymentId: number): Promise<PaymentReceipt> {
      return toReceipt(await getRow(null, paymentId));
    },

    /** The money arrived (a bank transfer for a manual invoice, or a lost notification). */
    async adminMarkPaid(auth: AuthContext, paymentId: number): Promise<Payment> {
      const outcome = await confirmPayment(paymentId, {
        transactionId: null,
        decidedByUserId: auth.userId,
        allowedFrom: ['PENDING', 'FAILED'],
      });
      if (outcome.outcome === 'NOT_FOUND') throw notFound();
      if (outcome.outcome === 'ALREADY_PAID') throw AppError.conflict('Счёт уже оплачен');
      if (outcome.outcome === 'NOT_PAYABLE') {
        throw AppError.conflict('Отменённый счёт нельзя отметить оплаченным');
      }
      return toPayment(await getRow(null, paymentId));
    },

    adminCancelPayment(auth: AuthContext, paymentId: number): Promise<Payment> {
      return cancel(null, paymentId, auth.userId);
    },
  };
}
