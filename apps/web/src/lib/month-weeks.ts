import { MONTH_NAMES_GENITIVE } from '@smena/contract';

/** A Monday-to-Sunday week of a month, cut to the month's own dates (`yyyy-MM-dd`). */
export type MonthWeek = {
  /** The month's dates of the week, in order (1–7 of them). */
  dates: string[];
  /** 0 = Monday … 6 = Sunday: where the first date stands in a seven-day row. */
  firstWeekday: number;
};

/** 0 = Monday … 6 = Sunday of a `yyyy-MM-dd` date. */
export function weekdayIndex(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return (new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay() + 6) % 7;
}

/** The weeks of a month given its dates in order: phones show a month one week at a time. */
export function monthWeeks(dates: readonly string[]): MonthWeek[] {
  const weeks: MonthWeek[] = [];
  for (const date of dates) {
    const weekday = weekdayIndex(date);
    const current = weeks.at(-1);
    if (!current || weekday === 0) weeks.push({ dates: [date], firstWeekday: weekday });
    else current.dates.push(date);
  }
  return weeks;
}

/** The week holding a date, or the first week when the date is not in the month. */
export function weekIndexOf(weeks: readonly MonthWeek[], date: string): number {
  const index = weeks.findIndex((week) => week.dates.includes(date));
  return index < 0 ? 0 : index;
}

/** «16–22 ноября», «30 ноября», «1–6 декабря»: a week's dates as a person says them. */
export function weekTitle(week: MonthWeek): string {
  const first = week.dates[0];
  const last = week.dates.at(-1);
  if (!first || !last) return '';
  const month = MONTH_NAMES_GENITIVE[Number(first.slice(5, 7)) - 1] ?? '';
  const from = Number(first.slice(8, 10));
  const to = Number(last.slice(8, 10));
  return from === to ? `${from} ${month}` : `${from}–${to} ${month}`;
}
