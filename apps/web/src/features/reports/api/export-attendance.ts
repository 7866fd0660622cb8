import { useMutation } from '@tanstack/react-query';
import { downloadFile, fileUrl } from './download-file.ts';
import type { AttendanceQuery } from './keys.ts';

/** «Посещаемость 2026-05-01 — 2026-05-31.xlsx» when the server names no file. */
export function attendanceFileName(query: Pick<AttendanceQuery, 'from' | 'to'>): string {
  return `Посещаемость ${query.from} — ${query.to}.xlsx`;
}

/** The attendance report of the page's filters as an xlsx table. */
export function downloadAttendanceExport(query: AttendanceQuery): Promise<void> {
  return downloadFile(fileUrl('/reports/attendance.xlsx', query), attendanceFileName(query));
}

/** «Выгрузить в Excel»: failures are reported by the query client's notification. */
export function useExportAttendance() {
  return useMutation({
    mutationFn: downloadAttendanceExport,
    meta: {
      analytics: { name: 'report_exported', props: { report: 'attendance', format: 'xlsx' } },
    },
  });
}
