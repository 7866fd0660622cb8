/**
 * Loads the Yandex Maps JS API 2.1 once, on demand. Every caller shares one promise; a failed
 * load is forgotten so that the next caller may try again.
 */

export type Coordinates = [latitude: number, longitude: number];

/** The event object of Yandex Maps: values are read with `get`. */
export type YMapsEvent = { get(name: string): unknown };

export type YMapsEventManager = {
  add(type: string | string[], handler: (event: YMapsEvent) => void): YMapsEventManager;
};

export type YMapsOptionManager = { set(key: string, value: unknown): void };

export type YMapsPlacemark = {
  geometry: { getCoordinates(): Coordinates; setCoordinates(coordinates: Coordinates): void };
  events: YMapsEventManager;
  options: YMapsOptionManager;
};

export type YMapsCircle = {
  geometry: { setCoordinates(coordinates: Coordinates): void; setRadius(radius: number): void };
  options: YMapsOptionManager;
};

export type YMapsSearchControl = {
  events: YMapsEventManager;
  options: YMapsOptionManager;
  getResult(index: number): Promise<{ geometry: { getCoordinates(): Coordinates } }>;
};

export type YMapsMap = {
  geoObjects: { add(object: YMapsPlacemark | YMapsCircle): YMapsMap['geoObjects'] };
  events: YMapsEventManager;
  controls: { get(name: string): unknown };
  setCenter(center: Coordinates, zoom?: number): void;
  getZoom(): number;
  destroy(): void;
};

/** The part of the global `ymaps` namespace the app uses. */
export type YMapsApi = {
  ready(onReady: () => void, onError?: (error: unknown) => void): unknown;
  Map: new (
    element: HTMLElement,
    state: { center: Coordinates; zoom: number; controls?: string[] },
    options?: Record<string, unknown>,
  ) => YMapsMap;
  Placemark: new (
    coordinates: Coordinates,
    properties?: Record<string, unknown>,
    options?: Record<string, unknown>,
  ) => YMapsPlacemark;
  Circle: new (
    geometry: [Coordinates, number],
    properties?: Record<string, unknown>,
    options?: Record<string, unknown>,
  ) => YMapsCircle;
};

declare global {
  interface Window {
    ymaps?: YMapsApi;
  }
}

export const YANDEX_MAPS_SCRIPT_URL = 'https://api-maps.yandex.ru/2.1/';
export const YANDEX_MAPS_LOAD_ERROR = 'Не удалось загрузить Яндекс Карты';

export function yandexMapsScriptUrl(apiKey: string): string {
  return `${YANDEX_MAPS_SCRIPT_URL}?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU`;
}

let loading: Promise<YMapsApi> | null = null;

function whenReady(ymaps: YMapsApi): Promise<YMapsApi> {
  return new Promise((resolve, reject) => {
    ymaps.ready(
      () => resolve(ymaps),
      () => reject(new Error(YANDEX_MAPS_LOAD_ERROR)),
    );
  });
}

function injectScript(apiKey: string): Promise<YMapsApi> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = yandexMapsScriptUrl(apiKey);
    script.async = true;
    script.dataset.yandexMaps = 'true';
    script.onload = () => {
      const ymaps = window.ymaps;
      if (ymaps) {
        whenReady(ymaps).then(resolve, reject);
      } else {
        script.remove();
        reject(new Error(YANDEX_MAPS_LOAD_ERROR));
      }
    };
    script.onerror = () => {
      // Remove the broken tag, so that a later attempt starts clean.
      script.remove();
      reject(new Error(YANDEX_MAPS_LOAD_ERROR));
    };
    document.head.append(script);
  });
}

/**
 * The `ymaps` namespace, ready to use. The script is added only when `window.ymaps` is absent
 * (another part of the page may have loaded it already) and only once for all callers.
 */
export function loadYandexMaps(apiKey: string): Promise<YMapsApi> {
  if (loading) return loading;
  const current = window.ymaps ? whenReady(window.ymaps) : injectScript(apiKey);
  loading = current;
  current.catch(() => {
    if (loading === current) loading = null;
  });
  return current;
}

/** Forgets the shared promise (tests). */
export function resetYandexMapsLoader(): void {
  loading = null;
}
