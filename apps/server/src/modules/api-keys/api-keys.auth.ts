import type { DbOrTx } from '../../db/client.ts';
import { hashApiKey, isApiKeyFormat } from './api-key-secret.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';

export type ApiKeyIdentity = {
  keyId: number;
  companyId: number;
  /** A key bound to a branch creates checks at that branch only. */
  branchId: number | null;
  companyBlocked: boolean;
  companyPaidUntil: Date | null;
};

export type ApiKeyAuthenticator = {
  /** The key's identity, or null for an unknown or revoked key. */
  authenticate: (secret: string) => Promise<ApiKeyIdentity | null>;
  /** Forgets a key at once (after its revocation in this process). */
  invalidate: (keyId: number) => void;
};

/** Revocation made by another instance applies after at most this long. */
const CACHE_MS = 2_000;
const LAST_USED_EVERY_MS = 60_000;
const CACHE_LIMIT = 10_000;

type Cached = { identity: ApiKeyIdentity | null; fetchedAt: number };

/**
 * Looks a key up by its SHA-256 on each request, with a cache of two seconds: a terminal's
 * burst costs one read, and a revoked key stops working at once here and within two seconds on
 * other instances. last_used_at is written at most once a minute per key.
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

  async function load(hash: string): Promise<ApiKeyIdentity | null> {
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
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(hash, { identity, fetchedAt: now() });
    if (identity && row) await touch(identity.keyId, row.lastUsedAt);
    return identity;
  }

  async function touch(keyId: number, lastUsedAt: Date | null) {
    const at = now();
    const known = Math.max(lastTouched.get(keyId) ?? 0, lastUsedAt?.getTime() ?? 0);
    if (at - known < LAST_USED_EVERY_MS) return;
    lastTouched.set(keyId, at);
    await repository.touchLastUsed(keyId);
  }

  return {
    async authenticate(secret) {
      if (!isApiKeyFormat(secret)) return null;
      const hash = hashApiKey(secret);
      const cached = cache.get(hash);
      if (cached && now() - cached.fetchedAt < CACHE_MS) {
        if (cached.identity) await touch(cached.identity.keyId, null);
        return cached.identity;
      }
      // Requests that miss together (a burst, or the cache just expired) share one read.
      let lookup = inFlight.get(hash);
      if (!lookup) {
        lookup = load(hash).finally(() => inFlight.delete(hash));
        inFlight.set(hash, lookup);
      }
      return lookup;
    },

    invalidate(keyId) {
      for (const [hash, entry] of cache) if (entry.identity?.keyId === keyId) cache.delete(hash);
    },
  };
}
