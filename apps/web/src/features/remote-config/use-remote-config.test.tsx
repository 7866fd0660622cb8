import { defaultRemoteConfig } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../lib/token-storage.ts';
import { MaintenanceBanner } from './components/maintenance-banner.tsx';
import { REMOTE_CONFIG_CACHE_KEY } from './config-cache.ts';
import { configValue, useRemoteConfig, useRemoteConfigState } from './use-remote-config.ts';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function serveConfig(values: Record<string, unknown>, status = 200) {
  const fetchMock = vi.fn((_input: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({ values, ttlSeconds: 3600 }), { status })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAllTokens();
});

/** An unsigned access token with the claims the web app reads. */
function tokenOf(claims: object): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

describe('configValue', () => {
  it('answers the server’s value when it has the key’s type, else the contract’s default', () => {
    expect(configValue({ 'app.versionCheckMinutes': 15 }, 'app.versionCheckMinutes')).toBe(15);
    expect(configValue({ 'features.comments': false }, 'features.comments')).toBe(false);
    expect(configValue({}, 'features.comments')).toBe(true);
    expect(configValue(undefined, 'app.maintenanceBanner')).toBe('');
    expect(configValue({ 'app.versionCheckMinutes': 'often' }, 'app.versionCheckMinutes')).toBe(
      defaultRemoteConfig['app.versionCheckMinutes'],
    );
  });
});

describe('useRemoteConfig', () => {
  it('starts with the defaults and switches to the server’s values', async () => {
    const fetchMock = serveConfig({ 'features.comments': false, 'app.versionCheckMinutes': 30 });
    const { result } = renderHook(
      () => ({
        comments: useRemoteConfig('features.comments'),
        minutes: useRemoteConfig('app.versionCheckMinutes'),
      }),
      { wrapper: wrapper() },
    );
    expect(result.current).toEqual({ comments: true, minutes: 5 });
    await waitFor(() => expect(result.current).toEqual({ comments: false, minutes: 30 }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/config');
    // Remembered for the next start.
    expect(JSON.parse(window.localStorage.getItem(REMOTE_CONFIG_CACHE_KEY) ?? '{}')).toEqual({
      scope: 'global',
      values: { 'features.comments': false, 'app.versionCheckMinutes': 30 },
    });
  });

  it('starts a reload with the last values and still asks the server', async () => {
    window.localStorage.setItem(
      REMOTE_CONFIG_CACHE_KEY,
      JSON.stringify({ scope: 'global', values: { 'app.maintenanceBanner': 'Старый текст' } }),
    );
    const fetchMock = serveConfig({ 'app.maintenanceBanner': 'Новый текст' });
    const { result } = renderHook(() => useRemoteConfigState('app.maintenanceBanner'), {
      wrapper: wrapper(),
    });
    expect(result.current).toEqual({ value: 'Старый текст', isLoaded: false });
    await waitFor(() => expect(result.current).toEqual({ value: 'Новый текст', isLoaded: true }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the defaults when the server fails', async () => {
    serveConfig({}, 500);
    const { result } = renderHook(() => useRemoteConfigState('features.comments'), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.isLoaded).toBe(true));
    expect(result.current.value).toBe(true);
  });
});

describe('useRemoteConfig inside a company', () => {
  it('asks with the token, always past the browser cache, and keeps the company’s values apart', async () => {
    const token = tokenOf({ sub: '3', sid: 's', cid: 5, role: 'ADMIN', exp: 4102444800 });
    setTokens({ accessToken: token, refreshToken: 'refresh' });
    // Everyone's values from before sign-in are not this company's.
    window.localStorage.setItem(
      REMOTE_CONFIG_CACHE_KEY,
      JSON.stringify({ scope: 'global', values: { 'features.comments': false } }),
    );
    const fetchMock = serveConfig({ 'features.comments': true });
    const { result } = renderHook(() => useRemoteConfigState('features.comments'), {
      wrapper: wrapper(),
    });
    expect(result.current.value).toBe(true);
    await waitFor(() => expect(result.current.isLoaded).toBe(true));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ Authorization: `Bearer ${token}` });
    expect(init?.cache).toBe('no-cache');
    expect(JSON.parse(window.localStorage.getItem(REMOTE_CONFIG_CACHE_KEY) ?? '{}')).toEqual({
      scope: 'company:5',
      values: { 'features.comments': true },
    });
  });
});

describe('MaintenanceBanner', () => {
  it('shows the text while it is set and nothing when it is empty', async () => {
    serveConfig({ 'app.maintenanceBanner': 'Сегодня с 22:00 до 23:00 — технические работы' });
    const Wrapper = wrapper();
    render(
      <Wrapper>
        <MaintenanceBanner />
      </Wrapper>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(
      (await screen.findByRole('status')).textContent?.includes(
        'Сегодня с 22:00 до 23:00 — технические работы',
      ),
    ).toBe(true);
  });
});
