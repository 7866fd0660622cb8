import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateDayOffInputSchema,
  DayOffSchema,
  DayOffsPageSchema,
  DecideDayOffInputSchema,
  IdParamsSchema,
  ListDayOffsQuerySchema,
  OkResponseSchema,
  RequestDayOffInputSchema,
  UpdateDayOffInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createDayOffsService } from './day-offs.service.ts';

const tags = ['Отсутствия'];

/**
 * Day-offs under the spec's name `/weekends`: managers enter them (approved at once), employees
 * ask for their own (REQUESTED) and see their own and the company-wide ones.
 */
export function dayOffsRoutes(deps: ModuleDeps) {
  const dayOffsService = createDayOffsService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/weekends',
      {
        schema: {
          tags,
          summary: 'Отсутствия: отпуска, больничные, праздники, отгулы, выходные',
          querystring: ListDayOffsQuerySchema,
          response: responses({ 200: DayOffsPageSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => dayOffsService.listDayOffs(companyAuth(request), request.query),
    );

    app.get(
      '/weekends/:id',
      {
        schema: {
          tags,
          summary: 'Отсутствие',
          params: IdParamsSchema,
          response: responses({ 200: DayOffSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => dayOffsService.getDayOff(companyAuth(request), request.params.id),
    );

    app.post(
      '/weekends',
      {
        schema: {
          tags,
          summary: 'Добавить отсутствие сотрудника или всей компании (сразу одобрено)',
          body: CreateDayOffInputSchema,
          response: responses({ 201: DayOffSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      async (request, reply) => {
        const dayOff = await dayOffsService.createDayOff(companyAuth(request), request.body);
        return reply.status(201).send(dayOff);
      },
    );

    app.post(
      '/weekends/request',
      {
        schema: {
          tags,
          summary: 'Попросить отсутствие для себя (ждёт решения руководителя)',
          body: RequestDayOffInputSchema,
          response: responses({ 201: DayOffSchema }),
        },
        config: { access: COMPANY_MEMBERS, reschedulesReminders: true },
      },
      async (request, reply) => {
        const dayOff = await dayOffsService.requestDayOff(companyAuth(request), request.body);
        return reply.status(201).send(dayOff);
      },
    );

    app.post(
      '/weekends/:id/approve',
      {
        schema: {
          tags,
          summary: 'Одобрить запрос',
          params: IdParamsSchema,
          body: DecideDayOffInputSchema.nullish(),
          response: responses({ 200: DayOffSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) =>
        dayOffsService.approveDayOff(companyAuth(request), request.params.id, request.body ?? {}),
    );

    app.post(
      '/weekends/:id/reject',
      {
        schema: {
          tags,
          summary: 'Отклонить запрос',
          params: IdParamsSchema,
          body: DecideDayOffInputSchema.nullish(),
          response: responses({ 200: DayOffSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) =>
        dayOffsService.rejectDayOff(companyAuth(request), request.params.id, request.body ?? {}),
    );

    app.patch(
      '/weekends/:id',
      {
        schema: {
          tags,
          summary: 'Изменить отсутствие',
          params: IdParamsSchema,
          body: UpdateDayOffInputSchema,
          response: responses({ 200: DayOffSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) =>
        dayOffsService.updateDayOff(companyAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/weekends/:id',
      {
        schema: {
          tags,
          summary: 'Удалить отсутствие (сотрудник — только свой нерассмотренный запрос)',
          params: IdParamsSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: COMPANY_MEMBERS, reschedulesReminders: true },
      },
      async (request) => {
        await dayOffsService.deleteDayOff(companyAuth(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
