import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState } from '../../lib/app-state.ts';
import { setNavigator } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import {
  getAccessToken,
  getRefreshToken,
  getSuperAdminTokens,
  setSuperAdminTokens,
  setTokens,
} from '../../lib/token-storage.ts';
import { enterCompanyAsAdmin, leaveCompany, signOut } from './session.ts';

type Call = { method: string; url: string; auth: string | undefined };

const calls: Call[] = [];
const navigate = vi.fn();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  calls.length = 0;
  navigate.mockReset();
  setNavigator(navigate);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, auth: (init?.headers as Record<string, string>).Authorization });
      if (url.endsWith('/auth/auth-with-admin/7')) {
        return Promise.resolve(
          json(200, { accessToken: 'company-access', refreshToken: 'company-refresh' }),
        );
      }
      if (url.endsWith('/auth/auth-with-admin/404')) {
        return Promise.resolve(
          json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Компания не найдена' }),
        );
      }
      if (url.endsWith('/auth/logout')) return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.resolve(json(200, {}));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('impersonation', () => {
  it('enterCompanyAsAdmin keeps the super admin tokens under `super` and opens the company dashboard', async () => {
    setTokens({ accessToken: 'super-access', refreshToken: 'super-refresh' });

    await expect(enterCompanyAsAdmin(7)).resolves.toBe(true);

    expect(calls.find((call) => call.url.endsWith('/auth/auth-with-admin/7'))).toMatchObject({
      method: 'POST',
      auth: 'Bearer super-access',
    });
    expect(getSuperAdminTokens()).toEqual({
      accessToken: 'super-access',
      refreshToken: 'super-refresh',
    });
    expect(getAccessToken()).toBe('company-access');
    expect(getRefreshToken()).toBe('company-refresh');
    expect(window.localStorage.getItem('super')).toBe(
      JSON.stringify({ accessToken: 'super-access', refreshToken: 'super-refresh' }),
    );
    expect(navigate).toHaveBeenCalledWith('/company/dashboard', undefined);
    expect(getAppState().loader).toBe(false);
  });

  it('a refused entry changes nothing', async () => {
    setTokens({ accessToken: 'super-access', refreshToken: 'super-refresh' });
    await expect(enterCompanyAsAdmin(404)).resolves.toBe(false);
    expect(getAccessToken()).toBe('super-access');
    expect(getSuperAdminTokens()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaveCompany logs the company session out, restores the saved tokens and goes to /companies', async () => {
    setTokens({ accessToken: 'company-access', refreshToken: 'company-refresh' });
    setSuperAdminTokens({ accessToken: 'super-access', refreshToken: 'super-refresh' });

    await leaveCompany();

    expect(calls.find((call) => call.url.endsWith('/auth/logout'))).toMatchObject({
      method: 'DELETE',
      auth: 'Bearer company-access',
    });
    expect(getAccessToken()).toBe('super-access');
    expect(getRefreshToken()).toBe('super-refresh');
    expect(getSuperAdminTokens()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/companies', undefined);
  });
});

describe('sign out', () => {
  it('ends the session on the server, forgets every token and goes to /login', async () => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    await signOut();
    expect(calls.filter((call) => call.url.endsWith('/auth/logout'))).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
