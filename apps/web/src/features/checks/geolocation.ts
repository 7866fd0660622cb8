/** Why the position could not be read: the browser's error codes, and no API at all. */
export type GeoFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export class GeoError extends Error {
  readonly kind: GeoFailure;
  constructor(kind: GeoFailure) {
    super(kind);
    this.name = 'GeoError';
    this.kind = kind;
  }
}

export type Position = { latitude: number; longitude: number; accuracy?: number };

/** GPS precision; a fresh fix, not one cached from another place. */
export const GEO_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 20_000,
  maximumAge: 0,
};

/** The schema's limit of the accuracy the server takes. */
const MAX_ACCURACY_M = 100_000;

/** The device's position once; a GeoError tells why there is none. */
export function currentPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new GeoError('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => {
        const accuracy = Number.isFinite(coords.accuracy)
          ? Math.min(Math.max(coords.accuracy, 0), MAX_ACCURACY_M)
          : undefined;
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          ...(accuracy === undefined ? {} : { accuracy }),
        });
      },
      (error) => {
        // GeolocationPositionError: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT.
        const kind: GeoFailure =
          error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable';
        reject(new GeoError(kind));
      },
      GEO_OPTIONS,
    );
  });
}
