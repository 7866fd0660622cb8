import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CalendarDateParamsSchema,
  CalendarDayResultSchema,
  CalendarQuerySchema,
  CalendarResponseSchema,
  CalendarSummarizedQuerySchema,
  CalendarSummarizedResponseSchema,
  CalendarViolationsQuerySchema,
  CalendarViolationsResponseSchema,
  CalendarYearQuerySchema,
  CompanyCalendarSchema,
  RosterDeleteResultSchema,
  RosterEntrySchema,
  RosterInputSchema,
  RosterQuerySchema,
  SetCalendarDayInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createCalendarService } from './calendar.service.ts';
import { createCalendarSummarized } from './calendar.summarized.ts';

const tags = ['Календарь'];

/**
 * The calendar of employees × days, the company calendar (production calendar with the company's
 * corrections and the monthly norms), and the roster a manager places on dates.
 */
export function calendarRoutes(deps: ModuleDeps) {
  const calendarService = createCalendarService({ db: deps.db });
  const summarized = createCalendarSummarized({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/calendar',
      {
        schema: {
          tags,
          summary: 'План сотрудников по дням (не больше 62 дней, до 2000 сотрудников на странице)',
          querystring: CalendarQuerySchema,
          response: responses({ 200: CalendarResponseSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
        // Up to 2,000 × 62 typed day plans built by our own code: re-validating them with zod on
        // the way out costs more than computing them, so this route only stringifies. The schema
        // above still documents the answer, and the tests parse it with the contract.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      (request) => calendarService.getCalendar(companyAuth(request), request.query),
    );

    app.get(
      '/calendar/violations',
      {
        schema: {
          tags,
          summary: 'Нарушения ТК РФ в плане месяца по сотрудникам (предупреждения)',
          querystring: CalendarViolationsQuerySchema,
          response: responses({ 200: CalendarViolationsResponseSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => calendarService.getViolations(companyAuth(request), request.query),
    );

    app.get(
      '/calendar/summarized',
      {
        schema: {
          tags,
          summary: 'Суммированный учёт: часы учётного периода против его нормы по сотрудникам',
          querystring: CalendarSummarizedQuerySchema,
          response: responses({ 200: CalendarSummarizedResponseSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => summarized.getSummarized(companyAuth(request), request.query),
    );

    app.get(
      '/calendar/year',
      {
        schema: {
          tags,
          summary: 'Календарь компании на год: праздники, переносы, нормы времени',
          querystring: CalendarYearQuerySchema,
          response: responses({ 200: CompanyCalendarSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => calendarService.getYear(companyAuth(request), request.query.year),
    );

    app.put(
      '/calendar/days/:date',
      {
        schema: {
          tags,
          summary: 'Изменить день календаря компании (null — как в производственном календаре)',
          params: CalendarDateParamsSchema,
          body: SetCalendarDayInputSchema,
          response: responses({ 200: CalendarDayResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) =>
        calendarService.setDay(companyAuth(request), request.params.date, request.body.kind),
    );

    app.put(
      '/roster',
      {
        schema: {
          tags,
          summary:
            'Поставить смены сотруднику на дату (пустой список — выходной); новые нарушения ТК РФ — предупреждения или отказ по настройке компании',
          body: RosterInputSchema,
          response: responses({ 200: RosterEntrySchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) => calendarService.putRoster(companyAuth(request), request.body),
    );

    app.delete(
      '/roster',
      {
        schema: {
          tags,
          summary: 'Убрать смены, поставленные на дату (вернуть план графика)',
          querystring: RosterQuerySchema,
          response: responses({ 200: RosterDeleteResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) => calendarService.deleteRoster(companyAuth(request), request.query),
    );
  };
}
