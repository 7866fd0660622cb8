import { localDateOf, toIsoInZone } from '@smena/time';
import { safeZone } from './zoned-time.ts';

/**
 * Instants (checks, comments, history) as the wall clock of a zone, through the engine's zone
 * conversion — the same on the server and in the browser. A missing or unknown zone is Moscow.
 */

const msOf = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));

/** `YYYY-MM-DD` of an instant in a zone. */
export function dateOf(value: string | number, timezone: string | null | undefined): string {
  return localDateOf(msOf(value), safeZone(timezone));
}

/** `HH:mm` of an instant in a zone. */
export function timeOf(value: string | number, timezone: string | null | undefined): string {
  return toIsoInZone(msOf(value), safeZone(timezone)).slice(11, 16);
}

/** `YYYY-MM-DD HH:mm` of an instant in a zone; text that is not an instant is shown as it is. */
export function dateTimeOf(value: string | number, timezone: string | null | undefined): string {
  const ms = msOf(value);
  if (Number.isNaN(ms)) return typeof value === 'string' ? value : '';
  const iso = toIsoInZone(ms, safeZone(timezone));
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
