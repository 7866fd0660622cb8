import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  lazyRoute,
  reloadOnceForChunkError,
} from './chunk-reload.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('chunk load failure', () => {
  it('recognises failed dynamic imports', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('reloads once, then lets the error through instead of looping', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadOnceForChunkError(storage, reload, 1_002_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Much later (another deploy) it may reload again.
    expect(reloadOnceForChunkError(storage, reload, 2_000_000)).toBe(true);
  });

  it('passes other errors of a lazy route on', async () => {
    const load = lazyRoute(() => Promise.reject(new Error('boom')));
    await expect(load()).rejects.toThrow('boom');
  });
});
