import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  CloudPaymentsCode,
  CloudPaymentsNotificationSchema,
  amountToKopecks,
  invoiceIdOf,
  parseNotificationBody,
  verifyCloudPaymentsSignature,
  type CloudPaymentsNotification,
} from './cloudpayments.ts';
import { createPaymentsRepository, type PaymentRow } from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';

export type NotificationKind = 'check' | 'pay' | 'fail';

export type IncomingNotification = {
  rawBody: string;
  contentType: string | undefined;
  headers: Record<string, string | string[] | undefined>;
};

type Lookup =
  | { ok: true; row: PaymentRow; notification: CloudPaymentsNotification }
  | { ok: false; code: CloudPaymentsCode };

/**
 * CloudPayments' Check, Pay and Fail notifications. Each is verified by its signature first;
 * then the invoice, the account (company) and the amount must match ours. Pay confirms through
 * the payments service, which makes repeated notifications (same TransactionId) harmless.
 * Logs name the invoice and the transaction only — never the body, the secret or card data.
 */
export function createCloudPaymentsNotifications(deps: {
  db: Db;
  paymentsService: PaymentsService;
  apiSecret: string;
}) {
  const repository = createPaymentsRepository(deps.db);

  async function lookUp(
    incoming: IncomingNotification,
    log: FastifyBaseLogger,
    kind: NotificationKind,
  ): Promise<Lookup> {
    if (!verifyCloudPaymentsSignature(incoming.rawBody, incoming.headers, deps.apiSecret)) {
      log.warn({ kind }, 'cloudpayments notification with a missing or wrong signature');
      return { ok: false, code: CloudPaymentsCode.REJECTED };
    }
    const fields = parseNotificationBody(incoming.rawBody, incoming.contentType);
    const parsed = CloudPaymentsNotificationSchema.safeParse(fields ?? {});
    if (!parsed.success) {
      log.warn({ kind }, 'cloudpayments notification without the required fields');
      return { ok: false, code: CloudPaymentsCode.INVALID_INVOICE };
    }
    const notification = parsed.data;
    const paymentId = invoiceIdOf(notification);
    const row = paymentId === null ? undefined : await repository.findAnyPayment(paymentId);
    if (!row || row.payment.provider !== 'cloudpayments') {
      log.warn({ kind, invoiceId: notification.InvoiceId }, 'cloudpayments: unknown invoice');
      return { ok: false, code: CloudPaymentsCode.INVALID_INVOICE };
    }
    if (
      notification.AccountId !== undefined &&
      notification.AccountId !== String(row.payment.companyId)
    ) {
      log.warn({ kind, paymentId }, 'cloudpayments: account does not match the invoice');
      return { ok: false, code: CloudPaymentsCode.INVALID_ACCOUNT };
    }
    const amount = amountToKopecks(notification.Amount);
    const currency = notification.Currency ?? 'RUB';
    if (amount !== row.payment.amountKopecks || currency !== 'RUB') {
      log.error(
        { kind, paymentId, transactionId: notification.TransactionId },
        'cloudpayments: amount or currency does not match the invoice',
      );
      return { ok: false, code: CloudPaymentsCode.INVALID_AMOUNT };
    }
    return { ok: true, row, notification };
  }

  return {
    async handle(
      kind: NotificationKind,
      incoming: IncomingNotification,
      log: FastifyBaseLogger,
    ): Promise<{ code: number }> {
      const found = await lookUp(incoming, log, kind);
      if (!found.ok) return { code: found.code };
      const { row, notification } = found;
      const paymentId = row.payment.id;
      const transactionId = notification.TransactionId;

      if (kind === 'check') {
        // May the customer pay this invoice? Not a second time, and not a withdrawn one.
        if (row.payment.status === 'PAID' || row.payment.status === 'CANCELLED') {
          return { code: CloudPaymentsCode.REJECTED };
        }
        return { code: CloudPaymentsCode.OK };
      }

      if (kind === 'fail') {
        await repository.setStatus(paymentId, ['PENDING'], 'FAILED', {
          failureReason: (notification.Reason ?? 'Платёж отклонён').slice(0, 500),
        });
        log.info({ paymentId, transactionId }, 'cloudpayments: payment failed');
        return { code: CloudPaymentsCode.OK };
      }

      // Pay: the money is taken. A two-stage authorization is not a payment yet.
      if (notification.Status && notification.Status !== 'Completed') {
        log.warn(
          { paymentId, transactionId, status: notification.Status },
          'cloudpayments: not completed',
        );
        return { code: CloudPaymentsCode.OK };
      }
      // A withdrawn or failed invoice that the customer still paid is honoured: the money came.
      const outcome = await deps.paymentsService.confirmPayment(paymentId, {
        transactionId,
        decidedByUserId: null,
        allowedFrom: ['PENDING', 'FAILED', 'CANCELLED'],
      });
      if (outcome.outcome === 'CONFIRMED') {
        log.info({ paymentId, transactionId }, 'cloudpayments: payment confirmed');
      } else if (outcome.outcome === 'ALREADY_PAID') {
        log.info({ paymentId, transactionId }, 'cloudpayments: repeated pay notification');
      } else {
        log.error(
          { paymentId, transactionId, outcome: outcome.outcome },
          'cloudpayments: not confirmed',
        );
      }
      return { code: CloudPaymentsCode.OK };
    },
  };
}

export type CloudPaymentsNotifications = ReturnType<typeof createCloudPaymentsNotifications>;
