import type { Dashboard } from '@smena/contract';
import { weekdayIndex } from '@smena/time';

const WEEKDAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;
const WEEKDAYS_LONG = [
  'понедельник',
  'вторник',
  'среда',
  'четверг',
  'пятница',
  'суббота',
  'воскресенье',
] as const;

/** `dd.MM` of a `yyyy-MM-dd` date: short enough for a chart axis of 14 dates. */
export function shortDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}`;
}

/** «пн» … «вс». */
export function weekdayShort(date: string): string {
  return WEEKDAYS[weekdayIndex(date)] ?? '';
}

/** «понедельник» … «воскресенье». */
export function weekdayLong(date: string): string {
  return WEEKDAYS_LONG[weekdayIndex(date)] ?? '';
}

/** The full date of a chart's tooltip: `2026-03-18, ср`. */
export function tooltipDate(date: string): string {
  return `${date}, ${weekdayShort(date)}`;
}

/**
 * `HH:mm` of an instant the server wrote with the branch's offset (`2026-03-18T09:20:00+03:00`):
 * the wall time of the branch, whatever the viewer's zone.
 */
export function wallTime(iso: string): string {
  return iso.slice(11, 16);
}

/** Minutes east of UTC written in an ISO instant (`+05:00` → 300, `Z` → 0); null when absent. */
function offsetMinutesOf(iso: string): number | null {
  if (iso.endsWith('Z')) return 0;
  const match = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * «UTC+5» when the branch's offset at that instant differs from the viewer's (the interface guide:
 * a time in another zone says so), else null.
 */
export function zoneNote(iso: string, viewerOffsetMinutes?: number): string | null {
  const offset = offsetMinutesOf(iso);
  if (offset === null) return null;
  const viewer = viewerOffsetMinutes ?? -new Date(Date.parse(iso)).getTimezoneOffset();
  if (offset === viewer) return null;
  const sign = offset < 0 ? '−' : '+';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The initials of «Фамилия Имя» for an avatar. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** Nothing to show yet: no plans, no checks and nobody away over the whole fortnight. */
export function isDashboardEmpty(dashboard: Dashboard): boolean {
  return (
    dashboard.latestChecks.length === 0 &&
    dashboard.today.onDayOff === 0 &&
    dashboard.today.present === 0 &&
    dashboard.days.every((day) => day.planned === 0 && day.present === 0)
  );
}

/** A share in whole percent, 0 when there is nothing to share. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}
