import type { DbOrTx } from '../../db/client.ts';
import type { ApiKeyIdentity } from '../../lib/auth-context.ts';
import { hashApiKey, isApiKeyFormat } from './api-key-secret.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';

export type { ApiKeyIdentity };

export type ApiKeyAuthenticator = {
  /** The key's identity, or null for an unknown or revoked key. */
  authenticate: (secret: string) => Promise<ApiKeyIdentity | null>;
  /**
   * Forgets every key of a company (its status or paid period changed, a key of it changed):
   * the database's notification of such a change, heard by every instance.
   */
  invalidateCompany: (companyId: number) => void;
  /**
   * Before a write that changes what a company's keys may do. The answer, called once the write
   * has committed, drops the company's keys here and, when the write changed anything, waits
   * (at most a second) until this instance has heard the write's notification — by then the
   * database has signalled every other instance too, so the caller's next request anywhere sees
   * the change.
   */
  beginChange: (companyId: number) => (changed: boolean) => Promise<void>;
  /** Forgets every key. */
  clear: () => void;
  /**
   * How changes are heard: `sync` (PGlite: before the writing statement returns), `async`
   * (PostgreSQL LISTEN connection up), `down` (not heard: every request reads the database).
   */
  setChannel: (state: 'sync' | 'async' | 'down') => void;
};

const ECHO_WAIT_MS = 1_000;
/**
 * After hearing its own notification, the writer gives the other instances' listener connections
 * this long to be scheduled too (each is woken by the same signal, but a busy machine may run
 * them later). Blocking and revoking are rare; the wait keeps them strict in practice.
 */
const ECHO_SETTLE_MS = 100;

/**
 * The cache's lifetime. Changes are pushed to every instance at once (api-key-invalidation.ts);
 * this bounds the staleness only if a notification were ever lost without the connection
 * dropping.
 */
const CACHE_MS = 2_000;
const LAST_USED_EVERY_MS = 60_000;
const CACHE_LIMIT = 10_000;

type Cached = { identity: ApiKeyIdentity | null; fetchedAt: number };

/**
 * Looks a key up by its SHA-256 on each request, with a cache of two seconds: a terminal's
 * burst costs one read. Whatever changes a key's validity drops it from the cache of every
 * instance (invalidateCompany, on a database notification), so the very next request sees the
 * change. last_used_at is written at most once a minute per key.
 */
export function createApiKeyAuthenticator(deps: {
  db: DbOrTx;
  now?: () => number;
}): ApiKeyAuthenticator {
  const repository = createApiKeysRepository(deps.db);
  const now = deps.now ?? Date.now;
  const cache = new Map<string, Cached>();
  const lastTouched = new Map<number, number>();

  const inFlight = new Map<string, Promise<ApiKeyIdentity | null>>();
  let channel: 'sync' | 'async' | 'down' = 'sync';
  const waiters = new Map<number, Set<() => void>>();
  /**
   * Bumped by every invalidation: a read that began before one may have seen the old state, so
   * its answer serves its own requests but is not cached.
   */
  let generation = 0;

  function forgetAll() {
    generation += 1;
    cache.clear();
    inFlight.clear();
  }

  function dropCompany(companyId: number) {
    generation += 1;
    inFlight.clear();
    for (const [hash, entry] of cache) {
      // Unknown keys are cached too; one of them may be a key just created or moved here.
      if (entry.identity === null || entry.identity.companyId === companyId) cache.delete(hash);
    }
  }

  async function load(hash: string): Promise<ApiKeyIdentity | null> {
    const startedAt = generation;
    const row = await repository.findKeyByHash(hash);
    const identity: ApiKeyIdentity | null =
      row && row.revokedAt === null
        ? {
            keyId: row.id,
            companyId: row.companyId,
            branchId: row.branchId,
            companyBlocked: row.companyStatus === 'BLOCKED',
            companyPaidUntil: row.companyPaidUntil,
          }
        : null;
    // A blocked company's keys are read each time: they are refused anyway, and an unblocking
    // then applies everywhere without waiting for any notification.
    if (channel !== 'down' && startedAt === generation && !identity?.companyBlocked) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(hash, { identity, fetchedAt: now() });
    }
    if (identity && row) await touch(identity.keyId, row.lastUsedAt);
    return identity;
  }

  /** The write of last_used_at when it is due, else nothing to wait for (most requests). */
  function touch(keyId: number, lastUsedAt: Date | null): Promise<void> | undefined {
    const at = now();
    const known = Math.max(lastTouched.get(keyId) ?? 0, lastUsedAt?.getTime() ?? 0);
    if (at - known < LAST_USED_EVERY_MS) return undefined;
    lastTouched.set(keyId, at);
    return repository.touchLastUsed(keyId);
  }

  return {
    async authenticate(secret) {
      if (!isApiKeyFormat(secret)) return null;
      const hash = hashApiKey(secret);
      const cached = cache.get(hash);
      if (cached && now() - cached.fetchedAt < CACHE_MS) {
        const touching = cached.identity ? touch(cached.identity.keyId, null) : undefined;
        if (touching) await touching;
        return cached.identity;
      }
      // Requests that miss together (a burst, or the cache just expired) share one read.
      let lookup = inFlight.get(hash);
      if (!lookup) {
        const started = load(hash).finally(() => {
          if (inFlight.get(hash) === started) inFlight.delete(hash);
        });
        lookup = started;
        inFlight.set(hash, lookup);
      }
      return lookup;
    },

    invalidateCompany(companyId) {
      dropCompany(companyId);
      const heard = waiters.get(companyId);
      waiters.delete(companyId);
      for (const resolve of heard ?? []) resolve();
    },

    beginChange(companyId) {
      if (channel !== 'async') {
        return async () => dropCompany(companyId);
      }
      let resolveHeard: () => void = () => undefined;
      const heard = new Promise<void>((resolve) => (resolveHeard = resolve));
      const set = waiters.get(companyId) ?? new Set();
      set.add(resolveHeard);
      waiters.set(companyId, set);
      return async (changed) => {
        dropCompany(companyId);
        if (changed) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            heard,
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, ECHO_WAIT_MS);
              timer.unref();
            }),
          ]);
          clearTimeout(timer);
          await new Promise((resolve) => setTimeout(resolve, ECHO_SETTLE_MS));
        }
        waiters.get(companyId)?.delete(resolveHeard);
      };
    },

    clear: forgetAll,

    setChannel(state) {
      channel = state;
      if (state === 'down') {
        forgetAll();
        // Nothing will be heard: nobody waits for it.
        for (const set of waiters.values()) for (const resolve of set) resolve();
        waiters.clear();
      }
    },
  };
}
