import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from './api-error.ts';
import { markServerAnswered, markServerUnreachable } from './connection-state.ts';
import {
  createQueryClient,
  followServerConnection,
  shouldRetryQuery,
  UNAVAILABLE_RETRIES,
} from './query-client.ts';

const { apiError } = vi.hoisted(() => ({ apiError: vi.fn() }));
vi.mock('../components/feedback/notifications/notify.ts', () => ({
  notify: Object.assign(vi.fn(), { apiError }),
}));

const unavailable = () =>
  new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Недоступен' });

beforeEach(() => {
  followServerConnection();
  markServerAnswered();
  apiError.mockClear();
});

afterEach(() => {
  markServerAnswered();
});

describe('query retries', () => {
  it('repeat «no reply» and 502/503/504 several times, other server failures twice, the rest never', () => {
    expect(shouldRetryQuery(0, networkError())).toBe(true);
    expect(shouldRetryQuery(UNAVAILABLE_RETRIES - 1, unavailable())).toBe(true);
    expect(shouldRetryQuery(UNAVAILABLE_RETRIES, unavailable())).toBe(false);
    const failure = new ApiError({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' });
    expect(shouldRetryQuery(1, failure)).toBe(true);
    expect(shouldRetryQuery(2, failure)).toBe(false);
    const notFound = new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'x' });
    expect(shouldRetryQuery(0, notFound)).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });
});

describe('while the server does not answer', () => {
  it('TanStack Query is offline exactly while the server is unreachable', () => {
    markServerUnreachable();
    expect(onlineManager.isOnline()).toBe(false);
    markServerAnswered();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('a query waits without a notification and finishes once the server is back', async () => {
    const client = createQueryClient();
    // What QueryClientProvider does: listen to the online state.
    client.mount();
    let attempts = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['outage'],
      queryFn: () => {
        attempts += 1;
        if (attempts === 1) {
          markServerUnreachable();
          return Promise.reject(unavailable());
        }
        return Promise.resolve('data');
      },
    });
    const states: string[] = [];
    const unsubscribe = observer.subscribe((result) => states.push(result.fetchStatus));

    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'));
    expect(attempts).toBe(1);
    markServerAnswered();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('data'));

    expect(attempts).toBe(2);
    expect(observer.getCurrentResult().status).toBe('success');
    expect(apiError).not.toHaveBeenCalled();
    expect(states).toContain('paused');
    unsubscribe();
    client.unmount();
    client.clear();
  });

  it('a query that finally fails with «no reply» still shows no notification card', async () => {
    const client = createQueryClient();
    await expect(
      client.fetchQuery({
        queryKey: ['gone'],
        queryFn: () => Promise.reject(networkError()),
        retry: false,
      }),
    ).rejects.toMatchObject({ statusCode: 0 });
    expect(apiError).not.toHaveBeenCalled();
    client.clear();
  });

  it('a failed action tells the person at once, even while the server is away', async () => {
    const client = createQueryClient();
    markServerUnreachable();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(networkError()),
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ statusCode: 0 });
    expect(apiError).toHaveBeenCalledTimes(1);
    client.clear();
  });
});
