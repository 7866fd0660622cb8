import { afterEach, describe, expect, it, vi } from 'vitest';
import { startVersionCheck } from './version-check.ts';

afterEach(() => {
  vi.useRealTimers();
});

function versionFetch(buildId: string) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify({ buildId }), { status: 200 })));
}

describe('new build check', () => {
  it('asks /version.json every hour without cache and reports a different build once', async () => {
    vi.useFakeTimers();
    const fetchImpl = versionFetch('new');
    const onNewVersion = vi.fn();
    const stop = startVersionCheck({
      currentBuildId: 'old',
      intervalMs: 3_600_000,
      onNewVersion,
      fetchImpl,
    });
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(fetchImpl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]).toEqual([
      expect.stringMatching(/^\/version\.json/),
      expect.objectContaining({ cache: 'no-cache' }),
    ]);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_600_000 * 2);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stays quiet while the build is the same', async () => {
    vi.useFakeTimers();
    const onNewVersion = vi.fn();
    const stop = startVersionCheck({
      currentBuildId: 'same',
      intervalMs: 1000,
      onNewVersion,
      fetchImpl: versionFetch('same'),
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(onNewVersion).not.toHaveBeenCalled();
    stop();
  });
});
