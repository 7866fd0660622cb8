import type { CountryCalendar, FieldError, UpdateCountryCalendarInput } from '@smena/contract';
import { isApiError } from '../../lib/api-error.ts';
import { isWeekendDate } from './year-days.ts';

/** What the super admin makes of a date; NORMAL is a plain Monday–Friday / Saturday–Sunday day. */
export type DateMark = 'HOLIDAY' | 'TRANSFERRED' | 'WORKING_WEEKEND' | 'SHORTENED' | 'NORMAL';

export const DATE_MARKS: readonly DateMark[] = [
  'HOLIDAY',
  'TRANSFERRED',
  'WORKING_WEEKEND',
  'SHORTENED',
  'NORMAL',
];

export const dateMarkLabels: Record<DateMark, string> = {
  HOLIDAY: 'Праздник',
  TRANSFERRED: 'Перенесённый выходной',
  WORKING_WEEKEND: 'Рабочий выходной',
  SHORTENED: 'Сокращённый день',
  NORMAL: 'Обычный день',
};

/** The four lists of the API, by name. */
export const LIST_NAMES = [
  'holidays',
  'transferredDaysOff',
  'workingWeekendDays',
  'shortenedDays',
] as const;
export type ListName = (typeof LIST_NAMES)[number];
export type CalendarLists = Record<ListName, string[]>;

export type CalendarDraft = CalendarLists & { provisional: boolean; source: string };

export function draftOf(calendar: CountryCalendar): CalendarDraft {
  return {
    provisional: calendar.provisional,
    source: calendar.source,
    holidays: [...calendar.holidays].sort(),
    transferredDaysOff: [...calendar.transferredDaysOff].sort(),
    workingWeekendDays: [...calendar.workingWeekendDays].sort(),
    shortenedDays: [...calendar.shortenedDays].sort(),
  };
}

/**
 * The mark of every date that is not plain. When a date is in several lists, the stronger one
 * shows, in the order the server counts them: a holiday, then a transfer, then a shortened day
 * (a shortened Saturday is also a working one), then a working weekend day.
 */
export function marksOf(lists: CalendarLists): Map<string, DateMark> {
  const marks = new Map<string, DateMark>();
  for (const date of lists.workingWeekendDays) marks.set(date, 'WORKING_WEEKEND');
  for (const date of lists.shortenedDays) marks.set(date, 'SHORTENED');
  for (const date of lists.transferredDaysOff) marks.set(date, 'TRANSFERRED');
  for (const date of lists.holidays) marks.set(date, 'HOLIDAY');
  return marks;
}

/** Why a mark does not fit a date (the server's rule, said before the request), or null. */
export function markProblem(date: string, mark: DateMark): string | null {
  const weekend = isWeekendDate(date);
  if (mark === 'TRANSFERRED' && weekend) return 'только будний день';
  if (mark === 'WORKING_WEEKEND' && !weekend) return 'только суббота или воскресенье';
  return null;
}

/** The lists with `date` made `mark`; a shortened Saturday or Sunday is also a working one. */
export function setMark(lists: CalendarLists, date: string, mark: DateMark): CalendarLists {
  const next = {} as CalendarLists;
  for (const name of LIST_NAMES) next[name] = lists[name].filter((item) => item !== date);
  const add = (name: ListName) => {
    next[name] = [...next[name], date].sort();
  };
  if (mark === 'HOLIDAY') add('holidays');
  else if (mark === 'TRANSFERRED') add('transferredDaysOff');
  else if (mark === 'WORKING_WEEKEND') add('workingWeekendDays');
  else if (mark === 'SHORTENED') {
    add('shortenedDays');
    if (isWeekendDate(date)) add('workingWeekendDays');
  }
  return next;
}

/** The PUT body: lists sorted without repeats, the source trimmed. */
export function toUpdateInput(draft: CalendarDraft): UpdateCountryCalendarInput {
  const clean = (dates: string[]) => [...new Set(dates)].sort();
  return {
    provisional: draft.provisional,
    source: draft.source.trim(),
    holidays: clean(draft.holidays),
    transferredDaysOff: clean(draft.transferredDaysOff),
    workingWeekendDays: clean(draft.workingWeekendDays),
    shortenedDays: clean(draft.shortenedDays),
  };
}

export function isSameDraft(a: CalendarDraft, b: CalendarDraft): boolean {
  return JSON.stringify(toUpdateInput(a)) === JSON.stringify(toUpdateInput(b));
}

/** Dates whose mark differs between the saved calendar and the draft. */
export function changedDates(
  saved: ReadonlyMap<string, DateMark>,
  draft: ReadonlyMap<string, DateMark>,
): Set<string> {
  const changed = new Set<string>();
  for (const [date, mark] of draft) if (saved.get(date) !== mark) changed.add(date);
  for (const date of saved.keys()) if (!draft.has(date)) changed.add(date);
  return changed;
}

export type SaveErrors = {
  /** The server's message for each date it refused (`holidays.3` → that list's 4th date). */
  byDate: Map<string, string>;
  /** Errors of fields other than the dates and the source (shown as text). */
  other: string[];
};

/** Spreads the server's field errors of a PUT over the dates that were sent. */
export function saveErrorsOf(error: unknown, input: UpdateCountryCalendarInput): SaveErrors {
  const byDate = new Map<string, string>();
  const other: string[] = [];
  const details: FieldError[] = isApiError(error) ? (error.details ?? []) : [];
  for (const detail of details) {
    const [list, index] = detail.field.split('.');
    const dates = LIST_NAMES.includes(list as ListName) ? input[list as ListName] : undefined;
    const date = dates && index !== undefined ? dates[Number(index)] : undefined;
    if (date) {
      if (!byDate.has(date)) byDate.set(date, detail.message);
    } else if (detail.field !== 'source') other.push(detail.message);
  }
  return { byDate, other };
}

/**
 * The fixed-date holidays of another year moved to `year` (1 January, 8 March…): most countries'
 * holidays repeat, while transfers and shortened days differ every year and are left out.
 */
export function holidaysFromYear(holidays: readonly string[], year: number): string[] {
  const moved = holidays
    .map((date) => `${year}${date.slice(4)}`)
    .filter((date) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const check = new Date(Date.UTC(y, m - 1, d));
      // 29 February of a leap year has no match in a common one.
      return check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
    });
  return [...new Set(moved)].sort();
}
