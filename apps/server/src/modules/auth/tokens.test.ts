import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import {
  createTokenService,
  generateOneTimeCode,
  generateRefreshToken,
  hashRefreshToken,
  safeEqualHex,
} from './tokens.ts';

const secret = 'unit-test-secret-that-is-long-enough-0123456789';
const payload = {
  userId: 7,
  sessionId: '3f7c3c2e-8f3e-4a55-9d1b-1c2d3e4f5a6b',
  companyId: 3,
  role: 'ADMIN' as const,
  impersonatorId: null,
};

describe('access tokens', () => {
  it('round-trips the session claims', async () => {
    const tokens = createTokenService({ secret, accessTtlSeconds: 900 });
    const verified = await tokens.verifyAccessToken(await tokens.signAccessToken(payload));
    expect(verified).toEqual({ ok: true, payload });
  });

  it('carries the impersonator id', async () => {
    const tokens = createTokenService({ secret, accessTtlSeconds: 900 });
    const verified = await tokens.verifyAccessToken(
      await tokens.signAccessToken({ ...payload, impersonatorId: 1 }),
    );
    expect(verified.ok && verified.payload.impersonatorId).toBe(1);
  });

  it('lives 15 minutes by default settings', async () => {
    const tokens = createTokenService({ secret, accessTtlSeconds: 900 });
    const token = await tokens.signAccessToken(payload);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('tells an expired token from a forged one', async () => {
    const tokens = createTokenService({ secret, accessTtlSeconds: 900 });
    const key = new TextEncoder().encode(secret);
    const expired = await new SignJWT({ sid: payload.sessionId, cid: 3, role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('smena')
      .setAudience('smena-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await tokens.verifyAccessToken(expired)).toEqual({ ok: false, reason: 'expired' });

    const other = createTokenService({ secret: `${secret}-other`, accessTtlSeconds: 900 });
    expect(await tokens.verifyAccessToken(await other.signAccessToken(payload))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await tokens.verifyAccessToken('not.a.jwt')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses the "none" algorithm', async () => {
    const tokens = createTokenService({ secret, accessTtlSeconds: 900 });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({
        sub: '7',
        sid: payload.sessionId,
        iss: 'smena',
        aud: 'smena-api',
        exp: 9999999999,
      }),
    ).toString('base64url');
    expect((await tokens.verifyAccessToken(`${header}.${body}.`)).ok).toBe(false);
  });
});

describe('refresh tokens and codes', () => {
  it('are 256-bit random values hashed with SHA-256', () => {
    const token = generateRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateRefreshToken()).not.toBe(token);
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(token)).toBe(hashRefreshToken(token));
  });

  it('makes 6-digit codes', () => {
    for (let i = 0; i < 200; i++) expect(generateOneTimeCode(6)).toMatch(/^\d{6}$/);
  });

  it('hashes one-time codes per phone and compares in constant time', () => {
    const tokens = createTokenService({ secret, accessTtlSeconds: 900 });
    const a = tokens.hashOneTimeCode('+79990000000', '123456');
    expect(safeEqualHex(a, tokens.hashOneTimeCode('+79990000000', '123456'))).toBe(true);
    expect(safeEqualHex(a, tokens.hashOneTimeCode('+79990000001', '123456'))).toBe(false);
    expect(safeEqualHex(a, 'abcd')).toBe(false);
  });
});
