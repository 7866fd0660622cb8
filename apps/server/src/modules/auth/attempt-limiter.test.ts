import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { unique } from '../../../test/factories.ts';
import { TEST_JWT_SECRET } from '../../../test/test-constants.ts';
import { authLimitCounters } from '../../db/schema/index.ts';
import { createAttemptLimiter, type AttemptLimiter } from './attempt-limiter.ts';

let t: TestApp;
const redisClients: Redis[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const client of redisClients) client.disconnect();
  await t.close();
});

const window = { max: 2, windowMs: 60_000 };

/** Two limiters over one store stand for two instances. */
function pairOf(kind: 'database' | 'redis'): [AttemptLimiter, AttemptLimiter] {
  const make = () => {
    let redis: Redis | undefined;
    if (kind === 'redis') {
      redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
      redisClients.push(redis);
    }
    return createAttemptLimiter({ secret: TEST_JWT_SECRET, db: t.database.db, redis });
  };
  return [make(), make()];
}

describe.each([
  { kind: 'database' as const, enabled: true },
  { kind: 'redis' as const, enabled: Boolean(process.env.REDIS_URL) },
])('counters in $kind', ({ kind, enabled }) => {
  it.runIf(enabled)('share one count between instances, per scope and subject', async () => {
    const [a, b] = pairOf(kind);
    const subject = `someone-${unique()}@example.ru`;
    expect((await a.hit('login', subject, window)).allowed).toBe(true);
    expect((await b.hit('login', subject, window)).allowed).toBe(true);
    const refused = await a.hit('login', subject, window);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another subject, and the same subject in another scope, count apart.
    expect((await b.hit('login', `other-${subject}`, window)).allowed).toBe(true);
    expect((await b.hit('restore', subject, window)).allowed).toBe(true);
    await b.reset('login', subject);
    expect((await a.hit('login', subject, window)).allowed).toBe(true);
  });

  it.runIf(enabled)('takes back a refunded attempt', async () => {
    const [a, b] = pairOf(kind);
    const subject = unique();
    await a.hit('login', subject, window);
    await a.hit('login', subject, window);
    await b.refund('login', subject);
    expect((await b.hit('login', subject, window)).allowed).toBe(true);
    expect((await a.hit('login', subject, window)).allowed).toBe(false);
  });
});

it('keeps no email or phone in the counters', async () => {
  const [limiter] = pairOf('database');
  const email = `visible-${unique()}@example.ru`;
  await limiter.hit('login', email, window);
  const rows = await t.database.db.select().from(authLimitCounters);
  expect(rows.length).toBeGreaterThan(0);
  expect(JSON.stringify(rows)).not.toContain(email);
});

it('counts in memory when Redis does not answer', async () => {
  const broken = new Redis('redis://127.0.0.1:1', {
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    lazyConnect: true,
  });
  broken.on('error', () => undefined);
  redisClients.push(broken);
  const limiter = createAttemptLimiter({
    secret: TEST_JWT_SECRET,
    db: t.database.db,
    redis: broken,
  });
  const subject = unique();
  expect((await limiter.hit('login', subject, window)).allowed).toBe(true);
  expect((await limiter.hit('login', subject, window)).allowed).toBe(true);
  expect((await limiter.hit('login', subject, window)).allowed).toBe(false);
});
