import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcknowledgeScheduleInputSchema,
  IdParamsSchema,
  MyScheduleMonthSchema,
  MyScheduleQuerySchema,
  MyScheduleSchema,
  SchedulePublicationDetailsSchema,
  SchedulePublicationKeySchema,
  SchedulePublicationQuerySchema,
  SchedulePublicationSchema,
  SchedulePublicationStateSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createSchedulePublicationsService } from './schedule-publications.service.ts';

const tags = ['Публикация графика'];

/**
 * Publication of a month's schedule (decision 028): a manager of the branch or department (or an
 * admin) publishes the draft and sees who acknowledged it; every member reads and acknowledges
 * their own published schedule.
 */
export function schedulePublicationsRoutes(deps: ModuleDeps) {
  const service = createSchedulePublicationsService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/schedule-publications',
      {
        schema: {
          tags,
          summary:
            'Публикация графика месяца филиала или отдела: версии, изменения черновика, ознакомление',
          querystring: SchedulePublicationQuerySchema,
          response: responses({ 200: SchedulePublicationStateSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.getState(companyAuth(request), request.query),
    );

    app.post(
      '/schedule-publications',
      {
        schema: {
          tags,
          summary: 'Опубликовать график месяца (новая версия; сотрудники получают уведомление)',
          body: SchedulePublicationKeySchema,
          response: responses({ 201: SchedulePublicationSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      async (request, reply) => {
        const publication = await service.publish(companyAuth(request), request.body);
        return reply.status(201).send(publication);
      },
    );

    app.get(
      '/schedule-publications/:id',
      {
        schema: {
          tags,
          summary: 'Версия графика: дни сотрудников и кто ознакомился',
          params: IdParamsSchema,
          response: responses({ 200: SchedulePublicationDetailsSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.getPublication(companyAuth(request), request.params.id),
    );

    app.get(
      '/profile/schedule',
      {
        schema: {
          tags,
          summary: 'Мой опубликованный график за период (не больше 62 дней)',
          querystring: MyScheduleQuerySchema,
          response: responses({ 200: MyScheduleSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.mySchedule(companyAuth(request), request.query),
    );

    app.post(
      '/profile/schedule/acknowledge',
      {
        schema: {
          tags,
          summary: 'Ознакомлен с опубликованным графиком (ст. 103 ТК РФ)',
          body: AcknowledgeScheduleInputSchema,
          response: responses({ 200: MyScheduleMonthSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.acknowledge(companyAuth(request), request.body),
    );
  };
}
