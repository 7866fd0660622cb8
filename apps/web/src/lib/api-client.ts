import { ErrorCode } from '@smena/contract';
import { env } from '../config/env.ts';
import { ApiError, apiErrorFromBody, isUnavailableStatus, networkError } from './api-error.ts';
import {
  backoffDelay,
  connectionState,
  retryAfterMs,
  type ConnectionReporter,
} from './connection-state.ts';
import { clearAllTokens, getAccessToken, getRefreshToken, setTokens } from './token-storage.ts';

export { ApiError, isApiError, getErrorMessage } from './api-error.ts';

export const REFRESH_PATH = '/auth/refresh';
export const REFRESH_FAILED_MESSAGE = 'Не удалось обновить токен';
export const REFRESH_ERROR_LOG = 'Ошибка при обновлении токенов';
/** The Web Lock that lets one tab of the browser refresh at a time. */
export const REFRESH_LOCK_NAME = 'smena-refresh';
/** A refresh that hangs this long counts as unanswered (and is repeated), so it cannot hold the lock. */
export const REFRESH_TIMEOUT_MS = 20_000;
/**
 * After waiting for another tab's lock: how long to wait for that tab's new pair to arrive in this
 * tab's copy of localStorage (browsers deliver cross-tab storage changes asynchronously).
 */
export const STORAGE_SETTLE_MS = 150;
/**
 * How many times a GET is sent while the server does not answer (no reply, 502/503/504) before its
 * caller gets the error: about two and a half minutes of backoff, cut short whenever the server is
 * seen answering again. Other methods are never repeated: they might have been carried out.
 */
export const OUTAGE_ATTEMPTS = 10;

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  /** Send the stored access token and refresh it once on 401 (default true). */
  auth?: boolean;
  /** Use this access token instead of the stored one; no refresh is attempted with it. */
  accessToken?: string;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode (`no-cache`: always ask the server, e.g. for /config). */
  cache?: RequestCache;
  /** Extra headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
};

export type SessionHooks = {
  /** This tab refreshed the tokens: reload profile, employee and company data. */
  onTokensRefreshed?: () => void;
  /**
   * The server refused the session (see `isSessionRefusal`): the tokens are already cleared;
   * drop user data and go to /login. `reason` is the refusal (its message is in Russian).
   */
  onSessionExpired?: (reason: ApiError) => void;
};

/** The part of `fetch` the client uses (tests pass a fake). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The part of the Web Locks API (`navigator.locks`) the client uses (tests pass a fake). */
export type RefreshLocks = {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
};

export type ApiClientOptions = {
  baseUrl: string;
  fetch?: FetchLike;
  hooks?: SessionHooks;
  /** The browser's Web Locks by default; null runs refreshes without a cross-tab lock. */
  locks?: RefreshLocks | null;
  /** Where the client reports whether the server answers (lib/connection-state.ts by default). */
  connection?: ConnectionReporter;
  /** Waits between refresh attempts (tests make it instant). */
  wait?: (ms: number) => Promise<void>;
  /** Jitter source for the backoff. */
  random?: () => number;
};

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The server refuses the session itself: any 401 (UNAUTHORIZED, TOKEN_EXPIRED, SESSION_REVOKED…)
 * or a blocked user or company (403 USER_BLOCKED / COMPANY_BLOCKED). Only these (and, on the
 * refresh, a 400/422 for a stored token the server cannot even read) end the session in the browser.
 */
export function isSessionRefusal(error: ApiError): boolean {
  if (error.statusCode === 401) return true;
  if (error.statusCode === 403) return isBlockedCode(error.code);
  return false;
}

function isBlockedCode(code: string): boolean {
  return code === ErrorCode.USER_BLOCKED || code === ErrorCode.COMPANY_BLOCKED;
}

/**
 * What became of one refresh attempt. `wakeEarly`: the wait may end as soon as the server is seen
 * answering (not after a 429, whose Retry-After is a rule).
 */
type RefreshStep = { accessToken: string } | { retryInMs: number; wakeEarly: boolean };

function defaultLocks(): RefreshLocks | null {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks as RefreshLocks | undefined;
  return locks && typeof locks.request === 'function' ? locks : null;
}

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves after `ms`, or as soon as another tab changes `key` in localStorage. */
function storageChange(key: string, ms: number): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) done();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('storage', onStorage);
  });
}

function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  let url = `${baseUrl}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null || value === '') continue;
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  if (search) url += `?${search}`;
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one HTTP client of the app. It attaches `Authorization: Bearer <access>`, and on a 401
 * refreshes the tokens and repeats the request once; requests that fail together wait for one
 * shared refresh and resume when it succeeds. Every failure is an ApiError.
 *
 * The refresh keeps a valid session through anything but a refusal:
 * - the session is refused (`isSessionRefusal`: 401, 403 USER_BLOCKED / COMPANY_BLOCKED; or 400/422,
 *   an unreadable token): the tokens are cleared and `onSessionExpired` sends the person to /login;
 * - 429: it waits `Retry-After` (at most a minute) and tries again, tokens kept;
 * - 5xx or no reply: tokens kept, the server is marked unreachable (the «Нет связи с сервером —
 *   повторяем…» indicator), and it tries again after 1, 2, 4 … 30 s (±20 %) until the server answers;
 * - one tab at a time: the refresh runs under the Web Lock `smena-refresh`; a tab that finds the
 *   stored pair already rotated by another tab uses it instead of refreshing (a refresh token is
 *   single-use). Without Web Locks the refresh is still shared within the tab.
 *
 * Every answer also tells the connection state whether the server is there (502/503/504 and no
 * reply: unreachable; anything else: answered). A GET that meets such an outage is repeated the
 * same way (OUTAGE_ATTEMPTS); other methods fail at once. A 403 USER_BLOCKED / COMPANY_BLOCKED on
 * any request sent with the stored token ends the session too.
 */
export function createApiClient(options: ApiClientOptions) {
  const hooks: SessionHooks = options.hooks ?? {};
  const connection = options.connection ?? connectionState;
  const wait = options.wait ?? defaultWait;
  let refreshing: Promise<string> | null = null;

  // globalThis.fetch is looked up per call, so that it can be replaced after start-up (tests).
  const doFetch: FetchLike = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  async function send(
    method: string,
    path: string,
    requestOptions: RequestOptions,
    token: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...requestOptions.headers,
      Accept: 'application/json',
    };
    const init: RequestInit = { method, headers, signal: requestOptions.signal };
    if (requestOptions.cache) init.cache = requestOptions.cache;
    if (requestOptions.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(requestOptions.body);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(buildUrl(options.baseUrl, path, requestOptions.query), init);
    } catch (error) {
      // An abort is the caller's own doing: pass it on untouched.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw networkError();
    }
  }

  /**
   * Waits `ms`, or less if the server is seen answering again meanwhile; an abort of `signal`
   * ends the wait with the caller's AbortError.
   */
  async function pauseBeforeRetry(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const stop = new AbortController();
    const abort = () => stop.abort();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await Promise.race([wait(ms), connection.whenServerAnswers(stop.signal)]);
    } finally {
      stop.abort();
      signal?.removeEventListener('abort', abort);
    }
    signal?.throwIfAborted();
  }

  /** Tells the connection state what this answer (or its absence) says about the server. */
  function report(outcome: Response | ApiError): void {
    const status = outcome instanceof Response ? outcome.status : outcome.statusCode;
    if (status === 0 || isUnavailableStatus(status)) connection.markServerUnreachable();
    else connection.markServerAnswered();
  }

  /** The session is over: forget it here and let the app go to /login. */
  function endSession(reason: ApiError): never {
    console.error(REFRESH_ERROR_LOG, reason);
    clearAllTokens();
    hooks.onSessionExpired?.(reason);
    throw reason;
  }

  function refusedWithoutToken(): ApiError {
    return new ApiError({
      statusCode: 401,
      code: ErrorCode.UNAUTHORIZED,
      message: REFRESH_FAILED_MESSAGE,
    });
  }

  /** Runs `task` holding the browser-wide refresh lock; `contended` says another tab held it. */
  async function withRefreshLock<T>(task: (contended: boolean) => Promise<T>): Promise<T> {
    const locks = options.locks === undefined ? defaultLocks() : options.locks;
    if (!locks) return task(false);
    const free = (await locks.request(REFRESH_LOCK_NAME, { ifAvailable: true }, async (lock) =>
      lock ? { value: await task(false) } : null,
    )) as { value: T } | null;
    if (free) return free.value;
    return (await locks.request(REFRESH_LOCK_NAME, {}, () => task(true))) as T;
  }

  /**
   * One attempt, under the lock. `startedWith` is the refresh token this tab held when it decided
   * to refresh: a different stored one means another tab has rotated the pair already.
   */
  async function refreshStep(
    startedWith: string | null,
    attempt: number,
    contended: boolean,
  ): Promise<RefreshStep> {
    let refreshToken = getRefreshToken();
    if (contended && refreshToken === startedWith) {
      await storageChange('refresh', STORAGE_SETTLE_MS);
      refreshToken = getRefreshToken();
    }
    if (!refreshToken) return endSession(refusedWithoutToken());
    if (refreshToken !== startedWith) {
      const accessToken = getAccessToken();
      if (accessToken) return { accessToken };
    }

    let response: Response;
    try {
      response = await send(
        'POST',
        REFRESH_PATH,
        { body: { refresh: refreshToken }, signal: timeoutSignal(REFRESH_TIMEOUT_MS) },
        null,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // No reply: we know nothing about the session, so it is kept and asked again.
      connection.markServerUnreachable();
      return { retryInMs: backoffDelay(attempt, options.random), wakeEarly: true };
    }
    const body = await readBody(response);

    if (response.ok) {
      connection.markServerAnswered();
      const accessToken =
        typeof body === 'object' && body !== null && 'accessToken' in body
          ? body.accessToken
          : undefined;
      if (typeof accessToken !== 'string' || !accessToken) {
        return endSession(refusedWithoutToken());
      }
      const nextRefresh =
        typeof body === 'object' &&
        body !== null &&
        'refreshToken' in body &&
        typeof body.refreshToken === 'string'
          ? body.refreshToken
          : refreshToken;
      setTokens({ accessToken, refreshToken: nextRefresh });
      hooks.onTokensRefreshed?.();
      return { accessToken };
    }

    const error = apiErrorFromBody(response.status, body);
    const retryAfter = retryAfterMs(response.headers.get('Retry-After'));
    if (response.status === 429) {
      // Too many refreshes for now: the session is fine, wait as the server asks.
      connection.markServerAnswered();
      return { retryInMs: retryAfter ?? backoffDelay(attempt, options.random), wakeEarly: false };
    }
    if (response.status >= 500 || response.status === 408) {
      // The server is restarting or its database is away: keep the session and ask again.
      connection.markServerUnreachable();
      return {
        retryInMs: Math.max(retryAfter ?? 0, backoffDelay(attempt, options.random)),
        wakeEarly: true,
      };
    }
    connection.markServerAnswered();
    if (isSessionRefusal(error) || response.status === 400 || response.status === 422) {
      return endSession(error);
    }
    // Anything else (a 404 from a misconfigured proxy…) is no verdict on the session: keep it.
    throw error;
  }

  async function performRefresh(): Promise<string> {
    const startedWith = getRefreshToken();
    for (let attempt = 0; ; attempt += 1) {
      const step = await withRefreshLock((contended) =>
        refreshStep(startedWith, attempt, contended),
      );
      if ('accessToken' in step) return step.accessToken;
      if (step.wakeEarly) await pauseBeforeRetry(step.retryInMs);
      else await wait(step.retryInMs);
    }
  }

  /** Refreshes the token pair; callers that arrive while a refresh runs share it. */
  function refreshTokens(): Promise<string> {
    refreshing ??= performRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(
    method: string,
    path: string,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const useStoredToken =
      requestOptions.auth !== false && requestOptions.accessToken === undefined;
    const token =
      requestOptions.accessToken ?? (requestOptions.auth === false ? null : getAccessToken());
    let sentWith = token;
    let response = await sendReported(method, path, requestOptions, sentWith);

    if (response.status === 401 && useStoredToken && token) {
      // Another request may have refreshed while this one was on its way: reuse its token.
      const current = getAccessToken();
      sentWith = current && current !== token && !refreshing ? current : await refreshTokens();
      response = await sendReported(method, path, requestOptions, sentWith);
    }

    const body = await readBody(response);
    if (response.ok) return body as T;
    const error = apiErrorFromBody(response.status, body);
    if (
      response.status === 403 &&
      isBlockedCode(error.code) &&
      useStoredToken &&
      sentWith !== null &&
      getAccessToken() === sentWith
    ) {
      // The person or the company was blocked during the session: it is over.
      clearAllTokens();
      hooks.onSessionExpired?.(error);
    }
    throw error;
  }

  /**
   * Sends and reports the outcome to the connection state. A GET that meets an outage (no reply,
   * 502/503/504) waits with backoff and is sent again, up to OUTAGE_ATTEMPTS times: the page keeps
   * its spinner and gets its data as soon as the server is back.
   */
  async function sendReported(
    method: string,
    path: string,
    requestOptions: RequestOptions,
    token: string | null,
  ): Promise<Response> {
    const isRepeatable = method === 'GET';
    for (let attempt = 1; ; attempt += 1) {
      let outcome: Response | ApiError;
      try {
        outcome = await send(method, path, requestOptions, token);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        outcome = error;
      }
      report(outcome);
      const isOutage = outcome instanceof ApiError || isUnavailableStatus(outcome.status);
      if (!isOutage || !isRepeatable || attempt >= OUTAGE_ATTEMPTS) {
        if (outcome instanceof ApiError) throw outcome;
        return outcome;
      }
      if (outcome instanceof Response) void outcome.body?.cancel().catch(() => undefined);
      await pauseBeforeRetry(backoffDelay(attempt - 1, options.random), requestOptions.signal);
    }
  }

  return {
    request,
    get: <T>(path: string, requestOptions?: Omit<RequestOptions, 'body'>) =>
      request<T>('GET', path, requestOptions),
    post: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) =>
      request<T>('POST', path, { ...requestOptions, body }),
    put: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) =>
      request<T>('PUT', path, { ...requestOptions, body }),
    patch: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) =>
      request<T>('PATCH', path, { ...requestOptions, body }),
    delete: <T>(path: string, requestOptions?: RequestOptions) =>
      request<T>('DELETE', path, requestOptions),
    refreshTokens,
    /** A refresh is running (or waiting to try again). */
    isRefreshing: () => refreshing !== null,
  };
}

const sessionHooks: SessionHooks = {};

/** Connects the shared client to the session (done once in main.tsx). */
export function configureApiClient(hooks: SessionHooks): void {
  Object.assign(sessionHooks, hooks);
}

export const apiClient = createApiClient({ baseUrl: env.apiBaseUrl, hooks: sessionHooks });
