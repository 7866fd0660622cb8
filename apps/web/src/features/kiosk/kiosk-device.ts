import {
  KIOSK_AUTH_SCHEME,
  KIOSK_PHOTO_TOKEN_HEADER,
  type KioskPairResult,
  type KioskPunchBatchInput,
  type KioskPunchBatchResult,
  type KioskPinPunchInput,
  type KioskPinPunchResult,
  type KioskState,
} from '@smena/contract';
import { apiErrorFromBody, networkError } from '../../lib/api-error.ts';
import { env } from '../../config/env.ts';

/** What a paired kiosk keeps in its own browser: its credential, its QR key and its branch. */
export type StoredKiosk = Pick<
  KioskPairResult,
  'token' | 'qrSecret' | 'deviceId' | 'title' | 'branchTitle' | 'timezone' | 'companyName'
>;

const STORAGE_KEY = 'smena-kiosk';

export function loadKiosk(storage: Storage = localStorage): StoredKiosk | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredKiosk>;
    if (typeof value.token !== 'string' || typeof value.qrSecret !== 'string') return null;
    if (typeof value.deviceId !== 'number') return null;
    return value as StoredKiosk;
  } catch {
    return null;
  }
}

export function saveKiosk(kiosk: StoredKiosk, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(kiosk));
}

export function forgetKiosk(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEY);
}

/**
 * The kiosk's own requests: `Authorization: Kiosk <token>` and nothing of a person's session
 * (the app's client would refresh a person's token; a kiosk has none).
 */
async function kioskFetch<T>(
  method: 'GET' | 'POST',
  path: string,
  options: {
    token?: string;
    body?: unknown;
    /** Bytes sent as they are (a photo), with their own type; `headers` add to the request. */
    blob?: Blob;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.token) headers.Authorization = `${KIOSK_AUTH_SCHEME} ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.blob) headers['Content-Type'] = options.blob.type || 'image/jpeg';
  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.blob ? { body: options.blob } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw apiErrorFromBody(response.status, body);
  return body as T;
}

export const kioskApi = {
  pair: (code: string) => kioskFetch<KioskPairResult>('POST', '/kiosk/pair', { body: { code } }),
  state: (token: string, signal?: AbortSignal) =>
    kioskFetch<KioskState>('GET', '/kiosk/state', { token, ...(signal ? { signal } : {}) }),
  /** A live PIN punch; `photo` when the server wants a frame of this person (decision 034). */
  pinPunch: (token: string, input: KioskPinPunchInput) =>
    kioskFetch<KioskPinPunchResult>('POST', '/kiosk/pin-punch', { token, body: input }),
  /** The frame of a punch that asked for one, with the punch's one-time token. */
  uploadPhoto: (token: string, photoToken: string, photo: Blob) =>
    kioskFetch<{ result: 'stored' }>('POST', '/kiosk/photo', {
      token,
      blob: photo,
      headers: { [KIOSK_PHOTO_TOKEN_HEADER]: photoToken },
    }),
  /** The PIN punches queued offline (decision 032), judged one by one in the counter's order. */
  punchBatch: (token: string, input: KioskPunchBatchInput) =>
    kioskFetch<KioskPunchBatchResult>('POST', '/kiosk/punches/batch', { token, body: input }),
};
