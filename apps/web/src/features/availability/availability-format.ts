import { availabilityKindLabels, type AvailabilityMark } from '@smena/contract';

/**
 * Dates (plain `yyyy-MM-dd` arithmetic in UTC days: no zone, no DST) and marks as the wishes
 * editor and card show them.
 */

const WEEKDAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;

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

/** The seven dates of the week that starts on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => plusDays(monday, index));
}

/** «2026-11-30 — 2026-12-06». */
export function weekTitle(monday: string): string {
  return `${monday} — ${plusDays(monday, 6)}`;
}

/** A mark in a few words: «Не могу 10:00–14:00: к врачу». */
export function describeMark(mark: AvailabilityMark): string {
  const hours = mark.start && mark.end ? ` ${mark.start}–${mark.end}` : '';
  const comment = mark.comment ? `: ${mark.comment}` : '';
  return `${availabilityKindLabels[mark.kind]}${hours}${comment}`;
}
