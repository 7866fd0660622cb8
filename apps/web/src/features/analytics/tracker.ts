import {
  ANALYTICS_PROP_KEYS,
  isAnalyticsRoute,
  MAX_ANALYTICS_BATCH,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type AnalyticsEventName,
} from '@smena/contract';
import type { AnalyticsProps } from '../../lib/analytics.ts';
import { isApiError } from '../../lib/api-error.ts';

/** A batch leaves after this long, or at once when it reaches `FLUSH_AT_EVENTS`. */
export const FLUSH_INTERVAL_MS = 10_000;
export const FLUSH_AT_EVENTS = 20;
/** Events kept while the server cannot be reached; the oldest go first beyond this. */
export const MAX_QUEUED_EVENTS = 200;

/** A batch as it goes out (the token is added only for `sendBeacon`, which cannot set headers). */
type OutgoingBatch = Omit<AnalyticsBatch, 'token'>;

export type TrackerOptions = {
  deviceId: string;
  appVersion: string;
  /** The current access token, or null when signed out (read when an event is recorded). */
  getAccessToken: () => string | null;
  /** POSTs the batch with `Authorization: Bearer <token>` when there is one. */
  postBatch: (batch: OutgoingBatch, token: string | null) => Promise<unknown>;
  /** `navigator.sendBeacon`; returns false when the browser refused the data. */
  sendBeacon?: (url: string, data: Blob) => boolean;
  /** The absolute or root-relative URL of `POST /analytics/events`, for the beacon. */
  beaconUrl: string;
  now?: () => Date;
};

export type Tracker = ReturnType<typeof createTracker>;

const allowedPropKeys = new Set<string>(ANALYTICS_PROP_KEYS);

/** Keeps only the contract's keys with short scalar values: nothing personal gets through. */
export function cleanProps(props: AnalyticsProps | undefined): AnalyticsEvent['props'] {
  if (!props) return undefined;
  const clean: NonNullable<AnalyticsEvent['props']> = {};
  for (const [key, value] of Object.entries(props)) {
    if (!allowedPropKeys.has(key)) continue;
    if (typeof value === 'string') clean[key] = value.slice(0, 100);
    else if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
    else if (typeof value === 'boolean') clean[key] = value;
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}

/**
 * Product events of one browser tab: queued, then sent in batches every 10 s or at 20 events;
 * when the page is hidden or closed the rest leaves with `navigator.sendBeacon`.
 *
 * Whether events are recorded at all is decided from outside (`setEnabled`): the remote flag
 * `analytics.enabled` and the person's own choice. Until that is known (`undefined`) events wait
 * in the queue unsent; when it is `false` the queue is dropped and nothing more is queued.
 */
type Queued = { event: AnalyticsEvent; token: string | null };

export function createTracker(options: TrackerOptions) {
  const now = options.now ?? (() => new Date());
  /** Each event with the access token of the moment it happened: it speaks for that person. */
  let queue: Queued[] = [];
  let enabled: boolean | undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending: Promise<void> | null = null;

  function clearTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function schedule(): void {
    if (timer !== null || queue.length === 0 || enabled !== true) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, FLUSH_INTERVAL_MS);
  }

  function batchOf(events: AnalyticsEvent[]): OutgoingBatch {
    return { deviceId: options.deviceId, appVersion: options.appVersion, events };
  }

  /**
   * Takes up to one batch's worth from the head of the queue, all recorded under one token (a
   * page seen before signing in is not sent as the signed-in person's).
   */
  function take(): Queued[] {
    const token = queue[0]?.token ?? null;
    let count = 0;
    while (count < queue.length && count < MAX_ANALYTICS_BATCH && queue[count]!.token === token)
      count++;
    const taken = queue.slice(0, count);
    queue = queue.slice(count);
    return taken;
  }

  const eventsOf = (taken: Queued[]) => taken.map((entry) => entry.event);

  async function sendAll(): Promise<void> {
    while (queue.length > 0 && enabled === true) {
      const events = take();
      try {
        await options.postBatch(batchOf(eventsOf(events)), events[0]!.token);
      } catch (error) {
        // No reply or a server failure: keep the events for the next try. A refusal (4xx) would
        // be refused again, so those are dropped.
        if (isRetryable(error)) {
          queue = [...events, ...queue].slice(-MAX_QUEUED_EVENTS);
          break;
        }
      }
    }
  }

  /** Sends everything queued now (one request per 100 events). */
  function flush(): Promise<void> {
    clearTimer();
    if (enabled !== true || queue.length === 0) return sending ?? Promise.resolve();
    sending ??= sendAll().finally(() => {
      sending = null;
      schedule();
    });
    return sending;
  }

  /** The page is being hidden or closed: hand what is queued to the browser to deliver. */
  function flushWithBeacon(): void {
    clearTimer();
    if (enabled !== true || queue.length === 0) return;
    if (!options.sendBeacon) {
      void flush();
      return;
    }
    while (queue.length > 0) {
      const events = take();
      const token = events[0]!.token;
      const batch: AnalyticsBatch = { ...batchOf(eventsOf(events)), ...(token ? { token } : {}) };
      const blob = new Blob([JSON.stringify(batch)], { type: 'application/json' });
      let accepted: boolean;
      try {
        accepted = options.sendBeacon(options.beaconUrl, blob);
      } catch {
        accepted = false;
      }
      if (!accepted) {
        // The browser would not take it (too large, or beacons disabled): try a normal request.
        queue = [...events, ...queue];
        void flush();
        return;
      }
    }
  }

  function enqueue(event: AnalyticsEvent): void {
    if (enabled === false) return;
    queue.push({ event, token: options.getAccessToken() });
    if (queue.length > MAX_QUEUED_EVENTS) queue = queue.slice(-MAX_QUEUED_EVENTS);
    if (enabled !== true) return;
    if (queue.length >= FLUSH_AT_EVENTS) void flush();
    else schedule();
  }

  return {
    /** A key action: `track('employee_created')`. */
    track(name: AnalyticsEventName, props?: AnalyticsProps): void {
      const clean = cleanProps(props);
      enqueue({ name, occurredAt: now().toISOString(), ...(clean ? { props: clean } : {}) });
    },

    /** A page was opened: its route pattern (`/company/employees/:id`), never the URL. */
    pageView(route: string): void {
      if (!isAnalyticsRoute(route)) return;
      enqueue({ name: 'page_view', route, occurredAt: now().toISOString() });
    },

    /**
     * `true`: record and send; `false`: drop the queue and record nothing; `undefined`: not known
     * yet (the person's choice is loading), keep events but send none.
     */
    setEnabled(next: boolean | undefined): void {
      enabled = next;
      if (next === false) {
        queue = [];
        clearTimer();
      } else if (next === true) {
        if (queue.length >= FLUSH_AT_EVENTS) void flush();
        else schedule();
      }
    },

    flush,
    flushWithBeacon,

    /** What is waiting to be sent (for tests). */
    pending(): readonly AnalyticsEvent[] {
      return eventsOf(queue);
    },
  };
}

function isRetryable(error: unknown): boolean {
  return !isApiError(error) || error.isNetworkError || error.statusCode >= 500;
}
