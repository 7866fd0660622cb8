import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authLimitCounters } from '../../db/schema/index.ts';

/** At most `max` hits per fixed window of `windowMs` that starts at the first hit. */
export type LimitWindow = { max: number; windowMs: number };

export type HitResult = {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Attempts in the current window, this one included. */
  hits: number;
};

/**
 * Counters keyed on what is attacked (an account, a phone, a session) rather than on the client's
 * address. Every instance shares them: in Redis when REDIS_URL is set, else in the database.
 */
export type AttemptLimiter = {
  /** Counts one attempt; refused once the window holds more than `max`. */
  hit(scope: string, subject: string, window: LimitWindow): Promise<HitResult>;
  /** Takes back one attempt that turned out not to count (a successful login). */
  refund(scope: string, subject: string): Promise<void>;
  /** Forgets the subject's counter (the account's owner proved themselves another way). */
  reset(scope: string, subject: string): Promise<void>;
};

type CounterStore = {
  hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }>;
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

const PURGE_EVERY_MS = 60_000;

export function createAttemptLimiter(deps: {
  secret: string;
  db: Db;
  redis?: Redis | undefined;
  log?: FastifyBaseLogger;
}): AttemptLimiter {
  const primary: CounterStore = deps.redis
    ? redisStore(deps.redis)
    : databaseStore(deps.db, deps.log);
  // When Redis does not answer, this instance still limits on its own rather than not at all.
  const fallback = memoryStore();
  let lastFallbackLog = 0;

  async function withFallback<T>(run: (store: CounterStore) => Promise<T>): Promise<T> {
    if (!deps.redis) return run(primary);
    try {
      return await run(primary);
    } catch (error) {
      if (Date.now() - lastFallbackLog > 60_000) {
        lastFallbackLog = Date.now();
        deps.log?.warn({ err: error }, 'auth limit counters: Redis failed, counting in memory');
      }
      return run(fallback);
    }
  }

  // The key never carries the email or phone itself: Redis and the table hold an HMAC of it.
  const keyOf = (scope: string, subject: string) =>
    `${scope}:${createHmac('sha256', deps.secret).update(`${scope}\n${subject}`).digest('base64url')}`;

  return {
    async hit(scope, subject, window) {
      const { hits, msLeft } = await withFallback((store) =>
        store.hit(keyOf(scope, subject), window.windowMs),
      );
      return {
        allowed: hits <= window.max,
        retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
        hits,
      };
    },
    refund: (scope, subject) => withFallback((store) => store.refund(keyOf(scope, subject))),
    reset: (scope, subject) => withFallback((store) => store.reset(keyOf(scope, subject))),
  };
}

/** INCR, with the expiry set by the first hit of a window; answers the count and the time left. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { hits, left }`;

const REFUND_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return hits`;

function redisStore(redis: Redis): CounterStore {
  const prefix = 'smena-al:';
  return {
    async hit(key, windowMs) {
      const [hits, msLeft] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [
        number,
        number,
      ];
      return { hits, msLeft };
    },
    async refund(key) {
      await redis.eval(REFUND_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * One upsert per hit: a row whose window has ended starts over at 1. The database's clock decides,
 * so instances with skewed clocks agree.
 */
function databaseStore(db: Db, log?: FastifyBaseLogger): CounterStore {
  let lastPurge = 0;

  function purgeNowAndThen() {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    db.delete(authLimitCounters)
      .where(lt(authLimitCounters.windowEndsAt, sql`now()`))
      .then(
        () => undefined,
        (error: unknown) => log?.warn({ err: error }, 'auth limit counters: purge failed'),
      );
  }

  const ended = sql`${authLimitCounters.windowEndsAt} <= now()`;
  return {
    async hit(key, windowMs) {
      const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const [row] = await db
        .insert(authLimitCounters)
        .values({ key, hits: 1, windowEndsAt: windowEnd })
        .onConflictDoUpdate({
          target: authLimitCounters.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${authLimitCounters.hits} + 1 end`,
            windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${authLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({
          hits: authLimitCounters.hits,
          msLeft: sql<number>`(extract(epoch from (${authLimitCounters.windowEndsAt} - now())) * 1000)::float8`,
        });
      purgeNowAndThen();
      return { hits: row!.hits, msLeft: Number(row!.msLeft) };
    },
    async refund(key) {
      await db
        .update(authLimitCounters)
        .set({ hits: sql`greatest(${authLimitCounters.hits} - 1, 0)` })
        .where(and(eq(authLimitCounters.key, key), gt(authLimitCounters.windowEndsAt, sql`now()`)));
    },
    async reset(key) {
      await db.delete(authLimitCounters).where(eq(authLimitCounters.key, key));
    },
  };
}

function memoryStore(): CounterStore {
  const counters = new Map<string, { hits: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (counters.size > 100_000) {
        for (const [k, v] of counters) if (v.endsAt <= now) counters.delete(k);
      }
      let counter = counters.get(key);
      if (!counter || counter.endsAt <= now) {
        counter = { hits: 0, endsAt: now + windowMs };
        counters.set(key, counter);
      }
      counter.hits += 1;
      return { hits: counter.hits, msLeft: counter.endsAt - now };
    },
    async refund(key) {
      const counter = counters.get(key);
      if (counter && counter.hits > 0) counter.hits -= 1;
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

const MINUTE_MS = 60_000;

/** The limits of the auth service as the environment sets them. */
export function authLimits(env: {
  LOGIN_FAILURE_LIMIT: number;
  LOGIN_FAILURE_WINDOW_MINUTES: number;
  REFRESH_SESSION_RATE_LIMIT: number;
  REFRESH_REUSE_GRACE_SECONDS: number;
  OTP_PHONE_RATE_LIMIT: number;
}) {
  return {
    loginFailures: {
      max: env.LOGIN_FAILURE_LIMIT,
      windowMs: env.LOGIN_FAILURE_WINDOW_MINUTES * MINUTE_MS,
    },
    refreshPerSession: { max: env.REFRESH_SESSION_RATE_LIMIT, windowMs: MINUTE_MS },
    otpPerPhone: { max: env.OTP_PHONE_RATE_LIMIT, windowMs: 60 * MINUTE_MS },
    refreshGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
  };
}
