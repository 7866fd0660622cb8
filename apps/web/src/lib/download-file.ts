import { env } from '../config/env.ts';
import { apiClient } from './api-client.ts';
import { apiErrorFromBody, isUnavailableStatus, networkError } from './api-error.ts';
import { markServerAnswered, markServerUnreachable } from './connection-state.ts';
import { getAccessToken } from './token-storage.ts';

type QueryValue = string | number | boolean | null | undefined;

/** `/api/v1<path>?<query>` without the empty values. */
export function fileUrl(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${env.apiBaseUrl}${path}${search ? `?${search}` : ''}`;
}

/** The name the server gave the file (`filename*=UTF-8''…` first), if any. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a broken name: fall back to the plain one
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || null;
}

async function requestFile(url: string, token: string | null): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        Accept:
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/csv, image/jpeg, application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    markServerUnreachable();
    throw networkError();
  }
  // Same bookkeeping as the JSON client: the indicator follows every answer.
  if (isUnavailableStatus(response.status)) markServerUnreachable();
  else markServerAnswered();
  return response;
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
 * A file of the API as a Blob with its name. The JSON client cannot read files, so this is a plain
 * fetch with the same token; a 401 refreshes the tokens through the client (shared refresh) and
 * tries once more.
 */
export async function fetchFile(url: string): Promise<{ blob: Blob; fileName: string | null }> {
  const token = getAccessToken();
  let response = await requestFile(url, token);
  if (response.status === 401 && token) {
    response = await requestFile(url, await apiClient.refreshTokens());
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition')) };
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

/** Downloads an API file under the server's name, else `fallbackName`. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchFile(url);
  saveBlob(blob, fileName ?? fallbackName);
}
