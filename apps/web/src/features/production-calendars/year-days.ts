import { MONTH_NAMES } from '@smena/contract';

/** Weekday headers, weeks start on Monday. */
export const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

const WEEKDAY_LONG = [
  'понедельник',
  'вторник',
  'среда',
  'четверг',
  'пятница',
  'суббота',
  'воскресенье',
] as const;

export type YearDate = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** 1…31. */
  day: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  isWeekend: boolean;
};

export type YearMonth = {
  /** 1…12. */
  month: number;
  title: string;
  /** Empty cells before the 1st in a Monday-first week. */
  leading: number;
  days: YearDate[];
};

const pad = (value: number) => String(value).padStart(2, '0');

/** 0 = Monday … 6 = Sunday of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 = Sunday; shift so that Monday is 0.
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

export function isWeekendDate(date: string): boolean {
  return weekdayOf(date) >= 5;
}

/** «среда» — for the date menu's title. */
export function weekdayName(date: string): string {
  return WEEKDAY_LONG[weekdayOf(date)] ?? '';
}

/** The twelve months of a year, each with its dates and Monday-first offset. */
export function yearMonths(year: number): YearMonth[] {
  return MONTH_NAMES.map((title, index) => {
    const month = index + 1;
    const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const days: YearDate[] = [];
    for (let day = 1; day <= length; day++) {
      const date = `${year}-${pad(month)}-${pad(day)}`;
      const weekday = weekdayOf(date);
      days.push({ date, day, weekday, isWeekend: weekday >= 5 });
    }
    return { month, title, leading: days[0]?.weekday ?? 0, days };
  });
}
