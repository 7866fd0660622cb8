// Month names for people: the web's switchers, cards and tables, and the server's notifications.
// No zod here (the calendar and the reports read it on their first render).

/** Month names as titles: «Ноябрь 2026» in switchers, month cards and tables. */
export const MONTH_NAMES = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
] as const;

/** Month names after a day or «Норма»: «6 ноября 2026», «Норма ноября». */
export const MONTH_NAMES_GENITIVE = [
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

/** «Май 2026» of `2026-05`. */
export function monthTitle(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[number - 1] ?? ''} ${year}`;
}

/** The month (`yyyy-MM`) `delta` months away: ‹ and › of month switchers. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
