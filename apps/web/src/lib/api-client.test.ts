import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  REFRESH_ERROR_LOG,
  REFRESH_FAILED_MESSAGE,
  OUTAGE_ATTEMPTS,
  REFRESH_LOCK_NAME,
  type ApiClientOptions,
  type RefreshLocks,
} from './api-client.ts';
import { NETWORK_ERROR_MESSAGE } from './api-error.ts';
import { isServerUnreachable, markServerAnswered } from './connection-state.ts';
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

type Pause = { ms: number; access: string | null; refresh: string | null; unreachable: boolean };

function setup(handler: Handler, extra: Partial<ApiClientOptions> = {}) {
  const fetchMock = vi.fn((input: string, init: RequestInit) =>
    Promise.resolve(handler(input, init)),
  );
  const onTokensRefreshed = vi.fn();
  const onSessionExpired = vi.fn();
  // Pauses between refresh attempts are instant; each records what the session looked like.
  const pauses: Pause[] = [];
  const wait = vi.fn((ms: number) => {
    pauses.push({
      ms,
      access: getAccessToken(),
      refresh: getRefreshToken(),
      unreachable: isServerUnreachable(),
    });
    return Promise.resolve();
  });
  const client = createApiClient({
    baseUrl: '/api/v1',
    fetch: fetchMock,
    hooks: { onTokensRefreshed, onSessionExpired },
    locks: null,
    wait,
    random: () => 0.5,
    ...extra,
  });
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => url.startsWith(`/api/v1${path}`));
  return { client, fetchMock, onTokensRefreshed, onSessionExpired, calls, pauses };
}

/** A refresh endpoint that answers `failures` in turn, then a new pair. */
function refreshAnswering(failures: Array<() => Response>): Handler {
  let index = 0;
  return (url, init) => {
    if (url.endsWith('/auth/refresh')) {
      const failure = failures[index];
      index += 1;
      if (failure) return failure();
      return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
    }
    return authHeader(init) === 'Bearer new-access' ? json(200, { ok: true }) : unauthorized();
  };
}

/**
 * An in-memory stand-in for `navigator.locks`: one holder at a time, the rest queue in order;
 * `ifAvailable` gets null when the lock is held, as in browsers.
 */
function fakeLocks() {
  let held = false;
  const queue: Array<() => void> = [];
  const requests: string[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else held = false;
  };
  const locks: RefreshLocks = {
    async request(name, options, callback) {
      requests.push(name);
      if (held && options.ifAvailable) return callback(null);
      if (held) await new Promise<void>((resolve) => queue.push(resolve));
      held = true;
      try {
        return await callback({ name });
      } finally {
        release();
      }
    },
  };
  return { locks, requests };
}

beforeEach(() => {
  setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' });
  markServerAnswered();
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

describe('refresh: only a refusal ends the session', () => {
  it.each([
    ['UNAUTHORIZED', 401],
    ['TOKEN_EXPIRED', 401],
    ['SESSION_REVOKED', 401],
    ['USER_BLOCKED', 403],
    ['COMPANY_BLOCKED', 403],
    ['VALIDATION_ERROR', 422],
  ])('%s (%i) clears the tokens and reports the expired session', async (code, status) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, onSessionExpired, pauses } = setup(
      refreshAnswering([() => json(status, { statusCode: status, code, message: 'Отказ' })]),
    );
    await expect(client.get('/profile')).rejects.toMatchObject({ statusCode: status, code });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith(expect.objectContaining({ code }));
    expect(pauses).toEqual([]);
  });

  it('429 waits Retry-After, keeps the tokens and tries again', async () => {
    const { client, calls, pauses, onSessionExpired, onTokensRefreshed } = setup(
      refreshAnswering([
        () =>
          new Response(JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'x' }), {
            status: 429,
            headers: { 'Retry-After': '3' },
          }),
      ]),
    );
    await expect(client.get('/profile')).resolves.toEqual({ ok: true });
    expect(calls('/auth/refresh')).toHaveLength(2);
    expect(pauses).toEqual([
      { ms: 3000, access: 'old-access', refresh: 'old-refresh', unreachable: false },
    ]);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(onTokensRefreshed).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBe('new-access');
  });

  it('429 with an absurd Retry-After waits at most a minute', async () => {
    const { client, pauses } = setup(
      refreshAnswering([
        () => new Response('', { status: 429, headers: { 'Retry-After': '86400' } }),
      ]),
    );
    await client.get('/profile');
    expect(pauses.map((pause) => pause.ms)).toEqual([60_000]);
  });

  it('503 keeps the tokens, marks the server unreachable, backs off 1, 2, 4 s and recovers', async () => {
    const unavailable = () =>
      json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Недоступен' });
    const { client, calls, pauses, onSessionExpired } = setup(
      refreshAnswering([unavailable, unavailable, unavailable]),
    );
    await expect(client.get('/profile')).resolves.toEqual({ ok: true });
    expect(calls('/auth/refresh')).toHaveLength(4);
    expect(pauses).toEqual(
      [1000, 2000, 4000].map((ms) => ({
        ms,
        access: 'old-access',
        refresh: 'old-refresh',
        unreachable: true,
      })),
    );
    expect(isServerUnreachable()).toBe(false);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(getRefreshToken()).toBe('new-refresh');
  });

  it('the backoff stops growing at 30 s; a longer Retry-After of a 503 wins', async () => {
    const failing = () => new Response('', { status: 500 });
    const { client, pauses } = setup(
      refreshAnswering([
        ...Array.from({ length: 7 }, () => failing),
        () => new Response('', { status: 503, headers: { 'Retry-After': '45' } }),
      ]),
      // The low edge of the ±20 % jitter.
      { random: () => 0 },
    );
    await client.get('/profile');
    expect(pauses.map((pause) => pause.ms)).toEqual([
      800, 1600, 3200, 6400, 12_800, 24_000, 24_000, 45_000,
    ]);
    expect(pauses.every((pause) => pause.access === 'old-access')).toBe(true);
  });

  it('no reply keeps the tokens and tries again', async () => {
    let refreshes = 0;
    const { client, pauses, onSessionExpired } = setup((url, init) => {
      if (url.endsWith('/auth/refresh')) {
        refreshes += 1;
        if (refreshes === 1) throw new TypeError('Failed to fetch');
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return authHeader(init) === 'Bearer new-access' ? json(200, { ok: true }) : unauthorized();
    });
    await expect(client.get('/profile')).resolves.toEqual({ ok: true });
    expect(pauses).toEqual([
      { ms: 1000, access: 'old-access', refresh: 'old-refresh', unreachable: true },
    ]);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(isServerUnreachable()).toBe(false);
  });

  it('requests waiting on a retried refresh all resume with the new token', async () => {
    const { client, calls } = setup(
      refreshAnswering([
        () => new Response('', { status: 502 }),
        () => new Response('', { status: 504 }),
      ]),
    );
    const results = await Promise.all([
      client.get('/profile'),
      client.get('/profile/employee'),
      client.get('/company'),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(calls('/auth/refresh')).toHaveLength(3);
  });

  it('another kind of answer (404) is no verdict: the tokens stay, the request fails', async () => {
    const { client, onSessionExpired } = setup(
      refreshAnswering([() => json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Нет' })]),
    );
    await expect(client.get('/profile')).rejects.toMatchObject({ statusCode: 404 });
    expect(getAccessToken()).toBe('old-access');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 403 USER_BLOCKED on an ordinary request ends the session', async () => {
    const { client, onSessionExpired } = setup(() =>
      json(403, { statusCode: 403, code: 'USER_BLOCKED', message: 'Учётная запись заблокирована' }),
    );
    await expect(client.get('/profile')).rejects.toMatchObject({ code: 'USER_BLOCKED' });
    expect(getAccessToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Учётная запись заблокирована' }),
    );
  });

  it('a plain 403 FORBIDDEN on an ordinary request keeps the session', async () => {
    const { client, onSessionExpired } = setup(() =>
      json(403, { statusCode: 403, code: 'FORBIDDEN', message: 'Нет прав' }),
    );
    await expect(client.get('/profile')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(getAccessToken()).toBe('old-access');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('connection state', () => {
  it('no reply or 502/503/504 marks the server unreachable; any other answer marks it back', async () => {
    let answer: () => Response = () => new Response('', { status: 503 });
    const { client } = setup(() => answer());
    await expect(client.post('/checks', {})).rejects.toMatchObject({ statusCode: 503 });
    expect(isServerUnreachable()).toBe(true);
    answer = () => json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Нет' });
    await expect(client.post('/checks', {})).rejects.toMatchObject({ statusCode: 404 });
    expect(isServerUnreachable()).toBe(false);
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(client.post('/checks', {})).rejects.toMatchObject({ statusCode: 0 });
    expect(isServerUnreachable()).toBe(true);
    answer = () => json(201, {});
    await client.post('/checks', {});
    expect(isServerUnreachable()).toBe(false);
  });

  it('a 500 is an answer: the server is there, the request failed', async () => {
    const { client } = setup(() => new Response('', { status: 500 }));
    await expect(client.get('/companies')).rejects.toMatchObject({ statusCode: 500 });
    expect(isServerUnreachable()).toBe(false);
  });
});

describe('requests during an outage', () => {
  it('a GET waits with backoff and gets its data when the server is back', async () => {
    let failures = 2;
    const { client, calls, pauses } = setup(() => {
      if (failures-- > 0) return new Response('', { status: 503 });
      return json(200, [{ id: 1 }]);
    });
    await expect(client.get('/companies')).resolves.toEqual([{ id: 1 }]);
    expect(calls('/companies')).toHaveLength(3);
    expect(pauses.map((pause) => [pause.ms, pause.unreachable])).toEqual([
      [1000, true],
      [2000, true],
    ]);
    expect(isServerUnreachable()).toBe(false);
  });

  it('a GET gives up after OUTAGE_ATTEMPTS with the outage error', async () => {
    const { client, calls } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/companies')).rejects.toMatchObject({ statusCode: 0 });
    expect(calls('/companies')).toHaveLength(OUTAGE_ATTEMPTS);
  });

  it('other methods are not repeated: they might have been carried out', async () => {
    const { client, calls, pauses } = setup(() => new Response('', { status: 502 }));
    await expect(client.post('/checks', { type: 'IN' })).rejects.toMatchObject({
      statusCode: 502,
    });
    await expect(client.delete('/checks/1')).rejects.toMatchObject({ statusCode: 502 });
    expect(calls('/checks')).toHaveLength(2);
    expect(pauses).toEqual([]);
  });

  it('a waiting GET goes on as soon as the server is seen answering, without its full pause', async () => {
    let down = true;
    const { client, calls } = setup(
      () => (down ? new Response('', { status: 503 }) : json(200, { ok: true })),
      { wait: () => new Promise<void>(() => undefined) },
    );
    const result = client.get('/companies');
    await vi.waitFor(() => expect(isServerUnreachable()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls('/companies')).toHaveLength(1);
    down = false;
    // Another request (or the readiness probe) got an answer.
    markServerAnswered();
    await expect(result).resolves.toEqual({ ok: true });
    expect(calls('/companies')).toHaveLength(2);
  });

  it('a waiting GET stops when its caller aborts', async () => {
    const { client, calls } = setup(() => new Response('', { status: 503 }), {
      wait: () => new Promise<void>(() => undefined),
    });
    const controller = new AbortController();
    const result = client.get('/companies', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(calls('/companies')).toHaveLength(1));
    controller.abort();
    expect(await result).toMatchObject({ name: 'AbortError' });
    expect(calls('/companies')).toHaveLength(1);
  });

  it('a refresh waiting after a 503 goes on as soon as the server is seen answering', async () => {
    let refreshDown = true;
    const { client, calls } = setup(
      (url, init) => {
        if (url.endsWith('/auth/refresh')) {
          return refreshDown
            ? new Response('', { status: 503 })
            : json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
        }
        return authHeader(init) === 'Bearer new-access' ? json(200, { ok: true }) : unauthorized();
      },
      { wait: () => new Promise<void>(() => undefined) },
    );
    const result = client.get('/profile');
    await vi.waitFor(() => expect(calls('/auth/refresh')).toHaveLength(1));
    refreshDown = false;
    markServerAnswered();
    await expect(result).resolves.toEqual({ ok: true });
  });
});

describe('refresh across tabs', () => {
  it('two clients sharing storage and a lock send one refresh; the second uses the stored pair', async () => {
    const { locks, requests } = fakeLocks();
    let releaseRefresh: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    let rotations = 0;
    const handler: Handler = async (url, init) => {
      if (url.endsWith('/auth/refresh')) {
        rotations += 1;
        await gate;
        // A refresh token is single-use: a second use would revoke the session.
        if (JSON.parse(init.body as string).refresh !== 'old-refresh') throw new Error('reuse');
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return authHeader(init) === 'Bearer new-access' ? json(200, { url }) : unauthorized();
    };
    const first = setup(handler, { locks });
    const second = setup(handler, { locks });

    const a = first.client.get('/profile');
    const b = second.client.get('/profile/employee');
    await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2));
    releaseRefresh();

    await expect(a).resolves.toEqual({ url: '/api/v1/profile' });
    await expect(b).resolves.toEqual({ url: '/api/v1/profile/employee' });
    expect(rotations).toBe(1);
    expect(requests.every((name) => name === REFRESH_LOCK_NAME)).toBe(true);
    expect(
      first.onTokensRefreshed.mock.calls.length + second.onTokensRefreshed.mock.calls.length,
    ).toBe(1);
    expect(first.onSessionExpired).not.toHaveBeenCalled();
    expect(second.onSessionExpired).not.toHaveBeenCalled();
  });

  it('waits for the other tab’s new pair to reach this tab’s storage before deciding', async () => {
    const { locks } = fakeLocks();
    const { client, calls } = setup(
      (url, init) => {
        if (url.endsWith('/auth/refresh')) throw new Error('this tab must not refresh');
        return authHeader(init) === 'Bearer other-access'
          ? json(200, { ok: true })
          : unauthorized();
      },
      { locks },
    );
    // Another tab holds the lock and rotates; its write shows up here a moment after it lets go.
    let releaseOther: () => void = () => {};
    const otherTab = locks.request(REFRESH_LOCK_NAME, {}, async () => {
      await new Promise<void>((resolve) => {
        releaseOther = resolve;
      });
      setTimeout(() => {
        window.localStorage.setItem('access', 'other-access');
        window.localStorage.setItem('refresh', 'other-refresh');
        window.dispatchEvent(new StorageEvent('storage', { key: 'refresh' }));
      }, 20);
    });

    const result = client.get('/profile');
    await vi.waitFor(() => expect(calls('/profile')).toHaveLength(1));
    releaseOther();
    await otherTab;
    await expect(result).resolves.toEqual({ ok: true });
    expect(calls('/auth/refresh')).toHaveLength(0);
  });

  it('the session ended in another tab while this one waited: this one goes to /login too', async () => {
    const { locks } = fakeLocks();
    const { client, calls, onSessionExpired } = setup(() => unauthorized(), { locks });
    let releaseOther: () => void = () => {};
    const otherTab = locks.request(REFRESH_LOCK_NAME, {}, async () => {
      await new Promise<void>((resolve) => {
        releaseOther = resolve;
      });
      window.localStorage.clear();
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const result = client.get('/profile').catch((error: unknown) => error);
    await vi.waitFor(() => expect(calls('/profile')).toHaveLength(1));
    releaseOther();
    await otherTab;
    expect(await result).toMatchObject({ statusCode: 401 });
    expect(calls('/auth/refresh')).toHaveLength(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('uses navigator.locks when the browser has it', async () => {
    const { locks, requests } = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    try {
      const { client } = setup(refreshAnswering([]), { locks: undefined });
      await expect(client.get('/profile')).resolves.toEqual({ ok: true });
      expect(requests).toEqual([REFRESH_LOCK_NAME]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
