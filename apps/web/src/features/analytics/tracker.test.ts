import { AnalyticsBatchSchema, type AnalyticsBatch } from '@smena/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { clearAllTokens, setTokens } from '../../lib/token-storage.ts';
import { sendAnalyticsEvents } from './api/send-analytics-events.ts';
import {
  FLUSH_AT_EVENTS,
  FLUSH_INTERVAL_MS,
  createTracker,
  type TrackerOptions,
} from './tracker.ts';

const DEVICE = '3f1c2a4e-8b7d-4c2e-9f10-5a6b7c8d9e0f';

type Sent = { batch: Omit<AnalyticsBatch, 'token'>; token: string | null };

function setup(overrides: Partial<TrackerOptions> = {}) {
  const sent: Sent[] = [];
  const beacons: { url: string; type: string }[] = [];
  let token: string | null = 'access-token';
  const beaconBlobs: Blob[] = [];
  const tracker = createTracker({
    deviceId: DEVICE,
    appVersion: 'build-1',
    getAccessToken: () => token,
    postBatch: (batch, currentToken) => {
      sent.push({ batch: structuredClone(batch), token: currentToken });
      return Promise.resolve({ accepted: batch.events.length });
    },
    sendBeacon: (url, data) => {
      beaconBlobs.push(data);
      beacons.push({ url, type: data.type });
      return true;
    },
    beaconUrl: '/api/v1/analytics/events',
    now: () => new Date('2026-11-23T09:00:00.000Z'),
    ...overrides,
  });
  return {
    tracker,
    sent,
    beacons,
    /** The beacons' bodies, read back from their Blobs. */
    beaconBodies: () =>
      Promise.all(beaconBlobs.map(async (blob) => JSON.parse(await blob.text()) as AnalyticsBatch)),
    signOut: () => {
      token = null;
    },
  };
}

/** Lets the promise chain of a flush run (fake timers do not move microtasks). */
async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearAllTokens();
});

describe('tracker batching', () => {
  it('sends the queue after 10 seconds, not before', async () => {
    const { tracker, sent } = setup();
    tracker.setEnabled(true);
    tracker.pageView('/company/employees');
    tracker.track('employee_created');

    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();

    expect(sent).toHaveLength(1);
    expect(sent[0]?.token).toBe('access-token');
    expect(sent[0]?.batch).toEqual({
      deviceId: DEVICE,
      appVersion: 'build-1',
      events: [
        {
          name: 'page_view',
          route: '/company/employees',
          occurredAt: '2026-11-23T09:00:00.000Z',
        },
        { name: 'employee_created', occurredAt: '2026-11-23T09:00:00.000Z' },
      ],
    });
    expect(AnalyticsBatchSchema.safeParse(sent[0]?.batch).success).toBe(true);
    expect(tracker.pending()).toHaveLength(0);
  });

  it('sends at once when 20 events are queued', async () => {
    const { tracker, sent } = setup();
    tracker.setEnabled(true);
    for (let i = 0; i < FLUSH_AT_EVENTS - 1; i += 1) tracker.pageView('/company/checks');
    await settle();
    expect(sent).toHaveLength(0);

    tracker.track('check_recorded');
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.batch.events).toHaveLength(FLUSH_AT_EVENTS);

    // The timer of the sent batch does not send an empty one later.
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('sends without a token when signed out (anonymous events)', async () => {
    const { tracker, sent, signOut } = setup();
    signOut();
    tracker.setEnabled(true);
    tracker.pageView('/login');
    await tracker.flush();
    expect(sent[0]?.token).toBeNull();
  });

  it('sends each event under the token of the moment it happened', async () => {
    const { tracker, sent, signOut } = setup();
    tracker.setEnabled(true);
    tracker.pageView('/company/checks');
    signOut();
    tracker.pageView('/login');
    await tracker.flush();
    expect(sent.map((batch) => [batch.token, batch.batch.events.map((e) => e.route)])).toEqual([
      ['access-token', ['/company/checks']],
      [null, ['/login']],
    ]);
  });

  it('keeps the events when the server cannot be reached and tries again later', async () => {
    let fail = true;
    const sent: Sent[] = [];
    const { tracker } = setup({
      postBatch: (batch, token) => {
        if (fail)
          return Promise.reject(
            new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'x' }),
          );
        sent.push({ batch, token });
        return Promise.resolve({ accepted: batch.events.length });
      },
    });
    tracker.setEnabled(true);
    tracker.track('comment_created');
    await tracker.flush();
    expect(tracker.pending()).toHaveLength(1);

    fail = false;
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    await settle();
    expect(sent).toHaveLength(1);
    expect(tracker.pending()).toHaveLength(0);
  });

  it('drops a batch the server refused (it would be refused again)', async () => {
    const { tracker } = setup({
      postBatch: () =>
        Promise.reject(new ApiError({ statusCode: 422, code: 'VALIDATION_ERROR', message: 'x' })),
    });
    tracker.setEnabled(true);
    tracker.track('sign_in');
    await tracker.flush();
    expect(tracker.pending()).toHaveLength(0);
  });
});

describe('tracker on page hide', () => {
  it('hands the queue to navigator.sendBeacon as JSON with the access token in the body', async () => {
    const { tracker, sent, beacons, beaconBodies } = setup();
    tracker.setEnabled(true);
    tracker.pageView('/company/reports/report');
    tracker.track('report_exported', { report: 'attendance', format: 'xlsx' });

    tracker.flushWithBeacon();

    expect(sent).toHaveLength(0);
    expect(beacons).toEqual([{ url: '/api/v1/analytics/events', type: 'application/json' }]);
    const [body] = await beaconBodies();
    expect(body).toEqual({
      deviceId: DEVICE,
      appVersion: 'build-1',
      token: 'access-token',
      events: [
        {
          name: 'page_view',
          route: '/company/reports/report',
          occurredAt: '2026-11-23T09:00:00.000Z',
        },
        {
          name: 'report_exported',
          occurredAt: '2026-11-23T09:00:00.000Z',
          props: { report: 'attendance', format: 'xlsx' },
        },
      ],
    });
    expect(AnalyticsBatchSchema.safeParse(body).success).toBe(true);
    expect(tracker.pending()).toHaveLength(0);
    // Nothing is left for the timer.
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent).toHaveLength(0);
  });

  it('leaves the token out of a beacon sent while signed out', async () => {
    const { tracker, beaconBodies, signOut } = setup();
    signOut();
    tracker.setEnabled(true);
    tracker.pageView('/login');
    tracker.flushWithBeacon();
    const [body] = await beaconBodies();
    expect(body).not.toHaveProperty('token');
  });

  it('falls back to a normal request when the browser refuses the beacon', async () => {
    const { tracker, sent } = setup({ sendBeacon: () => false });
    tracker.setEnabled(true);
    tracker.pageView('/company/dashboard');
    tracker.flushWithBeacon();
    await settle();
    expect(sent).toHaveLength(1);
  });
});

describe('tracker switched off', () => {
  it('queues and sends nothing when the person opted out or the flag is off', async () => {
    const { tracker, sent, beacons } = setup();
    tracker.setEnabled(false);
    tracker.pageView('/company/employees');
    tracker.track('employee_created');
    expect(tracker.pending()).toHaveLength(0);

    tracker.flushWithBeacon();
    await tracker.flush();
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 3);
    expect(sent).toHaveLength(0);
    expect(beacons).toHaveLength(0);
  });

  it('drops what was queued when switched off before the choice was known', async () => {
    const { tracker, sent, beacons } = setup();
    // The person's choice is still loading: events wait, nothing leaves.
    tracker.pageView('/company/dashboard');
    tracker.flushWithBeacon();
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    expect(sent).toHaveLength(0);
    expect(beacons).toHaveLength(0);
    expect(tracker.pending()).toHaveLength(1);

    tracker.setEnabled(false);
    expect(tracker.pending()).toHaveLength(0);
    tracker.setEnabled(true);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent).toHaveLength(0);
  });

  it('sends what waited once the choice turns out to be «on»', async () => {
    const { tracker, sent } = setup();
    tracker.pageView('/');
    tracker.setEnabled(true);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    await settle();
    expect(sent[0]?.batch.events.map((event) => event.route)).toEqual(['/']);
  });
});

describe('no personal data in events', () => {
  it('keeps only the contract’s prop keys with short scalar values', async () => {
    const { tracker, sent } = setup();
    tracker.setEnabled(true);
    tracker.track('employee_created', {
      source: 'form',
      // Whatever a careless call passes, names, contacts, coordinates and tokens stay out.
      ...({
        email: 'ivanov@example.ru',
        phone: '+79991234567',
        firstName: 'Иван',
        latitude: 55.75,
        token: 'secret',
        nested: { email: 'x@example.ru' },
      } as object),
    });
    tracker.track('report_exported', { report: 'x'.repeat(300) });
    await tracker.flush();

    const events = sent[0]?.batch.events ?? [];
    expect(events[0]?.props).toEqual({ source: 'form' });
    expect(events[1]?.props?.report).toHaveLength(100);
    const text = JSON.stringify(sent[0]?.batch);
    for (const secret of ['ivanov@example.ru', '+79991234567', 'Иван', '55.75', 'secret']) {
      expect(text).not.toContain(secret);
    }
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(
        event.props ? ['name', 'occurredAt', 'props'] : ['name', 'occurredAt'],
      );
    }
  });

  it('records a page view only for a route pattern, never a URL with a query', async () => {
    const { tracker } = setup();
    tracker.setEnabled(true);
    tracker.pageView('/company/employees?search=Иванов');
    tracker.pageView('https://smena.example/company');
    tracker.pageView('/company/employees/:id');
    expect(tracker.pending().map((event) => event.route)).toEqual(['/company/employees/:id']);
  });
});

describe('sendAnalyticsEvents', () => {
  it('POSTs the batch with the Bearer token, and without one when signed out', async () => {
    setTokens({ accessToken: 'stored-token', refreshToken: 'refresh' });
    const fetchMock = vi.fn((_input: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ accepted: 1 }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const batch = {
      deviceId: DEVICE,
      appVersion: 'build-1',
      events: [{ name: 'sign_in' as const, occurredAt: '2026-11-23T09:00:00.000Z' }],
    };

    await sendAnalyticsEvents(batch, 'access-token');
    await sendAnalyticsEvents(batch, null);

    const [withToken, withoutToken] = fetchMock.mock.calls;
    expect(withToken?.[0]).toBe('/api/v1/analytics/events');
    expect(withToken?.[1].method).toBe('POST');
    expect(withToken?.[1].headers).toMatchObject({ Authorization: 'Bearer access-token' });
    expect(JSON.parse(String(withToken?.[1].body))).toEqual(batch);
    // Signed out means no header at all, not the stored token.
    expect(withoutToken?.[1].headers).not.toHaveProperty('Authorization');
  });
});
