import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ListMonthPeriodsQuerySchema,
  MonthPeriodKeySchema,
  MonthPeriodSchema,
  MonthPeriodsSchema,
  ReopenMonthPeriodInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_ONLY, ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createPeriodsService } from './periods.service.ts';

const tags = ['Закрытие месяца'];

/**
 * The approval of a month per branch or department (decision 022). A manager submits the month
 * of a unit in their scope; only an admin approves it (which locks its dates) or reopens it.
 */
export function periodsRoutes(deps: ModuleDeps) {
  const periodsService = createPeriodsService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/month-periods',
      {
        schema: {
          tags,
          summary: 'Состояние месяца по филиалам и отделам: кто передал, кто утвердил и когда',
          querystring: ListMonthPeriodsQuerySchema,
          response: responses({ 200: MonthPeriodsSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => periodsService.listPeriods(companyAuth(request), request.query),
    );

    app.post(
      '/month-periods/submit',
      {
        schema: {
          tags,
          summary: 'Передать месяц филиала или отдела на утверждение',
          body: MonthPeriodKeySchema,
          response: responses({ 200: MonthPeriodSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => periodsService.submitPeriod(companyAuth(request), request.body),
    );

    app.post(
      '/month-periods/approve',
      {
        schema: {
          tags,
          summary: 'Утвердить месяц: его даты закрываются для изменений',
          body: MonthPeriodKeySchema,
          response: responses({ 200: MonthPeriodSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => periodsService.approvePeriod(companyAuth(request), request.body),
    );

    app.post(
      '/month-periods/reopen',
      {
        schema: {
          tags,
          summary: 'Открыть месяц заново (с причиной)',
          body: ReopenMonthPeriodInputSchema,
          response: responses({ 200: MonthPeriodSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => periodsService.reopenPeriod(companyAuth(request), request.body),
    );
  };
}
