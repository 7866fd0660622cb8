/**
 * Wall clock ↔ instant conversion in an IANA time zone. The zone data and the conversion are
 * luxon's (Intl under the hood, so the same on the server and in the browser); this file only
 * fixes the two DST rules the engine promises:
 * - a wall time that does not exist (spring forward) moves forward by the length of the gap
 *   (02:30 → 03:30), as RFC 5545 and Temporal's 'compatible' mode do;
 * - an ambiguous wall time (fall back) is the first occurrence (luxon alone may pick the second).
 */
import { DateTime, IANAZone } from 'luxon';
import {
  type LocalDate,
  type WallTime,
  fromDayNumber,
  toDayNumber,
  wallTimeToMinutes,
} from './dates.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A moment in time: ISO 8601 with the zone's offset (`2026-01-12T09:00:00+03:00`) and epoch ms. */
export interface Instant {
  iso: string;
  ms: number;
}

const zones = new Map<string, IANAZone>();

export function isValidTimeZone(timezone: string): boolean {
  return IANAZone.isValidZone(timezone);
}

/** The zone object for an IANA name; throws a RangeError for an unknown zone. */
export function getZone(timezone: string): IANAZone {
  let zone = zones.get(timezone);
  if (!zone) {
    if (!IANAZone.isValidZone(timezone)) throw new RangeError(`Unknown time zone "${timezone}"`);
    zone = IANAZone.create(timezone);
    zones.set(timezone, zone);
  }
  return zone;
}

// Plans re-convert the same wall times (the day before for overnight shifts, the night window of
// every day); a small bounded memo keeps the property tests and long ranges fast.
const memo = new Map<string, number>();
const MEMO_LIMIT = 20_000;

/** Epoch ms of a wall-clock time on a civil date in a zone (see the DST rules above). */
export function wallTimeToMs(date: LocalDate, time: WallTime, timezone: string): number {
  const key = `${timezone}|${date}|${time}`;
  const cached = memo.get(key);
  if (cached !== undefined) return cached;
  const zone = getZone(timezone);
  const minutes = wallTimeToMinutes(time);
  // The wall time read as if it were UTC; the real instant is this minus the zone's offset.
  const wallMs = toDayNumber(date) * DAY_MS + minutes * MINUTE_MS;
  const dt = DateTime.fromMillis(wallMs, { zone: 'utc' }).setZone(zone, { keepLocalTime: true });
  let ms = dt.toMillis();
  // A day earlier the zone may have had a larger offset (before a fall-back transition): if that
  // offset also yields this wall time, it is the first occurrence.
  const earlierOffset = zone.offset(ms - DAY_MS);
  if (earlierOffset > dt.offset) {
    const candidate = wallMs - earlierOffset * MINUTE_MS;
    if (candidate < ms && zone.offset(candidate) === earlierOffset) ms = candidate;
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, ms);
  return ms;
}

const isoMemo = new Map<string, string>();

/** ISO 8601 with the zone's offset at that moment, seconds precision (`2026-03-29T03:30:00+02:00`). */
export function toIsoInZone(ms: number, timezone: string): string {
  // Shifts of many employees start at the same instants: formatting (an Intl call) once is enough.
  const key = `${timezone}|${ms}`;
  const cached = isoMemo.get(key);
  if (cached !== undefined) return cached;
  const iso = DateTime.fromMillis(ms, { zone: getZone(timezone) }).toISO({
    suppressMilliseconds: true,
  });
  if (iso === null) throw new RangeError(`Cannot format instant ${ms}`);
  if (isoMemo.size >= MEMO_LIMIT) isoMemo.clear();
  isoMemo.set(key, iso);
  return iso;
}

export function wallTimeToInstant(date: LocalDate, time: WallTime, timezone: string): Instant {
  const ms = wallTimeToMs(date, time, timezone);
  return { iso: toIsoInZone(ms, timezone), ms };
}

/**
 * The civil date of an instant in a zone: the date whose first instant (its local midnight, or
 * the end of a DST gap at midnight) is the last one at or before `ms`. The midnights come from
 * the memo of wallTimeToMs, so reports that ask this for every check avoid an Intl call each.
 */
export function localDateOf(ms: number, timezone: string): LocalDate {
  return fromDayNumber(localDayNumberOf(ms, timezone));
}

/** `localDateOf` as a day number (see `toDayNumber`). */
export function localDayNumberOf(ms: number, timezone: string): number {
  if (!Number.isFinite(ms)) throw new RangeError(`Cannot format instant ${ms}`);
  // Offsets are within ±18 h: the UTC date is at most a day away from the local one.
  let day = Math.floor(ms / DAY_MS);
  while (midnightMs(day, timezone) > ms) day--;
  while (midnightMs(day + 1, timezone) <= ms) day++;
  return day;
}

// Attendance asks for the midnights of the same few dates for every check of a month: a numeric
// memo per zone saves building a string key each time.
const midnights = new Map<string, Map<number, number>>();

/** The first instant of a civil date (by day number) in a zone: its local midnight. */
export function midnightMs(day: number, timezone: string): number {
  let byDay = midnights.get(timezone);
  if (!byDay) {
    getZone(timezone);
    midnights.set(timezone, (byDay = new Map()));
  }
  let ms = byDay.get(day);
  if (ms === undefined) {
    ms = wallTimeToMs(fromDayNumber(day), '00:00', timezone);
    if (byDay.size >= MEMO_LIMIT) byDay.clear();
    byDay.set(day, ms);
  }
  return ms;
}
