import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  YANDEX_MAPS_LOAD_ERROR,
  loadYandexMaps,
  resetYandexMapsLoader,
  yandexMapsScriptUrl,
  type YMapsApi,
} from './yandex-maps.ts';

function scripts(): HTMLScriptElement[] {
  return Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[data-yandex-maps]'));
}

function fakeYmaps(): YMapsApi {
  return { ready: vi.fn((onReady: () => void) => onReady()) } as unknown as YMapsApi;
}

afterEach(() => {
  resetYandexMapsLoader();
  for (const script of scripts()) script.remove();
  delete window.ymaps;
});

describe('loadYandexMaps', () => {
  it('adds the script once and gives every caller the same namespace', async () => {
    const first = loadYandexMaps('key-1');
    const second = loadYandexMaps('key-1');

    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.src).toBe('https://api-maps.yandex.ru/2.1/?apikey=key-1&lang=ru_RU');

    const ymaps = fakeYmaps();
    window.ymaps = ymaps;
    scripts()[0]?.dispatchEvent(new Event('load'));

    await expect(first).resolves.toBe(ymaps);
    await expect(loadYandexMaps('key-1')).resolves.toBe(ymaps);
    expect(scripts()).toHaveLength(1);
  });

  it('adds no script when window.ymaps is already there', async () => {
    const ymaps = fakeYmaps();
    window.ymaps = ymaps;

    await expect(loadYandexMaps('key-1')).resolves.toBe(ymaps);
    expect(scripts()).toHaveLength(0);
    expect(ymaps.ready).toHaveBeenCalledTimes(1);
  });

  it('rejects cleanly when the script fails, and a later call tries again', async () => {
    const failed = loadYandexMaps('key-1');
    scripts()[0]?.dispatchEvent(new Event('error'));

    await expect(failed).rejects.toThrow(YANDEX_MAPS_LOAD_ERROR);
    expect(scripts()).toHaveLength(0);

    const retry = loadYandexMaps('key-1');
    expect(retry).not.toBe(failed);
    expect(scripts()).toHaveLength(1);
    window.ymaps = fakeYmaps();
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe(window.ymaps);
  });

  it('rejects when the script loads but defines no ymaps', async () => {
    const loading = loadYandexMaps('key-1');
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow(YANDEX_MAPS_LOAD_ERROR);
  });

  it('escapes the key in the URL', () => {
    expect(yandexMapsScriptUrl('a b&c')).toBe(
      'https://api-maps.yandex.ru/2.1/?apikey=a%20b%26c&lang=ru_RU',
    );
  });
});
