import { PUSH_TOKEN_REFRESH_DAYS, pushErrorMessages, type PushErrorReason } from '@smena/contract';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  PUSH_RECORD_KEY,
  SERVICE_WORKER_URL,
  createPush,
  type PushApi,
  type PushBrowser,
  type PushSubscriptionLike,
  type RegistrationLike,
  type ServiceWorkerLike,
} from './push.ts';

const DAY = 24 * 60 * 60 * 1000;
const USER = 7;
/** A VAPID public key (65 bytes, base64url) and another one after a rotation. */
const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const OTHER_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function bytesOf(key: string): ArrayBuffer {
  const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
}

let endpointCounter = 0;

class FakeSubscription implements PushSubscriptionLike {
  readonly endpoint = `https://push.example/send/${++endpointCounter}`;
  readonly options: { applicationServerKey: ArrayBuffer | null };
  expirationTime: number | null = null;
  unsubscribed = false;
  unsubscribeResult = true;

  constructor(key: string) {
    this.options = { applicationServerKey: bytesOf(key) };
  }

  toJSON(): PushSubscriptionJSON {
    return {
      endpoint: this.endpoint,
      expirationTime: this.expirationTime,
      keys: { p256dh: `p256dh-${this.endpoint.slice(-1)}`, auth: 'auth-secret' },
    };
  }

  unsubscribe(): Promise<boolean> {
    this.unsubscribed = true;
    return Promise.resolve(this.unsubscribeResult);
  }
}

class FakeWorker implements ServiceWorkerLike {
  state: ServiceWorkerState = 'installing';
  private listeners = new Set<() => void>();
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.delete(listener);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}

type Fake = {
  browser: PushBrowser;
  registration: RegistrationLike & { active: ServiceWorkerLike | null };
  permission: NotificationPermission;
  answerToPrompt: NotificationPermission;
  requestPermission: Mock<PushBrowser['notification']['requestPermission']>;
  register: Mock<PushBrowser['serviceWorker']['register']>;
  subscribe: Mock<RegistrationLike['pushManager']['subscribe']>;
  subscription: FakeSubscription | null;
  serverKey: string;
  api: { [K in keyof PushApi]: Mock<PushApi[K]> };
  storage: Map<string, string>;
  now: number;
  reason: PushErrorReason | null;
};

let fake: Fake;

function setUp(overrides: Partial<Pick<Fake, 'permission' | 'answerToPrompt'>> = {}) {
  const storage = new Map<string, string>();
  const state = {
    permission: overrides.permission ?? 'default',
    answerToPrompt: overrides.answerToPrompt ?? 'granted',
  };
  const active = new FakeWorker();
  active.state = 'activated';
  const current: Fake = {
    ...state,
    subscription: null,
    serverKey: KEY,
    storage,
    now: Date.parse('2026-05-04T09:00:00Z'),
    reason: null,
    requestPermission: vi.fn<PushBrowser['notification']['requestPermission']>(() => {
      current.permission = current.answerToPrompt;
      return Promise.resolve(current.permission);
    }),
    subscribe: vi.fn<RegistrationLike['pushManager']['subscribe']>((options) => {
      expect(options.userVisibleOnly).toBe(true);
      const key = btoa(String.fromCharCode(...options.applicationServerKey))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      current.subscription = new FakeSubscription(key);
      return Promise.resolve(current.subscription);
    }),
    register: vi.fn<PushBrowser['serviceWorker']['register']>(() =>
      Promise.resolve(current.registration),
    ),
    registration: null as unknown as Fake['registration'],
    browser: null as unknown as PushBrowser,
    api: {
      getPublicKey: vi.fn<PushApi['getPublicKey']>(() => Promise.resolve(current.serverKey)),
      saveToken: vi.fn<PushApi['saveToken']>(() => Promise.resolve()),
      removeToken: vi.fn<PushApi['removeToken']>(() => Promise.resolve()),
    },
  };
  current.registration = {
    active,
    installing: null,
    waiting: null,
    pushManager: {
      getSubscription: () =>
        Promise.resolve(current.subscription?.unsubscribed ? null : current.subscription),
      subscribe: current.subscribe,
    },
  };
  current.browser = {
    serviceWorker: {
      register: current.register,
      getRegistration: () => Promise.resolve(current.registration),
    },
    notification: {
      get permission() {
        return current.permission;
      },
      requestPermission: current.requestPermission,
    },
  };
  fake = current;
}

function makePush(activationTimeoutMs = 1000) {
  return createPush({
    detect: () => fake.reason ?? fake.browser,
    api: fake.api,
    storage: () => ({
      getItem: (key) => fake.storage.get(key) ?? null,
      setItem: (key, value) => void fake.storage.set(key, value),
      removeItem: (key) => void fake.storage.delete(key),
    }),
    now: () => fake.now,
    activationTimeoutMs,
  });
}

function storedRecord() {
  const raw = fake.storage.get(PUSH_RECORD_KEY);
  return raw ? (JSON.parse(raw) as { token: string; userId: number; savedAt: number }) : null;
}

beforeEach(() => {
  setUp();
});

describe('enablePush', () => {
  it('asks when the permission is undecided, subscribes user-visible only and stores the token', async () => {
    const push = makePush();
    await expect(push.enablePush(USER)).resolves.toEqual({ status: 'enabled' });

    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    expect(fake.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    expect(fake.subscribe).toHaveBeenCalledTimes(1);
    const token = JSON.stringify(fake.subscription!.toJSON());
    expect(fake.api.saveToken).toHaveBeenCalledWith(token);
    expect(JSON.parse(token)).toMatchObject({ endpoint: fake.subscription!.endpoint });
    expect(storedRecord()).toEqual({ token, userId: USER, savedAt: fake.now });
    await expect(push.pushState(USER)).resolves.toEqual({ status: 'enabled' });
  });

  it('fails with the blocked message when the person refuses, without subscribing', async () => {
    setUp({ answerToPrompt: 'denied' });
    const push = makePush();
    await expect(push.enablePush(USER)).rejects.toMatchObject({
      reason: 'permissionBlocked',
      message: pushErrorMessages.permissionBlocked,
    });
    expect(fake.register).not.toHaveBeenCalled();
    expect(fake.api.saveToken).not.toHaveBeenCalled();
    await expect(push.pushState(USER)).resolves.toEqual({ status: 'denied' });
  });

  it('does not ask again when the permission was denied before', async () => {
    setUp({ permission: 'denied' });
    await expect(makePush().enablePush(USER)).rejects.toMatchObject({
      reason: 'permissionBlocked',
    });
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it.each<PushErrorReason>(['unsupportedBrowser', 'indexedDbUnsupported', 'windowOnly'])(
    'explains in Russian when the browser lacks something (%s)',
    async (reason) => {
      fake.reason = reason;
      const push = makePush();
      await expect(push.enablePush(USER)).rejects.toMatchObject({
        reason,
        message: pushErrorMessages[reason],
      });
      await expect(push.pushState(USER)).resolves.toEqual({ status: 'unsupported', reason });
    },
  );

  it('reports a service worker that cannot be registered', async () => {
    setUp({ permission: 'granted' });
    fake.register.mockRejectedValueOnce(new Error('SecurityError'));
    await expect(makePush().enablePush(USER)).rejects.toMatchObject({
      reason: 'serviceWorkerFailed',
    });
  });

  it('waits for a new service worker to activate, and gives up after the time-out', async () => {
    setUp({ permission: 'granted' });
    const installing = new FakeWorker();
    fake.registration = { ...fake.registration, active: null, installing };
    const push = makePush(50);
    const enabling = push.enablePush(USER);
    installing.become('installed');
    installing.become('activated');
    await expect(enabling).resolves.toEqual({ status: 'enabled' });

    const stuck = new FakeWorker();
    fake.registration = { ...fake.registration, active: null, installing: stuck };
    await expect(push.enablePush(USER)).rejects.toMatchObject({
      reason: 'activationTimeout',
      message: pushErrorMessages.activationTimeout,
    });
  });

  it('says the server has no push keys when the public key is missing', async () => {
    setUp({ permission: 'granted' });
    fake.api.getPublicKey.mockRejectedValueOnce(
      new ApiError({ statusCode: 503, code: 'INTERNAL_ERROR', message: 'no keys' }),
    );
    await expect(makePush().enablePush(USER)).rejects.toMatchObject({ reason: 'missingConfig' });
  });

  it('reports a subscription the push service refused, and one it did not return', async () => {
    setUp({ permission: 'granted' });
    fake.subscribe.mockRejectedValueOnce(new Error('AbortError'));
    const push = makePush();
    await expect(push.enablePush(USER)).rejects.toMatchObject({ reason: 'subscribeFailed' });
    fake.subscribe.mockResolvedValueOnce(null);
    await expect(push.enablePush(USER)).rejects.toMatchObject({ reason: 'noToken' });
  });
});

describe('keeping the token fresh', () => {
  beforeEach(() => setUp({ permission: 'granted' }));

  it('does not send an unchanged token again within 7 days, and re-registers it after', async () => {
    const push = makePush();
    await push.enablePush(USER);
    expect(fake.api.saveToken).toHaveBeenCalledTimes(1);
    const first = storedRecord()!;

    fake.now += (PUSH_TOKEN_REFRESH_DAYS - 1) * DAY;
    await push.enablePush(USER);
    expect(fake.api.saveToken).toHaveBeenCalledTimes(1);

    fake.now += 2 * DAY;
    await push.enablePush(USER);
    expect(fake.api.saveToken).toHaveBeenCalledTimes(2);
    expect(fake.api.saveToken).toHaveBeenLastCalledWith(first.token);
    expect(fake.api.removeToken).not.toHaveBeenCalled();
    expect(storedRecord()).toEqual({ ...first, savedAt: fake.now });
    expect(fake.subscribe).toHaveBeenCalledTimes(1);
  });

  it('removes the old token before storing a changed subscription', async () => {
    const push = makePush();
    await push.enablePush(USER);
    const oldToken = storedRecord()!.token;

    // The push service replaced the subscription (the browser has a new endpoint).
    fake.subscription = new FakeSubscription(KEY);
    await push.enablePush(USER);
    const newToken = JSON.stringify(fake.subscription.toJSON());
    expect(newToken).not.toBe(oldToken);
    expect(fake.api.removeToken).toHaveBeenCalledWith(oldToken);
    expect(fake.api.saveToken).toHaveBeenLastCalledWith(newToken);
    expect(fake.api.removeToken.mock.invocationCallOrder[0]).toBeLessThan(
      fake.api.saveToken.mock.invocationCallOrder[1]!,
    );
    expect(storedRecord()!.token).toBe(newToken);
  });

  it('subscribes again when the server’s key changed, and replaces the token', async () => {
    const push = makePush();
    await push.enablePush(USER);
    const before = fake.subscription!;
    const oldToken = storedRecord()!.token;

    fake.serverKey = OTHER_KEY;
    await push.enablePush(USER);
    expect(before.unsubscribed).toBe(true);
    expect(fake.subscribe).toHaveBeenCalledTimes(2);
    expect(fake.api.removeToken).toHaveBeenCalledWith(oldToken);
    expect(storedRecord()!.token).toBe(JSON.stringify(fake.subscription!.toJSON()));
  });

  it('stores the same subscription again for another person signing in on this browser', async () => {
    const push = makePush();
    await push.enablePush(USER);
    await push.enablePush(USER + 1);
    expect(fake.api.saveToken).toHaveBeenCalledTimes(2);
    expect(fake.api.removeToken).not.toHaveBeenCalled();
    expect(storedRecord()!.userId).toBe(USER + 1);
    await expect(push.pushState(USER)).resolves.toEqual({ status: 'disabled' });
  });

  it('says the update failed when the server refuses a renewed token', async () => {
    const push = makePush();
    await push.enablePush(USER);
    fake.now += (PUSH_TOKEN_REFRESH_DAYS + 1) * DAY;
    fake.api.saveToken.mockRejectedValueOnce(
      new ApiError({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'boom' }),
    );
    await expect(push.enablePush(USER)).rejects.toMatchObject({ reason: 'updateFailed' });
  });
});

describe('disablePush', () => {
  it('removes the token on the server, then unsubscribes the browser', async () => {
    setUp({ permission: 'granted' });
    const push = makePush();
    await push.enablePush(USER);
    const token = storedRecord()!.token;
    const subscription = fake.subscription!;

    await expect(push.disablePush(USER)).resolves.toEqual({ status: 'disabled' });
    expect(fake.api.removeToken).toHaveBeenCalledWith(token);
    expect(subscription.unsubscribed).toBe(true);
    expect(storedRecord()).toBeNull();
    await expect(push.pushState(USER)).resolves.toEqual({ status: 'disabled' });
  });

  it('reports a browser that would not unsubscribe', async () => {
    setUp({ permission: 'granted' });
    const push = makePush();
    await push.enablePush(USER);
    fake.subscription!.unsubscribeResult = false;
    await expect(push.disablePush(USER)).rejects.toMatchObject({
      reason: 'unsubscribeFailed',
      message: pushErrorMessages.unsubscribeFailed,
    });
  });
});

describe('autoRegisterPush', () => {
  it('registers an admin or a manager when the permission is already granted', async () => {
    setUp({ permission: 'granted' });
    const push = makePush();
    await expect(push.autoRegisterPush({ role: 'ADMIN', userId: USER })).resolves.toBe(
      'registered',
    );
    await expect(push.autoRegisterPush({ role: 'MANAGER', userId: USER + 1 })).resolves.toBe(
      'registered',
    );
    expect(fake.api.saveToken).toHaveBeenCalledTimes(2);
  });

  it('never asks for the permission by itself', async () => {
    const push = makePush();
    await expect(push.autoRegisterPush({ role: 'ADMIN', userId: USER })).resolves.toBe('skipped');
    expect(fake.requestPermission).not.toHaveBeenCalled();
    expect(fake.register).not.toHaveBeenCalled();
  });

  it('leaves employees alone unless they switched push on in this browser', async () => {
    setUp({ permission: 'granted' });
    const push = makePush();
    await expect(push.autoRegisterPush({ role: 'EMPLOYEE', userId: USER })).resolves.toBe(
      'skipped',
    );
    expect(fake.register).not.toHaveBeenCalled();

    await push.enablePush(USER);
    fake.now += (PUSH_TOKEN_REFRESH_DAYS + 1) * DAY;
    await expect(push.autoRegisterPush({ role: 'EMPLOYEE', userId: USER })).resolves.toBe(
      'registered',
    );
    expect(fake.api.saveToken).toHaveBeenCalledTimes(2);
  });

  it('respects an admin who switched push off here', async () => {
    setUp({ permission: 'granted' });
    const push = makePush();
    await push.enablePush(USER);
    await push.disablePush(USER);
    await expect(push.autoRegisterPush({ role: 'ADMIN', userId: USER })).resolves.toBe('skipped');
    await push.enablePush(USER);
    expect(fake.subscribe).toHaveBeenCalledTimes(2);
  });

  it('sends the token again after a token refresh even when it is fresh', async () => {
    setUp({ permission: 'granted' });
    const push = makePush();
    await push.autoRegisterPush({ role: 'MANAGER', userId: USER });
    await push.autoRegisterPush({ role: 'MANAGER', userId: USER });
    expect(fake.api.saveToken).toHaveBeenCalledTimes(1);
    await push.autoRegisterPush({ role: 'MANAGER', userId: USER, force: true });
    expect(fake.api.saveToken).toHaveBeenCalledTimes(2);
  });

  it('logs a failure instead of throwing', async () => {
    setUp({ permission: 'granted' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.register.mockRejectedValueOnce(new Error('boom'));
    await expect(makePush().autoRegisterPush({ role: 'ADMIN', userId: USER })).resolves.toBe(
      'failed',
    );
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('releasePush', () => {
  it('forgets the token on the server when signing out, keeping the subscription', async () => {
    setUp({ permission: 'granted' });
    const push = makePush();
    await push.enablePush(USER);
    const token = storedRecord()!.token;
    await push.releasePush();
    expect(fake.api.removeToken).toHaveBeenCalledWith(token);
    expect(fake.subscription!.unsubscribed).toBe(false);
    expect(storedRecord()).toBeNull();
  });
});
