/**
 * Hours are written as time: the value is a fraction of a day and the format shows hours and
 * minutes, so 450 minutes print as 7:30, totals past a day as 66:40, and Excel sums them exactly.
 */
export const HOURS_FORMAT = '[h]:mm';

/** Minutes as the value of a cell in `HOURS_FORMAT`. */
export function timeValue(minutes: number): number {
  return minutes / 1440;
}

/** `yyyy-MM-dd` as `dd.MM.yyyy`, the way Russian documents write dates. */
export function russianDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}
