import { useSyncExternalStore } from 'react';

/**
 * Whether the API server answers, for the whole app: one flag behind the «Нет связи с сервером —
 * повторяем…» indicator.
 *
 * The HTTP client reports every attempt: no reply or 502/503/504 marks the server unreachable,
 * any other answer marks it back. Requests that wait for the server (lib/api-client.ts) go on as
 * soon as it is marked back; `watchServerRecovery` asks `/api/ready` now and then (with backoff)
 * so that the app notices the server's return even when nothing else is being sent.
 */

let unreachable = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === unreachable) return;
  unreachable = next;
  for (const listener of listeners) listener();
}

/** No reply, or the server (or its proxy) said it is unavailable. */
export function markServerUnreachable(): void {
  set(true);
}

/** The server answered (whatever it said). */
export function markServerAnswered(): void {
  set(false);
}

export function isServerUnreachable(): boolean {
  return unreachable;
}

export function subscribeConnectionState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` each time the server answers again after being unreachable. */
export function onServerBack(listener: () => void): () => void {
  return subscribeConnectionState(() => {
    if (!unreachable) listener();
  });
}

/**
 * Resolves once the server is marked answering: at once if it is now (someone else got an answer
 * since the caller's failure marked it unreachable), else at its return. `signal` ends the wait.
 */
export function whenServerAnswers(signal?: AbortSignal): Promise<void> {
  if (!unreachable || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stop();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const stop = onServerBack(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** True while the API server does not answer. */
export function useServerUnreachable(): boolean {
  return useSyncExternalStore(subscribeConnectionState, isServerUnreachable, isServerUnreachable);
}

/** What the HTTP client needs of the connection state (tests pass their own). */
export type ConnectionReporter = {
  markServerUnreachable: () => void;
  markServerAnswered: () => void;
  whenServerAnswers: (signal?: AbortSignal) => Promise<void>;
};

export const connectionState: ConnectionReporter = {
  markServerUnreachable,
  markServerAnswered,
  whenServerAnswers,
};

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/** The longest `Retry-After` the app honours; a larger value is a misconfiguration, not a plan. */
export const RETRY_AFTER_MAX_MS = 60_000;

/**
 * The pause before attempt `attempt + 1` (attempt counts from 0): 1, 2, 4, 8, 16, 30, 30 … seconds,
 * each ±20 % so that many browsers coming back after an outage do not knock all at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(attempt, 15));
  return Math.min(RETRY_MAX_MS, Math.round(base * (0.8 + 0.4 * random())));
}

/**
 * `Retry-After` in milliseconds (seconds or an HTTP date), at most RETRY_AFTER_MAX_MS;
 * null when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const date = Date.parse(value);
    if (Number.isNaN(date)) return null;
    ms = date - now;
  }
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms));
}

export type RecoveryWatchOptions = {
  /** Resolves true when the server answers as ready. */
  probe: () => Promise<boolean>;
  /** Something else is already retrying (the token refresh): skip this round. */
  isBusy?: () => boolean;
  random?: () => number;
};

/** Asks the server's readiness endpoint; any failure counts as "not yet". */
export async function probeServerReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * While the server is marked unreachable, probes it with backoff and marks it answered when the
 * probe succeeds; the browser coming back online probes at once, going offline marks the server
 * unreachable. Returns a function that stops watching.
 */
export function watchServerRecovery(options: RecoveryWatchOptions): () => void {
  let stopped = false;
  let running = false;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function loop(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (let attempt = 0; !stopped && unreachable; attempt += 1) {
        await pause(backoffDelay(attempt, options.random));
        if (stopped || !unreachable) break;
        if (options.isBusy?.()) continue;
        if (await options.probe()) markServerAnswered();
      }
    } finally {
      running = false;
    }
  }

  const onChange = () => {
    if (unreachable) void loop();
  };
  const onOnline = () => wake?.();
  const onOffline = () => markServerUnreachable();

  const unsubscribe = subscribeConnectionState(onChange);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  onChange();
  return () => {
    stopped = true;
    wake?.();
    unsubscribe();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
