import { ErrorCode } from '@smena/contract';
import { env } from '../config/env.ts';
import { ApiError, apiErrorFromBody, networkError } from './api-error.ts';
import { clearAllTokens, getAccessToken, getRefreshToken, setTokens } from './token-storage.ts';

export { ApiError, isApiError, getErrorMessage } from './api-error.ts';

export const REFRESH_PATH = '/auth/refresh';
export const REFRESH_FAILED_MESSAGE = 'Не удалось обновить токен';
export const REFRESH_ERROR_LOG = 'Ошибка при обновлении токенов';

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
};

export type SessionHooks = {
  /** Tokens were refreshed: reload profile, employee and company data. */
  onTokensRefreshed?: () => void;
  /** Refresh failed: the tokens are already cleared; drop user data and go to /login. */
  onSessionExpired?: () => void;
};

/** The part of `fetch` the client uses (tests pass a fake). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type ApiClientOptions = {
  baseUrl: string;
  fetch?: FetchLike;
  hooks?: SessionHooks;
};

export type ApiClient = ReturnType<typeof createApiClient>;

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
 * refreshes the tokens once and repeats the request once. Requests that fail together wait
 * for one shared refresh. When the refresh fails, the session is cleared and the hooks send the
 * person to /login. Every failure is an ApiError.
 */
export function createApiClient(options: ApiClientOptions) {
  const hooks: SessionHooks = options.hooks ?? {};
  let refreshing: Promise<string> | null = null;

  // globalThis.fetch is looked up per call, so that it can be replaced after start-up (tests).
  const doFetch: FetchLike = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  async function send(
    method: string,
    path: string,
    requestOptions: RequestOptions,
    token: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
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

  async function performRefresh(): Promise<string> {
    const refreshToken = getRefreshToken();
    try {
      if (!refreshToken) {
        throw new ApiError({
          statusCode: 401,
          code: ErrorCode.UNAUTHORIZED,
          message: REFRESH_FAILED_MESSAGE,
        });
      }
      const response = await send('POST', REFRESH_PATH, { body: { refresh: refreshToken } }, null);
      const body = await readBody(response);
      if (!response.ok) throw apiErrorFromBody(response.status, body);
      const accessToken =
        typeof body === 'object' && body !== null && 'accessToken' in body
          ? body.accessToken
          : undefined;
      if (typeof accessToken !== 'string' || !accessToken) {
        throw new ApiError({
          statusCode: 401,
          code: ErrorCode.UNAUTHORIZED,
          message: REFRESH_FAILED_MESSAGE,
        });
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
      return accessToken;
    } catch (error) {
      // Without a reply we know nothing about the session: keep it and pass the network error on.
      if (error instanceof ApiError && error.isNetworkError) throw error;
      console.error(REFRESH_ERROR_LOG, error);
      clearAllTokens();
      hooks.onSessionExpired?.();
      throw error;
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
    let response = await send(method, path, requestOptions, token);

    if (response.status === 401 && useStoredToken && token) {
      // Another request may have refreshed while this one was on its way: reuse its token.
      const current = getAccessToken();
      const nextToken =
        current && current !== token && !refreshing ? current : await refreshTokens();
      response = await send(method, path, requestOptions, nextToken);
    }

    const body = await readBody(response);
    if (!response.ok) throw apiErrorFromBody(response.status, body);
    return body as T;
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
  };
}

const sessionHooks: SessionHooks = {};

/** Connects the shared client to the session (done once in main.tsx). */
export function configureApiClient(hooks: SessionHooks): void {
  Object.assign(sessionHooks, hooks);
}

export const apiClient = createApiClient({ baseUrl: env.apiBaseUrl, hooks: sessionHooks });
