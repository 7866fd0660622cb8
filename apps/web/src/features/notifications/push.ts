import {
  PUSH_TOKEN_REFRESH_DAYS,
  isAdminOrManager,
  pushErrorMessages,
  type PushErrorReason,
  type Role,
} from '@smena/contract';
import { isApiError } from '../../lib/api-error.ts';
import { getPushPublicKey } from './api/get-push-public-key.ts';
import { removeNotificationToken, saveNotificationToken } from './api/notification-token.ts';

/**
 * Web push in this browser: feature detection, the service worker, the
 * permission, the subscription and the token the server keeps (POST /profile/notification-token
 * { notificationToken, key: 'web' }). Every failure is a PushError with the spec's Russian message.
 */

export class PushError extends Error {
  readonly reason: PushErrorReason;

  constructor(reason: PushErrorReason, options?: { cause?: unknown }) {
    super(pushErrorMessages[reason], options);
    this.name = 'PushError';
    this.reason = reason;
  }
}

export function isPushError(error: unknown): error is PushError {
  return error instanceof PushError;
}

/** What the settings show for this browser. */
export type PushStatus = 'enabled' | 'disabled' | 'denied' | 'unsupported';
export type PushState =
  | { status: 'enabled' | 'disabled' | 'denied' }
  | { status: 'unsupported'; reason: PushErrorReason };

// ---------- the browser, seen through the little the module uses (tests pass fakes) ----------

export type PushSubscriptionLike = {
  readonly expirationTime?: number | null;
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
};

export type PushManagerLike = {
  getSubscription(): Promise<PushSubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<PushSubscriptionLike | null>;
};

export type ServiceWorkerLike = {
  readonly state: ServiceWorkerState;
  addEventListener(type: 'statechange', listener: () => void): void;
  removeEventListener(type: 'statechange', listener: () => void): void;
};

export type RegistrationLike = {
  readonly active: ServiceWorkerLike | null;
  readonly installing: ServiceWorkerLike | null;
  readonly waiting: ServiceWorkerLike | null;
  readonly pushManager: PushManagerLike;
};

export type PushBrowser = {
  serviceWorker: {
    register(url: string, options: { scope: string }): Promise<RegistrationLike>;
    getRegistration(scope: string): Promise<RegistrationLike | undefined>;
  };
  notification: {
    readonly permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
  };
};

export type PushApi = {
  getPublicKey(): Promise<string>;
  saveToken(token: string): Promise<void>;
  removeToken(token: string): Promise<void>;
};

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type PushDependencies = {
  /** The browser's push capabilities, or why there are none. */
  detect: () => PushBrowser | PushErrorReason;
  api: PushApi;
  storage: () => StorageLike | null;
  now: () => number;
  /** How long a freshly registered service worker may take to activate. */
  activationTimeoutMs: number;
};

/** The service worker's URL and scope: the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';
/** The token this browser stored on the server, for whom and when (localStorage). */
export const PUSH_RECORD_KEY = 'smena:push-token';
/** Users who switched push off in this browser: automatic registration leaves them alone. */
export const PUSH_OPT_OUT_KEY = 'smena:push-opt-out';
export const ACTIVATION_TIMEOUT_MS = 15_000;
const REFRESH_AGE_MS = PUSH_TOKEN_REFRESH_DAYS * 24 * 60 * 60 * 1000;

type PushRecord = { token: string; userId: number; savedAt: number };

/** The key from GET /push/public-key (base64url) as the bytes PushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer, bytes: Uint8Array): boolean {
  const view = new Uint8Array(buffer);
  return view.length === bytes.length && view.every((byte, index) => byte === bytes[index]);
}

/** The subscription as the server keeps it: PushSubscription.toJSON() serialized. */
function serialize(subscription: PushSubscriptionLike): string | null {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
  return JSON.stringify(json);
}

function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 404;
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Resolves once the registration has an active worker (a first install takes a moment). */
function waitForActive(registration: RegistrationLike, timeoutMs: number): Promise<void> {
  if (registration.active) return Promise.resolve();
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.reject(new PushError('serviceWorkerFailed'));
  const activated = new Promise<void>((resolve, reject) => {
    const onChange = () => {
      if (worker.state === 'activated') {
        worker.removeEventListener('statechange', onChange);
        resolve();
      } else if (worker.state === 'redundant') {
        worker.removeEventListener('statechange', onChange);
        reject(new PushError('serviceWorkerFailed'));
      }
    };
    worker.addEventListener('statechange', onChange);
    onChange();
  });
  return withTimeout(activated, timeoutMs, () => new PushError('activationTimeout'));
}

export function createPush(deps: PushDependencies) {
  /** One change at a time: a click and an automatic registration must not interleave. */
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  function readJson(key: string): unknown {
    try {
      const raw = deps.storage()?.getItem(key);
      return raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return null;
    }
  }

  function writeJson(key: string, value: unknown): void {
    try {
      const storage = deps.storage();
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Without storage the token is simply sent again next time.
    }
  }

  function readRecord(): PushRecord | null {
    const value = readJson(PUSH_RECORD_KEY);
    if (
      typeof value === 'object' &&
      value !== null &&
      'token' in value &&
      'userId' in value &&
      'savedAt' in value &&
      typeof value.token === 'string' &&
      typeof value.userId === 'number' &&
      typeof value.savedAt === 'number'
    ) {
      return { token: value.token, userId: value.userId, savedAt: value.savedAt };
    }
    return null;
  }

  function optedOut(): number[] {
    const value = readJson(PUSH_OPT_OUT_KEY);
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  }

  function setOptedOut(userId: number, isOut: boolean): void {
    const others = optedOut().filter((id) => id !== userId);
    const next = isOut ? [...others, userId] : others;
    writeJson(PUSH_OPT_OUT_KEY, next.length > 0 ? next : null);
  }

  function requireBrowser(): PushBrowser {
    const browser = deps.detect();
    if (typeof browser === 'string') throw new PushError(browser);
    return browser;
  }

  async function register(browser: PushBrowser): Promise<RegistrationLike> {
    let registration: RegistrationLike;
    try {
      registration = await browser.serviceWorker.register(SERVICE_WORKER_URL, {
        scope: SERVICE_WORKER_SCOPE,
      });
    } catch (error) {
      throw new PushError('serviceWorkerFailed', { cause: error });
    }
    await waitForActive(registration, deps.activationTimeoutMs);
    return registration;
  }

  async function publicKey(): Promise<Uint8Array<ArrayBuffer>> {
    let key: string;
    try {
      key = await deps.api.getPublicKey();
    } catch (error) {
      // No reply says nothing about the configuration: the network message is the right one.
      if (isApiError(error) && error.isNetworkError) throw error;
      throw new PushError('missingConfig', { cause: error });
    }
    if (!key) throw new PushError('missingConfig');
    try {
      return base64UrlToBytes(key);
    } catch (error) {
      throw new PushError('missingConfig', { cause: error });
    }
  }

  /** The browser's subscription for this key, made when there is none (or it is outdated). */
  async function subscription(
    registration: RegistrationLike,
    key: Uint8Array<ArrayBuffer>,
  ): Promise<PushSubscriptionLike> {
    let current: PushSubscriptionLike | null;
    try {
      current = await registration.pushManager.getSubscription();
    } catch (error) {
      throw new PushError('subscribeFailed', { cause: error });
    }
    const serverKey = current?.options?.applicationServerKey;
    const isOutdated =
      current !== null &&
      ((serverKey != null && !sameBytes(serverKey, key)) ||
        (current.expirationTime != null && current.expirationTime <= deps.now()));
    if (current && isOutdated) {
      // Signed for another server key, or expired: it would never deliver again.
      await current.unsubscribe().catch(() => false);
      current = null;
    }
    if (current) return current;
    let created: PushSubscriptionLike | null;
    try {
      created = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
    } catch (error) {
      throw new PushError('subscribeFailed', { cause: error });
    }
    if (!created) throw new PushError('noToken');
    return created;
  }

  /**
   * Stores `token` on the server unless it is already there for this user and younger than
   * PUSH_TOKEN_REFRESH_DAYS; a different token stored earlier is removed first.
   */
  async function store(token: string, userId: number, force: boolean): Promise<boolean> {
    const record = readRecord();
    const isFresh =
      record !== null &&
      record.token === token &&
      record.userId === userId &&
      deps.now() - record.savedAt < REFRESH_AGE_MS;
    if (isFresh && !force) return false;
    if (record && record.token !== token) {
      try {
        await deps.api.removeToken(record.token);
      } catch (error) {
        // The server drops subscriptions the push service no longer knows; keep going.
        if (!isNotFound(error)) console.warn('push: the old subscription was not removed', error);
      }
      writeJson(PUSH_RECORD_KEY, null);
    }
    try {
      await deps.api.saveToken(token);
    } catch (error) {
      throw new PushError(record ? 'updateFailed' : 'subscribeFailed', { cause: error });
    }
    writeJson(PUSH_RECORD_KEY, { token, userId, savedAt: deps.now() } satisfies PushRecord);
    return true;
  }

  type EnableOptions = {
    /** Ask for the permission when undecided (only after a click; default true). */
    prompt?: boolean;
    /** Send the token even when the stored one is fresh (after a token refresh). */
    force?: boolean;
  };

  /**
   * «Включить»: asks for the permission when undecided, fails when it is not granted, subscribes
   * (user-visible only) and stores the subscription on the server.
   */
  async function enablePush(userId: number, options: EnableOptions = {}): Promise<PushState> {
    const browser = requireBrowser();
    let permission = browser.notification.permission;
    if (permission === 'default' && options.prompt !== false) {
      // First, while the click still counts as the person's gesture.
      try {
        permission = await browser.notification.requestPermission();
      } catch (error) {
        throw new PushError('permissionBlocked', { cause: error });
      }
    }
    if (permission !== 'granted') throw new PushError('permissionBlocked');
    return exclusive(async () => {
      const registration = await register(browser);
      const key = await publicKey();
      const current = await subscription(registration, key);
      const token = serialize(current);
      if (!token) throw new PushError('noToken');
      await store(token, userId, options.force ?? false);
      setOptedOut(userId, false);
      return { status: 'enabled' } as const;
    });
  }

  /** «Отключить»: the server forgets this browser, then the browser drops the subscription. */
  async function disablePush(userId: number): Promise<PushState> {
    const browser = requireBrowser();
    return exclusive(() => unsubscribe(browser, userId));
  }

  async function unsubscribe(browser: PushBrowser, userId: number): Promise<PushState> {
    const registration = await browser.serviceWorker
      .getRegistration(SERVICE_WORKER_SCOPE)
      .catch(() => undefined);
    const current = registration
      ? await registration.pushManager.getSubscription().catch(() => null)
      : null;
    const tokens = new Set<string>();
    const record = readRecord();
    if (record) tokens.add(record.token);
    const currentToken = current ? serialize(current) : null;
    if (currentToken) tokens.add(currentToken);
    for (const token of tokens) {
      try {
        await deps.api.removeToken(token);
      } catch (error) {
        if (!isNotFound(error)) throw new PushError('unsubscribeFailed', { cause: error });
      }
    }
    writeJson(PUSH_RECORD_KEY, null);
    setOptedOut(userId, true);
    if (current) {
      const isDone = await current.unsubscribe().catch(() => false);
      if (!isDone) throw new PushError('unsubscribeFailed');
    }
    return { status: 'disabled' };
  }

  /** This browser's push state for the user, without asking or changing anything. */
  async function pushState(userId: number): Promise<PushState> {
    const browser = deps.detect();
    if (typeof browser === 'string') return { status: 'unsupported', reason: browser };
    const permission = browser.notification.permission;
    if (permission === 'denied') return { status: 'denied' };
    if (permission !== 'granted') return { status: 'disabled' };
    const registration = await browser.serviceWorker
      .getRegistration(SERVICE_WORKER_SCOPE)
      .catch(() => undefined);
    const current = registration
      ? await registration.pushManager.getSubscription().catch(() => null)
      : null;
    const record = readRecord();
    const token = current ? serialize(current) : null;
    return token && record?.token === token && record.userId === userId
      ? { status: 'enabled' }
      : { status: 'disabled' };
  }

  /**
   * Registration without a click (after sign-in, at start-up, after a token refresh): ADMIN and
   * MANAGER (who receive the company's alerts), and an employee who switched push on in this browser before, so that
   * their reminders keep arriving; only when the permission is already granted, never asking;
   * not for someone who switched it off here. Failures are logged, not shown.
   */
  async function autoRegisterPush(input: {
    role: Role | null | undefined;
    userId: number | null | undefined;
    force?: boolean;
  }): Promise<'registered' | 'skipped' | 'failed'> {
    const { role, userId } = input;
    if (userId == null) return 'skipped';
    const hasOptedIn = readRecord()?.userId === userId;
    if (!isAdminOrManager(role) && !hasOptedIn) return 'skipped';
    if (optedOut().includes(userId)) return 'skipped';
    const browser = deps.detect();
    if (typeof browser === 'string' || browser.notification.permission !== 'granted') {
      return 'skipped';
    }
    try {
      await enablePush(userId, { prompt: false, force: input.force ?? false });
      return 'registered';
    } catch (error) {
      console.warn('push: automatic registration failed', error);
      return 'failed';
    }
  }

  /** Signing out: the server forgets this browser's token; the subscription stays for next time. */
  function releasePush(): Promise<void> {
    return exclusive(async () => {
      const record = readRecord();
      if (!record) return;
      writeJson(PUSH_RECORD_KEY, null);
      await deps.api.removeToken(record.token).catch((error: unknown) => {
        if (!isNotFound(error)) console.warn('push: the token was not removed', error);
      });
    });
  }

  return { enablePush, disablePush, pushState, autoRegisterPush, releasePush };
}

/** The real browser: what push needs, or the reason why it cannot work here. */
export function detectBrowser(): PushBrowser | PushErrorReason {
  if (typeof window === 'undefined' || typeof document === 'undefined') return 'windowOnly';
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window) ||
    typeof window.fetch !== 'function'
  ) {
    return 'unsupportedBrowser';
  }
  if (!('indexedDB' in window) || !window.indexedDB) return 'indexedDbUnsupported';
  // The DOM's overloaded listener signatures are wider than the module's view of them.
  return {
    serviceWorker: navigator.serviceWorker as unknown as PushBrowser['serviceWorker'],
    notification: window.Notification,
  };
}

function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const push = createPush({
  detect: detectBrowser,
  api: {
    getPublicKey: () => getPushPublicKey().then((answer) => answer.publicKey),
    saveToken: saveNotificationToken,
    removeToken: removeNotificationToken,
  },
  storage: browserStorage,
  now: () => Date.now(),
  activationTimeoutMs: ACTIVATION_TIMEOUT_MS,
});

export const { enablePush, disablePush, pushState, autoRegisterPush, releasePush } = push;
