import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CorrectionRequestSchema,
  CorrectionRequestsPageSchema,
  CreateCorrectionRequestInputSchema,
  IdParamsSchema,
  ListCorrectionRequestsQuerySchema,
  PendingCorrectionsCountSchema,
  RejectCorrectionRequestInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createCorrectionRequestsService } from './correction-requests.service.ts';

const tags = ['Запросы на исправление'];

/**
 * Correction requests (decision 025): every member asks for their own dates and withdraws
 * their own; ADMINs and MANAGERs (their scope) list, approve and reject.
 */
export function correctionRequestsRoutes(deps: ModuleDeps) {
  const service = createCorrectionRequestsService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/correction-requests',
      {
        schema: {
          tags,
          summary: 'Попросить исправить свою отметку или код дня (ждёт решения руководителя)',
          body: CreateCorrectionRequestInputSchema,
          response: responses({ 201: CorrectionRequestSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      async (request, reply) => {
        const created = await service.createRequest(companyAuth(request), request.body);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/correction-requests/mine',
      {
        schema: {
          tags,
          summary: 'Мои запросы на исправление',
          querystring: ListCorrectionRequestsQuerySchema,
          response: responses({ 200: CorrectionRequestsPageSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.listMine(companyAuth(request), request.query),
    );

    app.get(
      '/correction-requests',
      {
        schema: {
          tags,
          summary: 'Запросы на исправление сотрудников',
          querystring: ListCorrectionRequestsQuerySchema,
          response: responses({ 200: CorrectionRequestsPageSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.listRequests(companyAuth(request), request.query),
    );

    app.get(
      '/correction-requests/pending-count',
      {
        schema: {
          tags,
          summary: 'Сколько запросов ждёт решения',
          response: responses({ 200: PendingCorrectionsCountSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.countPending(companyAuth(request)),
    );

    app.post(
      '/correction-requests/:id/approve',
      {
        schema: {
          tags,
          summary: 'Одобрить запрос: исправить отметку или код дня',
          params: IdParamsSchema,
          response: responses({ 200: CorrectionRequestSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.approveRequest(companyAuth(request), request.params.id),
    );

    app.post(
      '/correction-requests/:id/reject',
      {
        schema: {
          tags,
          summary: 'Отклонить запрос с причиной',
          params: IdParamsSchema,
          body: RejectCorrectionRequestInputSchema,
          response: responses({ 200: CorrectionRequestSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.rejectRequest(companyAuth(request), request.params.id, request.body),
    );

    app.post(
      '/correction-requests/:id/withdraw',
      {
        schema: {
          tags,
          summary: 'Отозвать свой запрос, пока он не рассмотрен',
          params: IdParamsSchema,
          response: responses({ 200: CorrectionRequestSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.withdrawRequest(companyAuth(request), request.params.id),
    );
  };
}
