import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TokenPairSchema } from '@smena/contract';
import { refreshTokens, sessions } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, login } from '../../../test/factories.ts';
import { hashRefreshToken } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const refresh = (refreshToken: string) =>
  call(t.app, { method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh: refreshToken } });
const profile = (accessToken: string) =>
  call(t.app, { method: 'GET', url: '/api/v1/profile', token: accessToken });

/** Moves a consumed token's use back in time, as if the grace window had passed. */
async function ageUse(refreshToken: string, seconds: number) {
  await t.database.db
    .update(refreshTokens)
    .set({ usedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
}

describe('concurrent refreshes with one token', () => {
  it('answer 200 to all ten with the same successor, whose access tokens all work', async () => {
    const company = await createCompany(t.app);
    const tokens = await login(t.app, company.admin.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refresh(tokens.refreshToken)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const pairs = answers.map((answer) => TokenPairSchema.parse(answer.data));
    expect(new Set(pairs.map((pair) => pair.refreshToken)).size).toBe(1);
    expect(pairs[0]!.refreshToken).not.toBe(tokens.refreshToken);
    for (const pair of pairs) expect((await profile(pair.accessToken)).statusCode).toBe(200);

    // The chain goes on from the successor, and the session was never revoked.
    const next = await refresh(pairs[0]!.refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await profile(next.data.accessToken)).statusCode).toBe(200);
    const third = await refresh(next.data.refreshToken);
    expect(third.statusCode).toBe(200);
    expect(third.data.refreshToken).not.toBe(next.data.refreshToken);
    expect((await profile(third.data.accessToken)).statusCode).toBe(200);
  });

  it('answers a repeat within the grace window with the same successor, one after another too', async () => {
    const company = await createCompany(t.app);
    const tokens = await login(t.app, company.admin.email);
    const first = await refresh(tokens.refreshToken);
    const repeat = await refresh(tokens.refreshToken);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.data.refreshToken).toBe(first.data.refreshToken);
    expect((await profile(repeat.data.accessToken)).statusCode).toBe(200);
    // Only one successor row exists for the token.
    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.data.refreshToken)));
    expect(rows).toHaveLength(1);
  });

  it('revokes the whole session when a rotated token comes back after the window', async () => {
    const company = await createCompany(t.app);
    const tokens = await login(t.app, company.admin.email);
    const first = await refresh(tokens.refreshToken);
    expect(first.statusCode).toBe(200);
    await ageUse(tokens.refreshToken, 31);
    const late = await refresh(tokens.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.data.code).toBe('SESSION_REVOKED');
    expect((await profile(first.data.accessToken)).statusCode).toBe(401);
    expect((await refresh(first.data.refreshToken)).statusCode).toBe(401);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.revokedReason, 'refresh-token-reuse'));
    expect(session).toBeDefined();
  });

  it('refuses the grace window to a session revoked meanwhile', async () => {
    const company = await createCompany(t.app);
    const tokens = await login(t.app, company.admin.email);
    const first = await refresh(tokens.refreshToken);
    await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      token: first.data.accessToken,
    });
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });
});

describe('with the grace window off', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await buildTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
  });
  afterAll(async () => {
    await strict.close();
  });

  it('revokes the session on any reuse', async () => {
    const company = await createCompany(strict.app);
    const tokens = await login(strict.app, company.admin.email);
    const again = (value: string) =>
      call(strict.app, {
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh: value },
      });
    const first = await again(tokens.refreshToken);
    expect(first.statusCode).toBe(200);
    expect((await again(tokens.refreshToken)).statusCode).toBe(401);
    expect((await again(first.data.refreshToken)).statusCode).toBe(401);
  });
});
