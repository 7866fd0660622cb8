/**
 * Instants shown as a place's wall clock. Every date and time on screen belongs to a zone — the
 * branch's or the company's — never the device's, so a Novosibirsk check-in reads the same in
 * Moscow. This file and `zoned-instants.ts` are the one home of that rule in the web app.
 *
 * This file uses Intl only: today's date is on the start-up path (a page loader asks for this
 * month), which must not carry the schedule engine's zone library; `zoned-instants.ts` has it.
 */

/** The zone a company gets when it has none (or a broken one): most customers are in Moscow. */
export const FALLBACK_TIMEZONE = 'Europe/Moscow';

const validZones = new Map<string, boolean>();

/**
 * The zone if the browser knows it, else Moscow (a record with a broken zone still shows). Intl
 * alone, like `todayIn`: the start-up path (a page loader asks for today's month) must not carry
 * the schedule engine's zone library.
 */
export function safeZone(timezone: string | null | undefined): string {
  if (!timezone) return FALLBACK_TIMEZONE;
  let valid = validZones.get(timezone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone: timezone });
      valid = true;
    } catch {
      valid = false;
    }
    validZones.set(timezone, valid);
  }
  return valid ? timezone : FALLBACK_TIMEZONE;
}

/** Today's `YYYY-MM-DD` in a zone (en-CA writes dates that way). */
export function todayIn(
  timezone: string | null | undefined,
  now: Date | number = Date.now(),
): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: safeZone(timezone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * When the service's day (midnight UTC, how the super admin's totals count days) begins on the
 * viewer's own clock: «03:00» in Moscow. `zone` is for tests; the browser's own zone by default.
 */
export function serviceDayStartOnViewerClock(
  zone?: string,
  now: Date | number = Date.now(),
): string {
  const DAY = 24 * 60 * 60 * 1000;
  const todayMidnightUtc = Math.floor(Number(now) / DAY) * DAY;
  return new Intl.DateTimeFormat('ru-RU', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(todayMidnightUtc);
}
