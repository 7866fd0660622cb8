/** Plain `yyyy-MM-dd` arithmetic for the wishes editor (UTC days: no zone, no DST). */

const WEEKDAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;
const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function plusDays(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (toUtc(date).getUTCDay() + 6) % 7;
}

export function weekdayLabel(date: string): string {
  return WEEKDAYS[weekdayIndex(date)]!;
}

/** The Monday of the date's week. */
export function mondayOf(date: string): string {
  return plusDays(date, -weekdayIndex(date));
}

/** «3 декабря». */
export function dayMonth(date: string): string {
  const value = toUtc(date);
  return `${value.getUTCDate()} ${MONTHS[value.getUTCMonth()]}`;
}

/** The seven dates of the week that starts on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => plusDays(monday, index));
}

/** «30 ноября — 6 декабря». */
export function weekTitle(monday: string): string {
  return `${dayMonth(monday)} — ${dayMonth(plusDays(monday, 6))}`;
}
