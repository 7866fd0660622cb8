import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from './api-error.ts';
import { markServerAnswered, markServerUnreachable } from './connection-state.ts';
import { createQueryClient, refetchWhenServerIsBack, shouldRetryQuery } from './query-client.ts';

const { apiError } = vi.hoisted(() => ({ apiError: vi.fn() }));
vi.mock('../components/feedback/notifications/notify.ts', () => ({
  notify: Object.assign(vi.fn(), { apiError }),
}));

const unavailable = () =>
  new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Недоступен' });

beforeEach(() => {
  markServerAnswered();
  apiError.mockClear();
});

afterEach(() => {
  markServerAnswered();
});

describe('query retries', () => {
  it('repeat other server failures twice; an outage was already waited out by the client', () => {
    expect(shouldRetryQuery(0, networkError())).toBe(false);
    expect(shouldRetryQuery(0, unavailable())).toBe(false);
    const failure = new ApiError({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' });
    expect(shouldRetryQuery(1, failure)).toBe(true);
    expect(shouldRetryQuery(2, failure)).toBe(false);
    const notFound = new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'x' });
    expect(shouldRetryQuery(0, notFound)).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });
});

describe('an outage', () => {
  it('a query that gave up shows no card and fetches again by itself once the server is back', async () => {
    const client = createQueryClient();
    const stop = refetchWhenServerIsBack(client);
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
    const unsubscribe = observer.subscribe(() => undefined);

    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    expect(apiError).not.toHaveBeenCalled();
    markServerAnswered();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('data'));
    expect(attempts).toBe(2);

    unsubscribe();
    stop();
    client.clear();
  });

  it('other failed queries are not fetched again when the server comes back', async () => {
    const client = createQueryClient();
    const stop = refetchWhenServerIsBack(client);
    const queryFn = vi.fn(() =>
      Promise.reject(new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'Нет' })),
    );
    const observer = new QueryObserver(client, { queryKey: ['missing'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    markServerUnreachable();
    markServerAnswered();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(apiError).toHaveBeenCalledTimes(1);
    unsubscribe();
    stop();
    client.clear();
  });

  it('a failed action tells the person at once', async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(networkError()),
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ statusCode: 0 });
    expect(apiError).toHaveBeenCalledTimes(1);
    client.clear();
  });
});
