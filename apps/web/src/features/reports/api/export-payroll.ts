import type { PayrollExportFormat } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile, fileUrl } from './download-file.ts';
import type { ReportCardQuery } from './keys.ts';

/** `GET /reports/payroll`: the timesheet's month and filters, and the file wanted. */
export type PayrollExportQuery = ReportCardQuery & { format: PayrollExportFormat };

/** «Для зарплаты 2026-05.csv» when the server names no file. */
export function payrollFileName(month: string, format: PayrollExportFormat): string {
  return `Для зарплаты ${month}.${format}`;
}

/** The month's days and hours by T-13 code for payroll: Excel, or CSV for 1С:ЗУП. */
export function downloadPayrollExport(query: PayrollExportQuery): Promise<void> {
  return downloadFile(
    fileUrl('/reports/payroll', query),
    payrollFileName(query.month, query.format),
  );
}

/** «Выгрузка для зарплаты»: failures are reported by the query client's notification. */
export function useExportPayroll() {
  return useMutation({
    mutationFn: downloadPayrollExport,
    meta: { analytics: { name: 'report_exported', props: { report: 'payroll' } } },
  });
}
