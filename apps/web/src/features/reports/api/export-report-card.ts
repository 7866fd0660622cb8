import { useMutation } from '@tanstack/react-query';
import { downloadFile, fileUrl } from './download-file.ts';
import type { ReportCardQuery } from './keys.ts';

/** «Табель Т-13 2026-05.xlsx» when the server names no file. */
export function reportCardFileName(month: string): string {
  return `Табель Т-13 ${month}.xlsx`;
}

/** The month's timesheet laid out like the unified form T-13. */
export function downloadReportCardExport(query: ReportCardQuery): Promise<void> {
  return downloadFile(fileUrl('/reports/report-card.xlsx', query), reportCardFileName(query.month));
}

/** «Выгрузить в Excel (Т-13)»: failures are reported by the query client's notification. */
export function useExportReportCard() {
  return useMutation({
    mutationFn: downloadReportCardExport,
    meta: { analytics: { name: 'report_exported', props: { report: 't13', format: 'xlsx' } } },
  });
}
