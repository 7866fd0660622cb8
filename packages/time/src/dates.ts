/**
 * Civil dates ('yyyy-MM-dd') and wall-clock times ('HH:mm') as plain strings.
 * Date arithmetic here is calendar arithmetic only (no time zone is involved), done on UTC
 * midnights so that it is exact and fast; everything zone-related lives in zone.ts.
 */

/** A civil date, `yyyy-MM-dd`. */
export type LocalDate = string;
/** A wall-clock time of day, `HH:mm` (00:00–23:59). */
export type WallTime = string;

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isLocalDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isWallTime(value: string): boolean {
  return TIME_RE.test(value);
}

// Plans convert the same few dates again and again (every employee of a calendar page, the day
// before each date): small bounded memos make that a map lookup.
const MEMO_LIMIT = 50_000;
const dayNumbers = new Map<string, number>();
const dayStrings = new Map<number, LocalDate>();

/** Days since 1970-01-01 of a civil date; throws on a malformed or impossible date. */
export function toDayNumber(date: LocalDate): number {
  const cached = dayNumbers.get(date);
  if (cached !== undefined) return cached;
  const day = computeDayNumber(date);
  if (dayNumbers.size >= MEMO_LIMIT) dayNumbers.clear();
  dayNumbers.set(date, day);
  return day;
}

function computeDayNumber(date: LocalDate): number {
  if (!isLocalDate(date)) throw new RangeError(`Invalid date "${date}", expected yyyy-MM-dd`);
  const y = Number(date.slice(0, 4));
  const mo = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const utc = new Date(Date.UTC(2000, mo - 1, d));
  utc.setUTCFullYear(y);
  return Math.round(utc.getTime() / DAY_MS);
}

export function fromDayNumber(day: number): LocalDate {
  const cached = dayStrings.get(day);
  if (cached !== undefined) return cached;
  const date = computeDayString(day);
  if (dayStrings.size >= MEMO_LIMIT) dayStrings.clear();
  dayStrings.set(day, date);
  return date;
}

function computeDayString(day: number): LocalDate {
  const utc = new Date(day * DAY_MS);
  const y = utc.getUTCFullYear();
  const mo = utc.getUTCMonth() + 1;
  const d = utc.getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Day of the week, 0 = Monday … 6 = Sunday (weeks start on Monday in Russia). */
export function weekdayIndex(date: LocalDate): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((toDayNumber(date) + 3) % 7) + 7) % 7;
}

export function isWeekend(date: LocalDate): boolean {
  return weekdayIndex(date) >= 5;
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function eachDate(from: LocalDate, to: LocalDate): LocalDate[] {
  const start = toDayNumber(from);
  const end = toDayNumber(to);
  const dates: LocalDate[] = [];
  for (let day = start; day <= end; day++) dates.push(fromDayNumber(day));
  return dates;
}

/** Minutes since midnight of an `HH:mm` time; throws on a malformed one. */
export function wallTimeToMinutes(time: WallTime): number {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Invalid time "${time}", expected HH:mm`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export function minutesToWallTime(minutes: number): WallTime {
  const m = ((Math.trunc(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * Length in minutes of a wall-clock span that starts on one day: an `end` at or before `start`
 * ends on the next day (so '09:00'–'09:00' is 24 h). Wall minutes, before any DST effect.
 */
export function wallSpanMinutes(start: WallTime, end: WallTime): number {
  const s = wallTimeToMinutes(start);
  const e = wallTimeToMinutes(end);
  return e > s ? e - s : e + 1440 - s;
}
