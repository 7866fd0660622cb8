import type { DayOff, DayOffStatus, DayOffType } from '@smena/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../../lib/dates.ts';

/** Days from `from` to `to`, both included (0 when the range is reversed or not a date). */
export function periodDays(from: string, to: string): number {
  const start = dayjs(from, DATE_FORMAT);
  const end = dayjs(to, DATE_FORMAT);
  if (!start.isValid() || !end.isValid()) return 0;
  // Whole calendar days, not hours: a DST change must not lose or add one.
  const days = Math.round(end.startOf('day').diff(start.startOf('day'), 'day', true)) + 1;
  return Math.max(days, 0);
}

/** «14 дн.», or with holidays left out of a vacation «14 дн. + 1 праздн.». */
export function daysLabel(count: { days: number; holidays: number }): string {
  return count.holidays > 0 ? `${count.days} дн. + ${count.holidays} праздн.` : `${count.days} дн.`;
}

const holidayWords = {
  one: 'нерабочий праздник',
  few: 'нерабочих праздника',
  many: 'нерабочих праздников',
};

/** «1 нерабочий праздник в отпуск не входит (ст. 120 ТК РФ)», for a hint or a tooltip. */
export function holidaysNote(holidays: number): string {
  const category = new Intl.PluralRules('ru-RU').select(holidays);
  const word =
    category === 'one'
      ? holidayWords.one
      : category === 'few'
        ? holidayWords.few
        : holidayWords.many;
  const verb = category === 'one' ? 'не входит' : 'не входят';
  return `${holidays} ${word} в отпуск ${verb} (ст. 120 ТК РФ)`;
}

/** «2026-07-01 — 2026-07-14 (14 дн.)»; one day reads «2026-07-01 (1 дн.)». */
export function periodLabel(
  from: string,
  to: string,
  count: { days: number; holidays: number } = { days: periodDays(from, to), holidays: 0 },
): string {
  const range = from === to ? from : `${from} — ${to}`;
  return `${range} (${daysLabel(count)})`;
}

export const dayOffTypeColors: Record<DayOffType, string> = {
  VACATION: 'blue',
  SICKLEAVE: 'orange',
  HOLIDAY: 'red',
  DISMISSED: 'purple',
  WEEKEND: 'default',
};

export const dayOffStatusColors: Record<DayOffStatus, string> = {
  REQUESTED: 'gold',
  APPROVED: 'green',
  REJECTED: 'default',
};

/** Types an employee may ask for themselves. */
export const REQUESTABLE_DAY_OFF_TYPES: readonly DayOffType[] = [
  'VACATION',
  'DISMISSED',
  'SICKLEAVE',
];

/** The default period of the list: from the start of last month to the end of next month. */
export function defaultPeriod(today: Dayjs = dayjs()): { from: string; to: string } {
  return {
    from: today.subtract(1, 'month').startOf('month').format(DATE_FORMAT),
    to: today.add(1, 'month').endOf('month').format(DATE_FORMAT),
  };
}

/** «Вся компания» for a company-wide entry. */
export function dayOffSubject(dayOff: Pick<DayOff, 'employeeId' | 'employeeName'>): string {
  if (dayOff.employeeId === null) return 'Вся компания';
  return dayOff.employeeName ?? 'Сотрудник удалён';
}

function plural(count: number, forms: [string, string, string]): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}

/** «N записей» under the list. */
export function recordsLabel(total: number): string {
  return `${total} ${plural(total, ['запись', 'записи', 'записей'])}`;
}

/** The hint under a form's dates: «14 дн., обе даты включительно», holidays of a vacation said. */
export function periodExtra(count: { days: number; holidays: number } | null): string {
  if (!count || count.days + count.holidays === 0) return 'Обе даты включительно';
  if (count.holidays === 0) return `${count.days} дн., обе даты включительно`;
  return `${count.days} дн. отпуска: ${holidaysNote(count.holidays)}. Обе даты включительно`;
}
