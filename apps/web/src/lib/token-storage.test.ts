import { describe, expect, it } from 'vitest';
import {
  clearAllTokens,
  decodeAccessToken,
  getSuperAdminTokens,
  getTokenSnapshot,
  setSuperAdminTokens,
  setTokens,
  subscribeTokens,
} from './token-storage.ts';

function token(claims: object): string {
  const encode = (value: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

describe('token storage', () => {
  it('keeps the tokens under `access`, `refresh` and the saved super-admin pair under `super`', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    setSuperAdminTokens({ accessToken: 'sa', refreshToken: 'sr' });
    expect(window.localStorage.getItem('access')).toBe('a');
    expect(window.localStorage.getItem('refresh')).toBe('r');
    expect(JSON.parse(window.localStorage.getItem('super') ?? 'null')).toEqual({
      accessToken: 'sa',
      refreshToken: 'sr',
    });
    clearAllTokens();
    expect(window.localStorage.length).toBe(0);
  });

  it('treats a damaged `super` value as absent', () => {
    window.localStorage.setItem('super', '{not json');
    expect(getSuperAdminTokens()).toBeNull();
  });

  it('tells subscribers about changes with a new snapshot', () => {
    let calls = 0;
    const unsubscribe = subscribeTokens(() => (calls += 1));
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    expect(calls).toBe(1);
    expect(getTokenSnapshot().accessToken).toBe('a');
    unsubscribe();
  });

  it('reads the access token claims without verifying them', () => {
    const claims = {
      sub: '5',
      sid: 's',
      cid: 7,
      role: 'ADMIN',
      imp: 1,
      exp: 2_000_000_000,
      name: 'Тест',
    };
    expect(decodeAccessToken(token(claims))).toMatchObject({
      sub: '5',
      role: 'ADMIN',
      imp: 1,
      name: 'Тест',
    });
    expect(decodeAccessToken('garbage')).toBeNull();
    expect(decodeAccessToken(null)).toBeNull();
  });
});
