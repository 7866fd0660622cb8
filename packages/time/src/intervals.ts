/**
 * Intervals of time in epoch ms, start included and end excluded — the shape shifts and check
 * intervals share (`PlannedShift` is one). Used by attendance: worked time is the union of check
 * intervals, night time is the part between 22:00 and 06:00 local (art. 96 ТК РФ).
 */
import {
  type LocalDate,
  type WallTime,
  addDays,
  eachDate,
  fromDayNumber,
  wallTimeToMinutes,
} from './dates.ts';
import { localDayNumberOf, wallTimeToMs } from './zone.ts';

export interface Interval {
  startMs: number;
  endMs: number;
}

const MINUTE_MS = 60_000;

/** Minutes from one instant to another (negative when `endMs` is earlier); not rounded. */
export function minutesBetween(startMs: number, endMs: number): number {
  return (endMs - startMs) / MINUTE_MS;
}

export function isEmptyInterval(interval: Interval): boolean {
  return interval.endMs <= interval.startMs;
}

/** Whether two intervals share time; touching ones (one ends as the other starts) do not. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs && !isEmptyInterval(a) && !isEmptyInterval(b);
}

export function intersection(a: Interval, b: Interval): Interval | null {
  const startMs = Math.max(a.startMs, b.startMs);
  const endMs = Math.min(a.endMs, b.endMs);
  return endMs > startMs ? { startMs, endMs } : null;
}

/** The union as sorted, disjoint intervals; touching intervals merge, empty ones vanish. */
export function unionIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .filter((interval) => !isEmptyInterval(interval))
    .map(({ startMs, endMs }) => ({ startMs, endMs }))
    .sort((a, b) => a.startMs - b.startMs);
  const union: Interval[] = [];
  for (const interval of sorted) {
    const last = union[union.length - 1];
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs);
    else union.push(interval);
  }
  return union;
}

/** The parts of the intervals inside `bounds`, as a union. */
export function clipIntervals(intervals: readonly Interval[], bounds: Interval): Interval[] {
  return unionIntervals(intervals)
    .map((interval) => intersection(interval, bounds))
    .filter((interval): interval is Interval => interval !== null);
}

/** Minutes covered by the intervals, time covered twice counted once; not rounded. */
export function totalMinutes(intervals: readonly Interval[]): number {
  return unionIntervals(intervals).reduce(
    (sum, interval) => sum + minutesBetween(interval.startMs, interval.endMs),
    0,
  );
}

export interface NightWindow {
  start: WallTime;
  end: WallTime;
}

/** Art. 96 ТК РФ: night is 22:00 to 06:00. */
export const NIGHT_WINDOW: NightWindow = { start: '22:00', end: '06:00' };

/** The night windows (local wall times, real instants) that touch the days from `from` to `to`. */
export function nightIntervals(
  from: LocalDate,
  to: LocalDate,
  timezone: string,
  window: NightWindow = NIGHT_WINDOW,
): Interval[] {
  const endsNextDay = wallTimeToMinutes(window.end) <= wallTimeToMinutes(window.start);
  return eachDate(from, to).map((date) => ({
    startMs: wallTimeToMs(date, window.start, timezone),
    endMs: wallTimeToMs(endsNextDay ? addDays(date, 1) : date, window.end, timezone),
  }));
}

/**
 * Real minutes of [startMs, endMs) that fall in the night (22:00–06:00 local by default); a DST
 * change inside the night counts as it happened (a fall-back night has 9 hours). Not rounded.
 */
export function nightMinutes(
  startMs: number,
  endMs: number,
  timezone: string,
  window: NightWindow = NIGHT_WINDOW,
): number {
  if (endMs <= startMs) return 0;
  // The night that started the evening before the first date may still be running.
  const from = localDayNumberOf(startMs, timezone) - 1;
  const to = localDayNumberOf(endMs, timezone);
  let minutes = 0;
  for (let day = from; day <= to; day++) {
    const night = nightOf(day, timezone, window);
    const partStart = Math.max(night.startMs, startMs);
    const partEnd = Math.min(night.endMs, endMs);
    if (partEnd > partStart) minutes += minutesBetween(partStart, partEnd);
  }
  return minutes;
}

const nights = new Map<string, Map<number, Interval>>();
const NIGHT_MEMO_LIMIT = 20_000;

/** The night window starting on a civil date (by day number); memoized for the default window. */
function nightOf(day: number, timezone: string, window: NightWindow): Interval {
  const compute = () =>
    nightIntervals(fromDayNumber(day), fromDayNumber(day), timezone, window)[0]!;
  if (window !== NIGHT_WINDOW) return compute();
  let byDay = nights.get(timezone);
  if (!byDay) nights.set(timezone, (byDay = new Map()));
  let night = byDay.get(day);
  if (!night) {
    night = compute();
    if (byDay.size >= NIGHT_MEMO_LIMIT) byDay.clear();
    byDay.set(day, night);
  }
  return night;
}
