import { isValidTimeZone, localDateOf, toIsoInZone } from '@smena/time';

/**
 * Instants shown as a place's wall clock. Every date and time on screen belongs to a zone — the
 * branch's or the company's — never the device's, so a Novosibirsk check-in reads the same in
 * Moscow. This is the one home of that rule in the web app.
 */

/** The zone a company gets when it has none (or a broken one): most customers are in Moscow. */
export const FALLBACK_TIMEZONE = 'Europe/Moscow';

/** The zone if the engine knows it, else Moscow (a record with a broken zone still shows). */
export function safeZone(timezone: string | null | undefined): string {
  return timezone && isValidTimeZone(timezone) ? timezone : FALLBACK_TIMEZONE;
}

const msOf = (value: string | number | Date) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string'
      ? Date.parse(value)
      : value.getTime();

/** Today's `YYYY-MM-DD` in a zone. */
export function todayIn(
  timezone: string | null | undefined,
  now: Date | number = Date.now(),
): string {
  return localDateOf(msOf(now), safeZone(timezone));
}

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
