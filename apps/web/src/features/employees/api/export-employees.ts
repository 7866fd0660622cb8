import type { ListEmployeesQuery } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { fetchFile, fileUrl, saveBlob } from '../../../lib/download-file.ts';

/** The export takes the list's filters and sort, without paging. */
export type ExportEmployeesQuery = Omit<ListEmployeesQuery, 'page' | 'limit'> & {
  /** `1,2,3`: only the employees picked in the list. */
  ids?: string;
};

/** «Сотрудники 2025-03-01.xlsx» */
export function exportFileName(date: Date = new Date()): string {
  return `Сотрудники ${dayjs(date).format(DATE_FORMAT)}.xlsx`;
}

/**
 * The spreadsheet as a Blob; the authenticated download (token, one refresh) is the shared one.
 */
export async function fetchEmployeesExport(query: ExportEmployeesQuery): Promise<Blob> {
  const { blob } = await fetchFile(fileUrl('/employees/export', query));
  return blob;
}

export async function downloadEmployeesExport(query: ExportEmployeesQuery): Promise<void> {
  const blob = await fetchEmployeesExport(query);
  saveBlob(blob, exportFileName());
}

/** «Экспорт в Excel»: failures are reported by the query client's notification. */
export function useExportEmployees() {
  return useMutation({
    mutationFn: downloadEmployeesExport,
    meta: {
      analytics: { name: 'report_exported', props: { report: 'employees', format: 'xlsx' } },
    },
  });
}
