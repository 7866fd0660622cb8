import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { PayrollExportQuerySchema } from '@smena/contract';
import { localDateOf } from '@smena/time';
import type { Db } from '../../../db/client.ts';
import { XLSX_CONTENT_TYPE } from '../../../lib/file-download.ts';
import { createPlanningRepository } from '../../planning/index.ts';
import { CSV_CONTENT_TYPE, writePayrollCsv } from '../payroll/payroll-csv.ts';
import { writePayrollXlsx } from '../payroll/payroll-xlsx.ts';
import {
  createReportsService,
  type AttendanceReportValues,
  type ReportCardValues,
  type ReportsCaller,
  type ReportsService,
} from '../reports.service.ts';
import { writeAttendanceXlsx } from './attendance-xlsx.ts';
import { writeTimesheetXlsx } from './timesheet-xlsx.ts';

const FALLBACK_TIMEZONE = 'Europe/Moscow';

/** A file ready to stream: its names for Content-Disposition and the writer of its bytes. */
export type ExportFile = {
  /** What the user sees, e.g. «Табель 2026-03.xlsx». */
  fileName: string;
  /** The ASCII fallback for old clients, e.g. `timesheet-2026-03.xlsx`. */
  asciiFileName: string;
  contentType: string;
  write: (output: Writable) => Promise<void>;
};

/** The payroll export's query: the month, its filters and the file wanted. */
export type PayrollExportValues = z.output<typeof PayrollExportQuerySchema>;

/**
 * The xlsx exports of the reports. Everything that can fail with a client error (another
 * company's filter → 404) happens before the file is returned, so it still answers JSON; only
 * `write` runs once the download has begun.
 */
export function createReportsExportService(deps: {
  db: Db;
  reportsService?: ReportsService;
  now?: () => number;
}) {
  const reports = deps.reportsService ?? createReportsService({ db: deps.db });
  const planningRepository = createPlanningRepository(deps.db);
  const now = deps.now ?? Date.now;

  /** The date of drawing up: today where the company is. */
  async function companyToday(companyId: number): Promise<string> {
    const company = await planningRepository.findCompany(companyId);
    return localDateOf(now(), company?.timezone ?? FALLBACK_TIMEZONE);
  }

  return {
    /** The timesheet of a month as unified form T-13. */
    async timesheet(caller: ReportsCaller, query: ReportCardValues): Promise<ExportFile> {
      const [{ header, pages }, today] = await Promise.all([
        reports.reportCardPages(caller, query),
        companyToday(typeof caller === 'number' ? caller : caller.companyId),
      ]);
      return {
        fileName: `Табель ${query.month}.xlsx`,
        asciiFileName: `timesheet-${query.month}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        write: (output) =>
          // One timesheet a month per company (or department): the month is its number.
          writeTimesheetXlsx(output, header, pages, {
            documentNumber: query.month,
            documentDate: today,
          }),
      };
    },

    /** The attendance report as a plain table with totals. */
    async attendance(caller: ReportsCaller, query: AttendanceReportValues): Promise<ExportFile> {
      const report = await reports.attendanceReportPages(caller, query);
      const period = `${report.from} — ${report.to}`;
      return {
        fileName: `Посещаемость ${period}.xlsx`,
        asciiFileName: `attendance-${report.from}-${report.to}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        write: (output) => writeAttendanceXlsx(output, report),
      };
    },

    /**
     * A month's timesheet as figures for payroll (docs/payroll-export.md), as xlsx or as CSV
     * for 1С:ЗУП. `periodStatus` is the month's approval status for the file's head, when the
     * caller has it; without it the head has no status row.
     */
    async payroll(
      caller: ReportsCaller,
      query: PayrollExportValues,
      options: { periodStatus?: string } = {},
    ): Promise<ExportFile> {
      const month = await reports.payrollPages(caller, query);
      const input = { ...month, periodStatus: options.periodStatus };
      const csv = query.format === 'csv';
      const extension = csv ? 'csv' : 'xlsx';
      return {
        fileName: `Для зарплаты ${query.month}.${extension}`,
        asciiFileName: `payroll-${query.month}.${extension}`,
        contentType: csv ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE,
        write: (output) => (csv ? writePayrollCsv(output, input) : writePayrollXlsx(output, input)),
      };
    },
  };
}

export type ReportsExportService = ReturnType<typeof createReportsExportService>;
