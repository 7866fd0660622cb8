import type { ListEmployeesQuery } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { env } from '../../../config/env.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { apiErrorFromBody, networkError } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { getAccessToken } from '../../../lib/token-storage.ts';

/** The export takes the list's filters and sort, without paging. */
export type ExportEmployeesQuery = Omit<ListEmployeesQuery, 'page' | 'limit'>;

/** «Сотрудники 2025-03-01.xlsx» */
export function exportFileName(date: Date = new Date()): string {
  return `Сотрудники ${dayjs(date).format(DATE_FORMAT)}.xlsx`;
}

function exportUrl(query: ExportEmployeesQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${env.apiBaseUrl}/employees/export${search ? `?${search}` : ''}`;
}

async function requestFile(url: string, token: string | null): Promise<Response> {
  try {
    return await fetch(url, {
      headers: {
        Accept:
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw networkError();
  }
}

async function errorOf(response: Response) {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the status alone explains it
  }
  return apiErrorFromBody(response.status, body);
}

/**
 * The spreadsheet as a Blob. The JSON client cannot read files, so this is a plain fetch with the
 * same token; a 401 refreshes the tokens through the client (shared refresh) and tries once more.
 */
export async function fetchEmployeesExport(query: ExportEmployeesQuery): Promise<Blob> {
  const url = exportUrl(query);
  const token = getAccessToken();
  let response = await requestFile(url, token);
  if (response.status === 401 && token) {
    response = await requestFile(url, await apiClient.refreshTokens());
  }
  if (!response.ok) throw await errorOf(response);
  return response.blob();
}

/** Hands the file to the browser's downloads through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadEmployeesExport(query: ExportEmployeesQuery): Promise<void> {
  const blob = await fetchEmployeesExport(query);
  saveBlob(blob, exportFileName());
}

/** «Экспорт в Excel»: failures are reported by the query client's notification. */
export function useExportEmployees() {
  return useMutation({ mutationFn: downloadEmployeesExport });
}
