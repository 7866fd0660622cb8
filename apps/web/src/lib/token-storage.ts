import type { AccessTokenClaims, TokenPair } from '@smena/contract';

/** localStorage keys: tokens, and the super admin's own pair while impersonating. */
export const ACCESS_TOKEN_KEY = 'access';
export const REFRESH_TOKEN_KEY = 'refresh';
export const SUPER_ADMIN_TOKENS_KEY = 'super';

export type TokenSnapshot = {
  accessToken: string | null;
  refreshToken: string | null;
  /** The super admin's saved session while acting inside a company. */
  superAdminTokens: TokenPair | null;
};

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): behave as logged out.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the session then lives only until the page is closed.
  }
}

function parseTokenPair(raw: string | null): TokenPair | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'accessToken' in value &&
      'refreshToken' in value &&
      typeof value.accessToken === 'string' &&
      typeof value.refreshToken === 'string'
    ) {
      return { accessToken: value.accessToken, refreshToken: value.refreshToken };
    }
  } catch {
    // fall through: a damaged value counts as absent
  }
  return null;
}

function readSnapshot(): TokenSnapshot {
  return {
    accessToken: read(ACCESS_TOKEN_KEY),
    refreshToken: read(REFRESH_TOKEN_KEY),
    superAdminTokens: parseTokenPair(read(SUPER_ADMIN_TOKENS_KEY)),
  };
}

let snapshot: TokenSnapshot | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  snapshot = readSnapshot();
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function setTokens(pair: TokenPair): void {
  write(ACCESS_TOKEN_KEY, pair.accessToken);
  write(REFRESH_TOKEN_KEY, pair.refreshToken);
  changed();
}

/** Removes `access` and `refresh`. */
export function clearTokens(): void {
  write(ACCESS_TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
  changed();
}

export function getSuperAdminTokens(): TokenPair | null {
  return parseTokenPair(read(SUPER_ADMIN_TOKENS_KEY));
}

export function setSuperAdminTokens(pair: TokenPair): void {
  write(SUPER_ADMIN_TOKENS_KEY, JSON.stringify(pair));
  changed();
}

export function clearSuperAdminTokens(): void {
  write(SUPER_ADMIN_TOKENS_KEY, null);
  changed();
}

/** Forgets everything: `access`, `refresh` and the saved super-admin session. */
export function clearAllTokens(): void {
  write(ACCESS_TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
  write(SUPER_ADMIN_TOKENS_KEY, null);
  changed();
}

/** For `useSyncExternalStore`: the same object until the tokens change. */
export function getTokenSnapshot(): TokenSnapshot {
  snapshot ??= readSnapshot();
  return snapshot;
}

export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Another tab logged in or out: follow it. */
function onStorage(event: StorageEvent): void {
  if (
    event.key === null ||
    event.key === ACCESS_TOKEN_KEY ||
    event.key === REFRESH_TOKEN_KEY ||
    event.key === SUPER_ADMIN_TOKENS_KEY
  ) {
    changed();
  }
}

/**
 * Reads the access token's claims without verifying it (the server verifies).
 * Good for a quick look at expiry or role; the profile calls are the source of truth.
 */
export function decodeAccessToken(token: string | null): AccessTokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== 'object' || claims === null || !('sub' in claims) || !('exp' in claims)) {
      return null;
    }
    return claims as AccessTokenClaims;
  } catch {
    return null;
  }
}
