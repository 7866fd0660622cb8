import {
  ACCOUNTING_PERIOD_LABELS,
  formatHoursMinutes,
  type SummarizedPeriod,
  timesheetCodeInfo,
  timesheetCodeTable,
  type TimesheetCode,
  type TimesheetEntry,
} from '@smena/contract';
import { toIsoInZone, weekdayIndex } from '@smena/time';
import { MONTH_NAMES_GENITIVE } from '@smena/contract';

const WEEKDAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;

/** «пн» … «вс» of a `yyyy-MM-dd` date. */
export function weekdayOf(date: string): string {
  return WEEKDAYS[weekdayIndex(date)] ?? '';
}

export { monthTitle } from '@smena/contract';

/** «пн, 4 мая 2026». */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${weekdayOf(date)}, ${day} ${MONTH_NAMES_GENITIVE[month - 1] ?? ''} ${year}`;
}

/**
 * `HH:mm` of an instant. The server writes instants with the branch's offset, so the wall time
 * written in the string is the branch's; an instant in UTC is shown in `fallbackZone`.
 */
export function wallTimeOf(iso: string, fallbackZone: string): string {
  if (/[+-]\d{2}:\d{2}$/.test(iso)) return iso.slice(11, 16);
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  try {
    return toIsoInZone(ms, fallbackZone).slice(11, 16);
  } catch {
    return new Date(ms).toISOString().slice(11, 16);
  }
}

// ---------- T-13 codes ----------

/** The colour family of a code in the grid and the legend. */
export type CodeTone =
  'work' | 'night' | 'extra' | 'vacation' | 'sick' | 'timeoff' | 'rest' | 'absent' | 'other';

const TONES: Record<TimesheetCode, CodeTone> = {
  Я: 'work',
  Н: 'night',
  РВ: 'extra',
  С: 'extra',
  ВМ: 'work',
  К: 'work',
  ПК: 'work',
  ПМ: 'work',
  ОТ: 'vacation',
  ОД: 'vacation',
  У: 'vacation',
  УВ: 'work',
  УД: 'vacation',
  Р: 'vacation',
  ОЖ: 'vacation',
  ДО: 'timeoff',
  ОЗ: 'timeoff',
  ДБ: 'timeoff',
  Б: 'sick',
  Т: 'sick',
  ЛЧ: 'work',
  ПВ: 'absent',
  Г: 'other',
  ПР: 'absent',
  НС: 'work',
  В: 'rest',
  ОВ: 'timeoff',
  НВ: 'timeoff',
  ЗБ: 'other',
  НН: 'absent',
  РП: 'other',
  НП: 'other',
  ВП: 'other',
  НО: 'other',
  НБ: 'other',
  НЗ: 'other',
};

export function codeTone(code: TimesheetCode): CodeTone {
  return TONES[code] ?? 'other';
}

/**
 * Codes counted in hours: work of every kind, shortened time and downtime. Absences (ОТ, Б, В,
 * НВ…) are counted in days, and their hours line stays empty (docs/LABOUR-RULES.md).
 */
const HOURLY_CODES = new Set<TimesheetCode>([
  'Я',
  'Н',
  'РВ',
  'С',
  'ВМ',
  'К',
  'ПК',
  'ПМ',
  'УВ',
  'ЛЧ',
  'НС',
  'РП',
  'НП',
  'ВП',
]);

export function isHourlyCode(code: TimesheetCode): boolean {
  return HOURLY_CODES.has(code);
}

/** «Я/Н». */
export function codesLine(entries: readonly TimesheetEntry[]): string {
  return entries.map((entry) => entry.code).join('/');
}

/*
 * Hours are written «Ч:ММ» («7:30», «66:40») by `formatHoursMinutes`, as in the xlsx: exact, so a
 * total shown is the sum of the cells shown.
 */

/** [«6:00», «2:00»]: the hours of the entries that have them (none for ОТ, Б, В …). */
export function hoursParts(entries: readonly TimesheetEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.minutes === null ? [] : [formatHoursMinutes(entry.minutes)],
  );
}

/** «6:00/2:00», like the hours line of the paper form; empty when no entry has hours. */
export function hoursLine(entries: readonly TimesheetEntry[]): string {
  return hoursParts(entries).join('/');
}

/** «Я 6:00, Н 2:00» / «ОТ» for labels and tooltips. */
export function entriesText(entries: readonly TimesheetEntry[]): string {
  if (entries.length === 0) return 'нет данных';
  return entries
    .map((entry) =>
      entry.minutes === null ? entry.code : `${entry.code} ${formatHoursMinutes(entry.minutes)}`,
    )
    .join(', ');
}

/** «Я — Работа в дневное время». */
export function codeLabel(code: TimesheetCode): string {
  return timesheetCodeInfo[code]?.label ?? code;
}

/** The codes met in a timesheet, in the form's order. */
export function codesInUse(days: Iterable<readonly TimesheetEntry[]>): TimesheetCode[] {
  const seen = new Set<TimesheetCode>();
  for (const entries of days) for (const entry of entries) seen.add(entry.code);
  return timesheetCodeTable.map((row) => row.code).filter((code) => seen.has(code));
}

/** Options of the code select: «Я (01) — Работа в дневное время». */
export const codeOptions = timesheetCodeTable.map((row) => ({
  value: row.code,
  label: `${row.code} (${row.number}) — ${row.label}`,
}));

/** «21 дн., 168:00». */
export function daysHoursText(total: { days: number; minutes: number }): string {
  return `${total.days} дн., ${formatHoursMinutes(total.minutes)}`;
}

/** «1 сотрудник», «3 сотрудника», «25 сотрудников». */
export function employeesCount(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  const word =
    tens >= 11 && tens <= 14
      ? 'сотрудников'
      : ones === 1
        ? 'сотрудник'
        : ones >= 2 && ones <= 4
          ? 'сотрудника'
          : 'сотрудников';
  return `${count} ${word}`;
}

/**
 * Summarized accounting (art. 104, decision 030) in a line: before the period's end the hours to
 * date against the norm to date; at its end the period's overtime.
 */
export function summarizedLine(period: SummarizedPeriod): string {
  const h = formatHoursMinutes;
  const label = `Суммированный учёт, ${ACCOUNTING_PERIOD_LABELS[period.period].toLowerCase()}`;
  if (period.closed)
    return (
      `${label}: отработано ${h(period.workedMinutes)} при норме ${h(period.normMinutes)}, ` +
      `сверхурочные ${h(period.overtimeMinutes)}`
    );
  return (
    `${label} по ${period.asOf}: отработано ${h(period.workedMinutes)}, ` +
    `план ${h(period.plannedMinutes)}, норма ${h(period.normMinutes)}`
  );
}
