import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_LOST_TEXT,
  ConnectionIndicator,
} from '../components/feedback/connection-indicator.tsx';
import {
  backoffDelay,
  isServerUnreachable,
  markServerAnswered,
  markServerUnreachable,
  onServerBack,
  retryAfterMs,
  subscribeConnectionState,
  watchServerRecovery,
  whenServerAnswers,
} from './connection-state.ts';

afterEach(() => {
  markServerAnswered();
  vi.useRealTimers();
});

describe('backoff', () => {
  it('doubles from 1 s up to 30 s, ±20 %', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((attempt) => backoffDelay(attempt, middle))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(2, () => 0)).toBe(3200);
    expect(backoffDelay(2, () => 1)).toBe(4800);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
  });

  it('reads Retry-After in seconds or as a date, capped at a minute', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('3600', now)).toBe(60_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe('connection state', () => {
  it('tells subscribers only about changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConnectionState(listener);
    markServerUnreachable();
    markServerUnreachable();
    markServerAnswered();
    markServerAnswered();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('tells when the server is back: at once if it answers now, else at its return', async () => {
    const back = vi.fn();
    const stop = onServerBack(back);
    await expect(whenServerAnswers()).resolves.toBeUndefined();
    markServerUnreachable();
    let resolved = false;
    const waiting = whenServerAnswers().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    markServerAnswered();
    await waiting;
    expect(back).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops waiting for the server when the signal aborts', async () => {
    markServerUnreachable();
    const controller = new AbortController();
    const waiting = whenServerAnswers(controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(isServerUnreachable()).toBe(true);
  });

  it('while unreachable, probes with backoff until the server answers', async () => {
    vi.useFakeTimers();
    const probe = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const stop = watchServerRecovery({ probe, random: () => 0.5 });
    markServerUnreachable();
    await vi.advanceTimersByTimeAsync(999);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(isServerUnreachable()).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(isServerUnreachable()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(2);
    stop();
  });

  it('skips its probe while the token refresh is retrying (that is a probe already)', async () => {
    vi.useFakeTimers();
    let busy = true;
    const probe = vi.fn().mockResolvedValue(true);
    const stop = watchServerRecovery({ probe, isBusy: () => busy, random: () => 0.5 });
    markServerUnreachable();
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(probe).not.toHaveBeenCalled();
    busy = false;
    await vi.advanceTimersByTimeAsync(4000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(isServerUnreachable()).toBe(false);
    stop();
  });

  it('probes at once when the browser comes back online; going offline marks the server away', async () => {
    vi.useFakeTimers();
    const probe = vi.fn().mockResolvedValue(true);
    const stop = watchServerRecovery({ probe, random: () => 0.5 });
    window.dispatchEvent(new Event('offline'));
    expect(isServerUnreachable()).toBe(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(isServerUnreachable()).toBe(false);
    stop();
  });
});

describe('ConnectionIndicator', () => {
  it('shows «Нет связи с сервером — повторяем…» while the server is away, in a live region', () => {
    render(<ConnectionIndicator />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    act(() => markServerUnreachable());
    expect(screen.getByRole('status').textContent).toBe(CONNECTION_LOST_TEXT);
    act(() => markServerAnswered());
    expect(screen.queryByText(CONNECTION_LOST_TEXT)).toBeNull();
  });
});
