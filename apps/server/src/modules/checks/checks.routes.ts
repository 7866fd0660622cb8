import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckBatchInputSchema,
  CheckBatchResultSchema,
  CheckHistorySchema,
  CheckSchema,
  ChecksPageSchema,
  CreateCheckInputSchema,
  DeleteCheckInputSchema,
  IdempotencyKeySchema,
  IdParamsSchema,
  ListChecksQuerySchema,
  PunchInputSchema,
  PunchResultSchema,
  type Role,
  SelfCheckInputSchema,
  SelfCheckOutInputSchema,
  UpdateCheckInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ChecksService } from './checks.service.ts';

const tags = ['Отметки'];

/** No person's role: API keys only (the route also sets `apiKey: true`). */
const NO_ROLES: readonly Role[] = [];

/** Other headers pass through untouched (the User-Agent is the check's device). */
const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.optional(),
});

const DeleteResultSchema = z.object({ result: z.literal('deleted') });

export function checksRoutes(checksService: ChecksService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/checks/create',
      {
        schema: {
          tags,
          summary: 'Создать отметку (менеджер или API-ключ); Idempotency-Key — для повторов',
          headers: IdempotencyHeadersSchema,
          body: CreateCheckInputSchema,
          response: responses({ 201: CheckSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, apiKey: true },
      },
      async (request, reply) => {
        const { check } = await checksService.createCheck(companyAuth(request), request.body, {
          userAgent: request.headers['user-agent'] ?? null,
          idempotencyKey: request.headers['idempotency-key'],
        });
        return reply.status(201).send(check);
      },
    );

    app.post(
      '/checks/batch',
      {
        schema: {
          tags,
          summary:
            'Создать до 500 отметок (терминал, офлайн-очередь): у каждой свой idempotencyKey и свой ответ',
          body: CheckBatchInputSchema,
          response: responses({ 200: CheckBatchResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, apiKey: true },
      },
      (request) =>
        checksService.createChecks(companyAuth(request), request.body, {
          userAgent: request.headers['user-agent'] ?? null,
        }),
    );

    app.get(
      '/checks',
      {
        schema: {
          tags,
          summary:
            'Отметки: период, сотрудник, филиал, отдел, открытые, опоздания; с посещаемостью сотрудников страницы',
          querystring: ListChecksQuerySchema,
          response: responses({ 200: ChecksPageSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => checksService.listChecks(companyAuth(request), request.query),
    );

    app.get(
      '/checks/:id',
      {
        schema: {
          tags,
          summary: 'Отметка',
          params: IdParamsSchema,
          response: responses({ 200: CheckSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => checksService.getCheck(companyAuth(request), request.params.id),
    );

    app.get(
      '/checks/:id/history',
      {
        schema: {
          tags,
          summary: 'История изменений отметки',
          params: IdParamsSchema,
          response: responses({ 200: CheckHistorySchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => checksService.getHistory(companyAuth(request), request.params.id),
    );

    app.patch(
      '/checks/:id',
      {
        schema: {
          tags,
          summary: 'Исправить отметку (с причиной)',
          params: IdParamsSchema,
          body: UpdateCheckInputSchema,
          response: responses({ 200: CheckSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => checksService.updateCheck(companyAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/checks/:id',
      {
        schema: {
          tags,
          summary: 'Удалить отметку (с причиной; остаётся в истории)',
          params: IdParamsSchema,
          body: DeleteCheckInputSchema,
          response: responses({ 200: DeleteResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => checksService.deleteCheck(companyAuth(request), request.params.id, request.body),
    );

    app.post(
      '/checks/check-in',
      {
        schema: {
          tags,
          summary: 'Отметить приход (геолокация, время сервера)',
          body: SelfCheckInputSchema,
          response: responses({ 201: CheckSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      async (request, reply) => {
        const check = await checksService.checkIn(companyAuth(request), request.body, {
          userAgent: request.headers['user-agent'] ?? null,
        });
        return reply.status(201).send(check);
      },
    );

    app.post(
      '/checks/check-out',
      {
        schema: {
          tags,
          summary: 'Отметить уход (геолокация, время сервера)',
          body: SelfCheckOutInputSchema,
          response: responses({ 200: CheckSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => checksService.checkOut(companyAuth(request), request.body),
    );

    app.post(
      '/checks/punch',
      {
        schema: {
          tags,
          summary: 'Событие терминала: первое открывает отметку, следующее закрывает',
          body: PunchInputSchema,
          response: responses({ 200: PunchResultSchema }),
        },
        config: { access: NO_ROLES, apiKey: true },
      },
      (request) =>
        checksService.punch(companyAuth(request), request.body, {
          userAgent: request.headers['user-agent'] ?? null,
        }),
    );
  };
}
