import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttendanceReportQuerySchema,
  PayrollExportQuerySchema,
  ReportCardQuerySchema,
} from '@smena/contract';
import { XLSX_CONTENT_TYPE, contentDisposition } from '../../lib/file-download.ts';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { CSV_CONTENT_TYPE } from './payroll/payroll-csv.ts';
import { createReportsExportService, type ExportFile } from './xlsx/reports-export.service.ts';

const tags = ['Отчёты'];

const config = { access: ADMIN_OR_MANAGER };

/** The exports answer a file; only their errors are JSON. */
const fileResponses = (description: string, contentTypes = [XLSX_CONTENT_TYPE]) => ({
  200: {
    description,
    content: Object.fromEntries(
      contentTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
    ),
  },
  ...responses({}),
});

/**
 * Streams the file as it is written. The headers go out with the first bytes; a failure after
 * that destroys the stream, which aborts the download rather than sending half a file.
 */
function sendFile(reply: FastifyReply, file: ExportFile) {
  const stream = new PassThrough();
  file.write(stream).catch((error: unknown) => {
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return (
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition(file.fileName, file.asciiFileName))
      .header('cache-control', 'no-store')
      // The declared 200 describes the file for OpenAPI; Fastify pipes a stream as it is.
      .send(stream as unknown as string)
  );
}

/**
 * Files of the reports: the timesheet as unified form T-13, the attendance table, and the
 * month's figures for payroll (xlsx or CSV for 1С).
 */
export function reportsExportRoutes(deps: ModuleDeps) {
  const exportService = createReportsExportService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/reports/report-card.xlsx',
      {
        schema: {
          tags,
          summary: 'Табель за месяц в Excel по унифицированной форме Т-13',
          querystring: ReportCardQuerySchema,
          response: fileResponses('Файл Excel (.xlsx): табель по форме Т-13, готовый к печати'),
        },
        config,
      },
      async (request, reply) => {
        return sendFile(reply, await exportService.timesheet(companyAuth(request), request.query));
      },
    );

    app.get(
      '/reports/attendance.xlsx',
      {
        schema: {
          tags,
          summary: 'Отчёт о посещаемости в Excel',
          querystring: AttendanceReportQuerySchema,
          response: fileResponses('Файл Excel (.xlsx): отчёт о посещаемости с итогами'),
        },
        config,
      },
      async (request, reply) => {
        return sendFile(reply, await exportService.attendance(companyAuth(request), request.query));
      },
    );

    app.get(
      '/reports/payroll',
      {
        schema: {
          tags,
          summary:
            'Выгрузка для зарплаты за месяц: дни и часы по кодам Т-13 (Excel или CSV для 1С)',
          querystring: PayrollExportQuerySchema,
          response: fileResponses(
            'Файл .xlsx или .csv (UTF-8 с BOM, разделитель «;», десятичная запятая); столбцы — docs/payroll-export.md',
            [XLSX_CONTENT_TYPE, CSV_CONTENT_TYPE],
          ),
        },
        config,
      },
      async (request, reply) => {
        return sendFile(reply, await exportService.payroll(companyAuth(request), request.query));
      },
    );
  };
}
