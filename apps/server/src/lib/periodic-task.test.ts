import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from './periodic-task.ts';

describe('startPeriodicTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs first after the delay, then every period, until stopped', async () => {
    const task = vi.fn(async () => {});
    const stop = startPeriodicTask(task, { firstAfterMs: 60_000, everyMs: 3_600_000 }, () => {});
    await vi.advanceTimersByTimeAsync(59_999);
    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(task).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('never runs twice at once, and a failure goes to onError and the next run still comes', async () => {
    let release = () => {};
    const errors: unknown[] = [];
    const task = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)))
      .mockRejectedValueOnce(new Error('database gone'))
      .mockResolvedValue(undefined);
    const stop = startPeriodicTask(task, { firstAfterMs: 10, everyMs: 100 }, (error) =>
      errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(300);
    // The first run still holds: the ticks meanwhile were skipped.
    expect(task).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(2);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(3);
    stop();
  });
});
