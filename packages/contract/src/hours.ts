/*
 * Hours as the timesheet (T-13) and the reports print them: hours and minutes, «Ч:ММ». Time is
 * kept in whole minutes, so this is exact, and a printed total always equals the sum of the
 * printed cells (decimal hours rounded to 0,1 did not add up: 8 × 8,3 + 7,7 ≠ 74,3).
 */

/** What the hours are written in, for column heads and legends. */
export const HOURS_MINUTES_UNIT = 'ч:мм';

/** The legend's explanation of the unit, the same on the page and in the file. */
export const HOURS_MINUTES_NOTE = 'Часы указаны в формате ч:мм (7:30 — 7 часов 30 минут)';

/** The legend's word on night hours beside РВ (docs/timesheet-rules.md). */
export const NIGHT_INSIDE_RV_NOTE =
  'На дате с кодом РВ часы Н — ночная часть часов Я и РВ: к отработанному они не прибавляются';

/** «7:30», «8:00», «0:05», «66:40» of minutes (rounded to a whole minute). */
export function formatHoursMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const size = Math.abs(whole);
  const text = `${Math.floor(size / 60)}:${String(size % 60).padStart(2, '0')}`;
  return whole < 0 ? `-${text}` : text;
}

/** Minutes of a «Ч:ММ» text, the inverse of `formatHoursMinutes`; null when it is not one. */
export function parseHoursMinutes(text: string): number | null {
  const match = /^(-?)(\d+):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] ? -minutes : minutes;
}
