import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { PayrollExportQuerySchema } from '@smena/contract';
import { localDateOf } from '@smena/time';
import type { Db } from '../../../db/client.ts';
import { createPeriodsService } from '../../periods/index.ts';
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
  const periods = createPeriodsService({ db: deps.db });

  async function companyTimezone(companyId: number): Promise<string> {
    const company = await planningRepository.findCompany(companyId);
    return company?.timezone ?? FALLBACK_TIMEZONE;
  }

  return {
    /** The timesheet of a month as unified form T-13. */
    async timesheet(caller: ReportsCaller, query: ReportCardValues): Promise<ExportFile> {
      const [{ header, pages }, timezone] = await Promise.all([
        reports.reportCardPages(caller, query),
        companyTimezone(typeof caller === 'number' ? caller : caller.companyId),
      ]);
      // The month's approval (decision 022), in the company's time.
      const { line: approval } = await periods.approval(caller, query, timezone);
      // The date of drawing up: today where the company is.
      const today = localDateOf(now(), timezone);
      return {
        fileName: `Табель ${query.month}.xlsx`,
        asciiFileName: `timesheet-${query.month}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        write: (output) =>
          // One timesheet a month per company (or department): the month is its number.
          writeTimesheetXlsx(output, header, pages, {
            documentNumber: query.month,
            documentDate: today,
            approval,
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
     * for 1С:ЗУП, with the month's approval (decision 022) in the file's head: an accountant sees
     * whether the figures may still change.
     */
    async payroll(caller: ReportsCaller, query: PayrollExportValues): Promise<ExportFile> {
      const [month, timezone] = await Promise.all([
        reports.payrollPages(caller, query),
        companyTimezone(typeof caller === 'number' ? caller : caller.companyId),
      ]);
      const { status: periodStatus } = await periods.approval(caller, query, timezone);
      const input = { ...month, periodStatus };
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
