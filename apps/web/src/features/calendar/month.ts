import { MONTH_NAMES_GENITIVE } from '@smena/contract';

/** Weekday headers, weeks start on Monday. */
export const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

/** A month as `YYYY-MM`. */
export type MonthKey = string;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonthKey(value: string): boolean {
  const match = MONTH_RE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= 2000 && year <= 2100;
}

export type MonthDay = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** 1…31. */
  day: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  weekdayLabel: string;
  /** Saturday or Sunday (the production calendar may say otherwise). */
  isWeekend: boolean;
};

export type MonthRange = {
  month: MonthKey;
  year: number;
  /** 1…12. */
  monthNumber: number;
  from: string;
  to: string;
  days: MonthDay[];
};

const pad = (value: number) => String(value).padStart(2, '0');

function parseMonth(month: MonthKey): { year: number; monthNumber: number } {
  const match = MONTH_RE.exec(month);
  if (!match) throw new Error(`Not a month: ${month}`);
  return { year: Number(match[1]), monthNumber: Number(match[2]) };
}

/** First and last day of a month and every day between, with Monday-first weekdays. */
export function monthRange(month: MonthKey): MonthRange {
  const { year, monthNumber } = parseMonth(month);
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const days: MonthDay[] = [];
  for (let day = 1; day <= length; day++) {
    // getUTCDay: 0 = Sunday; shift so that Monday is 0.
    const weekday = (new Date(Date.UTC(year, monthNumber - 1, day)).getUTCDay() + 6) % 7;
    days.push({
      date: `${year}-${pad(monthNumber)}-${pad(day)}`,
      day,
      weekday,
      weekdayLabel: WEEKDAY_SHORT[weekday] ?? '',
      isWeekend: weekday >= 5,
    });
  }
  return {
    month,
    year,
    monthNumber,
    from: days[0]?.date ?? '',
    to: days[days.length - 1]?.date ?? '',
    days,
  };
}

export { monthTitle } from '@smena/contract';

/** The month of a `YYYY-MM-DD` date. */
export function monthOf(date: string): MonthKey {
  return date.slice(0, 7);
}

/** «пт, 6 ноября 2026» for the cell editor's title. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return `${(WEEKDAY_SHORT[weekday] ?? '').toLowerCase()}, ${day} ${MONTH_NAMES_GENITIVE[month - 1] ?? ''} ${year}`;
}
