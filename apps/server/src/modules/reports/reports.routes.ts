import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AttendanceDaysQuerySchema,
  AttendanceDaysSchema,
  AttendanceReportQuerySchema,
  AttendanceReportSchema,
  ClearTimesheetDayInputSchema,
  ReportCardDaySchema,
  ReportCardQuerySchema,
  ReportCardResponseSchema,
  encodeReportCard,
  SetTimesheetDayInputSchema,
  TimesheetDayQuerySchema,
  TimesheetHistorySchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['Отчёты'];

/**
 * Thousands of employees × a month of typed cells built by our own code: re-validating them with
 * zod on the way out costs more than computing them, so the big answers are only stringified.
 * The schemas still document them, and the tests parse them with the contract.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The attendance report, its drill-down, and the timesheet (T-13) with managers' overrides. */
export function reportsRoutes(reportsService: ReportsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/reports/attendance',
      {
        schema: {
          tags,
          summary: 'Отчёт о посещаемости: план, факт, опоздания, уходы, отсутствия (до 92 дней)',
          querystring: AttendanceReportQuerySchema,
          response: responses({ 200: AttendanceReportSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
        serializerCompiler: plainJson,
      },
      (request) => reportsService.attendanceReport(companyAuth(request), request.query),
    );

    app.get(
      '/reports/attendance/days',
      {
        schema: {
          tags,
          summary: 'Дни сотрудника: план, отметки, опоздания и коды табеля',
          querystring: AttendanceDaysQuerySchema,
          response: responses({ 200: AttendanceDaysSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => reportsService.attendanceDays(companyAuth(request), request.query),
    );

    app.get(
      '/reports/report-card',
      {
        schema: {
          tags,
          summary: 'Табель учёта рабочего времени (Т-13) за месяц',
          querystring: ReportCardQuerySchema,
          response: responses({ 200: ReportCardResponseSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
        serializerCompiler: plainJson,
      },
      async (request) =>
        encodeReportCard(await reportsService.reportCard(companyAuth(request), request.query)),
    );

    app.put(
      '/reports/report-card/days',
      {
        schema: {
          tags,
          summary: 'Изменить коды дня в табеле (с причиной; остаётся в истории)',
          body: SetTimesheetDayInputSchema,
          response: responses({ 200: ReportCardDaySchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => reportsService.setDay(companyAuth(request), request.body),
    );

    app.delete(
      '/reports/report-card/days',
      {
        schema: {
          tags,
          summary: 'Вернуть дню табеля коды по отметкам (с причиной; остаётся в истории)',
          body: ClearTimesheetDayInputSchema,
          response: responses({ 200: ReportCardDaySchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => reportsService.clearDay(companyAuth(request), request.body),
    );

    app.get(
      '/reports/report-card/days/history',
      {
        schema: {
          tags,
          summary: 'История изменений кодов дня в табеле',
          querystring: TimesheetDayQuerySchema,
          response: responses({ 200: TimesheetHistorySchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => reportsService.history(companyAuth(request), request.query),
    );
  };
}
