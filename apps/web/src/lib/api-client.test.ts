import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  REFRESH_ERROR_LOG,
  REFRESH_FAILED_MESSAGE,
} from './api-client.ts';
import { NETWORK_ERROR_MESSAGE } from './api-error.ts';
import {
  getAccessToken,
  getRefreshToken,
  getSuperAdminTokens,
  setSuperAdminTokens,
  setTokens,
} from './token-storage.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function unauthorized(): Response {
  return json(401, {
    statusCode: 401,
    code: 'TOKEN_EXPIRED',
    message: 'Срок действия токена истёк',
  });
}

function authHeader(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.Authorization;
}

function setup(handler: Handler) {
  const fetchMock = vi.fn((input: string, init: RequestInit) =>
    Promise.resolve(handler(input, init)),
  );
  const onTokensRefreshed = vi.fn();
  const onSessionExpired = vi.fn();
  const client = createApiClient({
    baseUrl: '/api/v1',
    fetch: fetchMock,
    hooks: { onTokensRefreshed, onSessionExpired },
  });
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => url.startsWith(`/api/v1${path}`));
  return { client, fetchMock, onTokensRefreshed, onSessionExpired, calls };
}

beforeEach(() => {
  setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends the stored access token as a bearer token', async () => {
    const { client, fetchMock } = setup(() => json(200, { id: 1 }));
    await expect(client.get('/profile')).resolves.toEqual({ id: 1 });
    expect(authHeader(fetchMock.mock.calls[0]?.[1] ?? {})).toBe('Bearer old-access');
  });

  it('on 401 refreshes once, retries once with the new token and stores the new pair', async () => {
    const { client, calls, onTokensRefreshed } = setup((url, init) => {
      if (url.endsWith('/auth/refresh')) {
        expect(JSON.parse(init.body as string)).toEqual({ refresh: 'old-refresh' });
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return authHeader(init) === 'Bearer new-access' ? json(200, { ok: true }) : unauthorized();
    });

    await expect(client.get('/profile')).resolves.toEqual({ ok: true });
    expect(calls('/auth/refresh')).toHaveLength(1);
    expect(calls('/profile')).toHaveLength(2);
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(onTokensRefreshed).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 is passed on without another refresh', async () => {
    const { client, calls } = setup((url) =>
      url.endsWith('/auth/refresh')
        ? json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' })
        : unauthorized(),
    );
    await expect(client.get('/profile')).rejects.toMatchObject({
      statusCode: 401,
      code: 'TOKEN_EXPIRED',
    });
    expect(calls('/auth/refresh')).toHaveLength(1);
    expect(calls('/profile')).toHaveLength(2);
  });

  it('two requests failing with 401 at once share exactly one refresh call', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { client, calls } = setup(async (url, init) => {
      if (url.endsWith('/auth/refresh')) {
        await refreshGate;
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return authHeader(init) === 'Bearer new-access' ? json(200, { url }) : unauthorized();
    });

    const first = client.get('/profile');
    const second = client.get('/profile/employee');
    await vi.waitFor(() => expect(calls('/auth/refresh')).toHaveLength(1));
    releaseRefresh();

    await expect(first).resolves.toEqual({ url: '/api/v1/profile' });
    await expect(second).resolves.toEqual({ url: '/api/v1/profile/employee' });
    expect(calls('/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh fails: logs, clears every token, reports the expired session and rejects', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    setSuperAdminTokens({ accessToken: 'super-access', refreshToken: 'super-refresh' });
    const { client, calls, onSessionExpired, onTokensRefreshed } = setup((url) =>
      url.endsWith('/auth/refresh')
        ? json(401, { statusCode: 401, code: 'SESSION_REVOKED', message: 'Сеанс завершён' })
        : unauthorized(),
    );

    await expect(client.get('/profile')).rejects.toMatchObject({
      statusCode: 401,
      message: 'Сеанс завершён',
    });
    expect(calls('/auth/refresh')).toHaveLength(1);
    expect(calls('/profile')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getSuperAdminTokens()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onTokensRefreshed).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith(REFRESH_ERROR_LOG, expect.any(ApiError));
  });

  it("a refresh answer without an access token fails with 'Не удалось обновить токен'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, onSessionExpired } = setup((url) =>
      url.endsWith('/auth/refresh') ? json(200, { refreshToken: 'new-refresh' }) : unauthorized(),
    );
    await expect(client.get('/profile')).rejects.toThrow(REFRESH_FAILED_MESSAGE);
    expect(getAccessToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for requests sent without a token (login answers 401 for a wrong password)', async () => {
    const { client, calls } = setup(() =>
      json(401, {
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Неверный email или пароль',
      }),
    );
    const error = await client
      .post('/auth/login', { email: 'a@b.ru', password: 'x' }, { auth: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Неверный email или пароль',
    });
    expect(calls('/auth/refresh')).toHaveLength(0);
    expect(authHeader(calls('/auth/login')[0]?.[1] ?? {})).toBeUndefined();
  });

  it('turns an answer into an ApiError with status, code, message and field details', async () => {
    const { client } = setup(() =>
      json(422, {
        statusCode: 422,
        code: 'VALIDATION_ERROR',
        message: 'Проверьте поля',
        details: [{ field: 'old', message: 'Неверный текущий пароль' }],
      }),
    );
    await expect(
      client.post('/profile/new-password', { old: 'a', new: 'b' }),
    ).rejects.toMatchObject({
      statusCode: 422,
      code: 'VALIDATION_ERROR',
      message: 'Проверьте поля',
      details: [{ field: 'old', message: 'Неверный текущий пароль' }],
    });
  });

  it('passes a failure without a server reply on as a network error in Russian, keeping the session', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/profile')).rejects.toMatchObject({
      statusCode: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(getAccessToken()).toBe('old-access');
  });

  it('gives a Russian message when the error body is not the API shape', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.get('/profile')).rejects.toMatchObject({
      statusCode: 502,
      message: 'Сервер временно недоступен. Попробуйте позже.',
    });
  });

  it('serialises query parameters and skips empty ones', async () => {
    const { client, fetchMock } = setup(() => json(200, []));
    await client.get('/profile/users', {
      query: { page: 2, search: '', role: undefined, limit: 20 },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/profile/users?page=2&limit=20');
  });
});
