/**
 * The device's queue of punches made without a network (decision 032): each keeps the device's
 * time, a monotonic counter and an idempotency key, and is sent in the counter's order once the
 * network returns. The storage sits behind `QueueStore` (IndexedDB in the browser, a map in
 * tests); the logic here decides what leaves the queue: an item the server judged (stored,
 * repeated or refused) goes, an item it asked to send later or could not be reached for stays.
 */

export type QueuedItem<T> = {
  /** The idempotency key: a resend of the item is the same punch. */
  key: string;
  counter: number;
  /** The device's time of the punch, ISO with its offset. */
  deviceAt: string;
  /** Which device or person queued it: only theirs are sent with their credential. */
  owner: string;
  payload: T;
};

export interface QueueStore<T> {
  all(): Promise<QueuedItem<T>[]>;
  put(item: QueuedItem<T>): Promise<void>;
  remove(keys: string[]): Promise<void>;
  /** The next value of the counter, kept beside the items so it never runs back. */
  nextCounter(): Promise<number>;
}

/** The server's word on one item (the statuses of the batch answer). */
export type ItemVerdict = {
  key: string;
  status: 'ACCEPTED' | 'REPEATED' | 'REFUSED' | 'RETRY';
  message: string | null;
};

export type FlushOutcome<T> = {
  sent: number;
  refused: { item: QueuedItem<T>; message: string }[];
  /** Items still waiting (the server asked to retry, or an error stopped the sending). */
  left: number;
};

/** The most items one request carries (the server's limit). */
export const QUEUE_CHUNK = 200;

/** An ISO instant with the device's own offset: «2026-11-26T09:02:11.000+03:00». */
export function isoWithOffset(ms: number): string {
  const date = new Date(ms);
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  const local = new Date(ms + offset * 60_000);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

function randomKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function createPunchQueue<T>(
  store: QueueStore<T>,
  options: { now?: () => number; newKey?: () => string } = {},
) {
  const now = options.now ?? Date.now;
  const newKey = options.newKey ?? randomKey;
  let flushing: Promise<FlushOutcome<T>> | null = null;

  async function pending(owner?: string): Promise<QueuedItem<T>[]> {
    const items = await store.all();
    return items
      .filter((item) => owner === undefined || item.owner === owner)
      .sort((a, b) => a.counter - b.counter);
  }

  async function flushOnce(
    owner: string,
    send: (items: QueuedItem<T>[]) => Promise<ItemVerdict[]>,
  ): Promise<FlushOutcome<T>> {
    const items = await pending(owner);
    const outcome: FlushOutcome<T> = { sent: 0, refused: [], left: items.length };
    for (let start = 0; start < items.length; start += QUEUE_CHUNK) {
      const chunk = items.slice(start, start + QUEUE_CHUNK);
      // A network error or a refusal of the whole request leaves the rest queued.
      const verdicts = await send(chunk);
      const byKey = new Map(verdicts.map((verdict) => [verdict.key, verdict]));
      const done: string[] = [];
      let retry = false;
      for (const item of chunk) {
        const verdict = byKey.get(item.key);
        if (!verdict || verdict.status === 'RETRY') {
          retry = true;
          continue;
        }
        done.push(item.key);
        if (verdict.status === 'REFUSED') {
          outcome.refused.push({ item, message: verdict.message ?? 'Отметка не принята' });
        } else {
          outcome.sent += 1;
        }
      }
      await store.remove(done);
      outcome.left -= done.length;
      if (retry) break;
    }
    return outcome;
  }

  return {
    pending,

    /**
     * Queues a punch at the device's present time (or `atMs`, the device's corrected clock), under
     * a new key or `key` (the key of a request that may have reached the server already).
     */
    async enqueue(
      owner: string,
      payload: T,
      options: { atMs?: number; key?: string } = {},
    ): Promise<QueuedItem<T>> {
      const item: QueuedItem<T> = {
        key: options.key ?? newKey(),
        counter: await store.nextCounter(),
        deviceAt: isoWithOffset(options.atMs ?? now()),
        owner,
        payload,
      };
      await store.put(item);
      return item;
    },

    /**
     * Sends the owner's items in the counter's order, `QUEUE_CHUNK` at a time. One sending at a
     * time: a second call while one runs waits for it (the `online` event and the timer may
     * meet).
     */
    flush(
      owner: string,
      send: (items: QueuedItem<T>[]) => Promise<ItemVerdict[]>,
    ): Promise<FlushOutcome<T>> {
      if (flushing) return flushing;
      flushing = flushOnce(owner, send).finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}

export type PunchQueue<T> = ReturnType<typeof createPunchQueue<T>>;

/** A store in memory: for tests, and where IndexedDB is missing (the queue then lives as long as the page). */
export function memoryStore<T>(initial: QueuedItem<T>[] = []): QueueStore<T> {
  const items = new Map(initial.map((item) => [item.key, item]));
  let counter = initial.reduce((max, item) => Math.max(max, item.counter), 0);
  return {
    all: async () => [...items.values()],
    put: async (item) => {
      items.set(item.key, item);
    },
    remove: async (keys) => {
      for (const key of keys) items.delete(key);
    },
    nextCounter: async () => {
      counter += 1;
      return counter;
    },
  };
}

function request<R>(value: IDBRequest<R>): Promise<R> {
  return new Promise((resolve, reject) => {
    value.onsuccess = () => resolve(value.result);
    value.onerror = () => reject(value.error ?? new Error('IndexedDB'));
  });
}

const ITEMS = 'items';
const META = 'meta';

/**
 * The queue in IndexedDB (`name`): the items by key, and the counter in a second store, so it
 * survives reloads and closed tabs. The native API is enough for four operations.
 */
export function indexedDbStore<T>(name: string): QueueStore<T> {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise((resolve, reject) => {
      const req = indexedDB.open(name, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore(ITEMS, { keyPath: 'key' });
        req.result.createObjectStore(META);
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => {
        opened = null;
        reject(req.error ?? new Error('IndexedDB'));
      };
    });
    return opened;
  };
  const tx = async (stores: string[], mode: IDBTransactionMode) =>
    (await open()).transaction(stores, mode);
  return {
    async all() {
      return request((await tx([ITEMS], 'readonly')).objectStore(ITEMS).getAll()) as Promise<
        QueuedItem<T>[]
      >;
    },
    async put(item) {
      await request((await tx([ITEMS], 'readwrite')).objectStore(ITEMS).put(item));
    },
    async remove(keys) {
      if (keys.length === 0) return;
      const store = (await tx([ITEMS], 'readwrite')).objectStore(ITEMS);
      await Promise.all(keys.map((key) => request(store.delete(key))));
    },
    async nextCounter() {
      const store = (await tx([META], 'readwrite')).objectStore(META);
      const current = ((await request(store.get('counter'))) as number | undefined) ?? 0;
      await request(store.put(current + 1, 'counter'));
      return current + 1;
    },
  };
}

/** IndexedDB where the browser has it, memory otherwise. */
export function deviceQueueStore<T>(name: string): QueueStore<T> {
  return typeof indexedDB === 'undefined' ? memoryStore<T>() : indexedDbStore<T>(name);
}
