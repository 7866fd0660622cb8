import { apiClient } from './api-client.ts';
import { ApiError, apiErrorFromBody, isUnavailableStatus, networkError } from './api-error.ts';
import { markServerAnswered, markServerUnreachable } from './connection-state.ts';
import { getAccessToken } from './token-storage.ts';

/** How far an upload is: the share of the file sent (0…1), then `sent` while the server works. */
export type UploadProgress = { phase: 'sending'; share: number } | { phase: 'processing' };

function sendOnce<T>(
  url: string,
  file: Blob,
  token: string | null,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: T | unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress({ phase: 'sending', share: event.loaded / event.total });
      }
    };
    request.upload.onload = () => onProgress({ phase: 'processing' });
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        // not JSON: the status explains it
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException('Загрузка отменена', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/**
 * Sends a file as the request body and answers the JSON reply. The JSON client cannot report
 * upload progress, so this is an XMLHttpRequest with the same token; a 401 refreshes the tokens
 * through the client (the shared refresh) and sends once more. Errors are the client's ApiError.
 */
export async function uploadFile<T>(
  url: string,
  file: Blob,
  onProgress: (progress: UploadProgress) => void = () => undefined,
  signal?: AbortSignal,
): Promise<T> {
  const token = getAccessToken();
  let answer: { status: number; body: unknown };
  try {
    answer = await sendOnce<T>(url, file, token, onProgress, signal);
    if (answer.status === 401 && token) {
      answer = await sendOnce<T>(url, file, await apiClient.refreshTokens(), onProgress, signal);
    }
  } catch (error) {
    if (error instanceof ApiError) markServerUnreachable();
    throw error;
  }
  if (answer.status === 0 || isUnavailableStatus(answer.status)) markServerUnreachable();
  else markServerAnswered();
  if (answer.status < 200 || answer.status >= 300)
    throw apiErrorFromBody(answer.status, answer.body);
  return answer.body as T;
}
