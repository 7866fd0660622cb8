import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminListPaymentsQuerySchema,
  CreatePaymentInputSchema,
  CreatePaymentResultSchema,
  IdParamsSchema,
  ListPaymentsQuerySchema,
  PaymentReceiptSchema,
  PaymentSchema,
  PaymentsPageSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_ONLY, SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { companyAuth, requireAuth } from '../../plugins/auth.ts';
import type { PaymentsService } from './payments.service.ts';

const tags = ['Оплата'];

/**
 * The company's payments (its ADMIN pays and cancels; managers see the history) and the super
 * admin's list of every company's payments, where manual invoices are marked paid.
 */
export function paymentsRoutes(paymentsService: PaymentsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/payments',
      {
        schema: {
          tags,
          summary: 'История платежей компании',
          querystring: ListPaymentsQuerySchema,
          response: responses({ 200: PaymentsPageSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => paymentsService.listPayments(companyAuth(request), request.query),
    );

    app.post(
      '/payments',
      {
        schema: {
          tags,
          summary: 'Оплатить тариф: создать счёт у платёжного провайдера',
          body: CreatePaymentInputSchema,
          response: responses({ 201: CreatePaymentResultSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      async (request, reply) => {
        const result = await paymentsService.createPayment(companyAuth(request), request.body);
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/payments/:id',
      {
        schema: {
          tags,
          summary: 'Платёж компании',
          params: IdParamsSchema,
          response: responses({ 200: PaymentSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => paymentsService.getPayment(companyAuth(request), request.params.id),
    );

    app.get(
      '/payments/:id/receipt',
      {
        schema: {
          tags,
          summary: 'Счёт или квитанция для печати',
          params: IdParamsSchema,
          response: responses({ 200: PaymentReceiptSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => paymentsService.getReceipt(companyAuth(request), request.params.id),
    );

    app.post(
      '/payments/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Отменить неоплаченный счёт',
          params: IdParamsSchema,
          response: responses({ 200: PaymentSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => paymentsService.cancelPayment(companyAuth(request), request.params.id),
    );

    app.get(
      '/admin/payments',
      {
        schema: {
          tags,
          summary: 'Платежи всех компаний',
          querystring: AdminListPaymentsQuerySchema,
          response: responses({ 200: PaymentsPageSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => paymentsService.adminListPayments(request.query),
    );

    app.get(
      '/admin/payments/:id/receipt',
      {
        schema: {
          tags,
          summary: 'Счёт или квитанция любой компании',
          params: IdParamsSchema,
          response: responses({ 200: PaymentReceiptSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => paymentsService.adminGetReceipt(request.params.id),
    );

    app.post(
      '/admin/payments/:id/mark-paid',
      {
        schema: {
          tags,
          summary: 'Отметить счёт оплаченным (продлевает оплаченный период компании)',
          params: IdParamsSchema,
          response: responses({ 200: PaymentSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => paymentsService.adminMarkPaid(requireAuth(request), request.params.id),
    );

    app.post(
      '/admin/payments/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Отменить неоплаченный счёт компании',
          params: IdParamsSchema,
          response: responses({ 200: PaymentSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => paymentsService.adminCancelPayment(requireAuth(request), request.params.id),
    );
  };
}
