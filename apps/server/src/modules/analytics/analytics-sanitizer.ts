import { ANALYTICS_PROP_KEYS } from '@smena/contract';

/** How far a device's clock may be trusted: older events are moved up, future ones back. */
export const MAX_EVENT_AGE_MS = 7 * 24 * 3_600_000;
export const MAX_EVENT_LEAD_MS = 5 * 60_000;

const ALLOWED_PROP_KEYS: ReadonlySet<string> = new Set(ANALYTICS_PROP_KEYS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^\d+$/;

/** A route pattern: every segment of digits or a UUID becomes `:id`, so no record id is kept. */
export function normalizeRoute(route: string): string {
  return route
    .split('/')
    .map((segment) => (DIGITS.test(segment) || UUID.test(segment) ? ':id' : segment))
    .join('/');
}

/**
 * A string that may be a person's data or a secret even under an allowed key: an email, a phone
 * number (seven digits or more), a JWT. Defence in depth: the SPA never sends such values.
 */
function looksPersonal(value: string): boolean {
  if (value.includes('@')) return true;
  if ((value.match(/\d/g)?.length ?? 0) >= 7) return true;
  return /^eyJ[\w-]*\.[\w-]+\./.test(value);
}

/** Only the keys of ANALYTICS_PROP_KEYS with harmless scalar values survive. */
export function pickProps(
  props: Record<string, string | number | boolean> | undefined,
): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  if (!props) return kept;
  for (const [key, value] of Object.entries(props)) {
    if (!ALLOWED_PROP_KEYS.has(key)) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    if (typeof value === 'string' && looksPersonal(value)) continue;
    kept[key] = value;
  }
  return kept;
}

/** The device's time, kept within [now − 7 days, now + 5 minutes]. */
export function clampOccurredAt(occurredAt: string, nowMs: number): Date {
  const ms = Date.parse(occurredAt);
  const earliest = nowMs - MAX_EVENT_AGE_MS;
  const latest = nowMs + MAX_EVENT_LEAD_MS;
  if (Number.isNaN(ms)) return new Date(nowMs);
  return new Date(Math.min(latest, Math.max(earliest, ms)));
}
