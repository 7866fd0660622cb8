/**
 * The payroll export's table, one definition for both files: the head rows, the columns with
 * their stable Russian headers, and how each value is written. Every column is described for
 * accountants in docs/payroll-export.md — change the two together.
 */
import { type TimesheetCode, timesheetCodeTable } from '@smena/contract';
import type { PayrollPages, PayrollRow, PayrollScope } from '../reports.service.ts';

/** Text as it is; a count of days; hours as minutes (each file writes them its way). */
export type PayrollValue =
  | { kind: 'text'; value: string | null }
  | { kind: 'days'; value: number }
  | { kind: 'hours'; minutes: number };

export type PayrollColumn = {
  header: string;
  /** Width in characters in the xlsx. */
  width: number;
  value: (row: PayrollRow) => PayrollValue;
};

const text = (value: string | null): PayrollValue => ({ kind: 'text', value });
const days = (value: number): PayrollValue => ({ kind: 'days', value });
const hours = (minutes: number): PayrollValue => ({ kind: 'hours', minutes });

function codeColumns(code: TimesheetCode): PayrollColumn[] {
  return [
    { header: `${code}, дней`, width: 7, value: (row) => days(row.codes[code]?.days ?? 0) },
    { header: `${code}, часов`, width: 8, value: (row) => hours(row.codes[code]?.minutes ?? 0) },
  ];
}

/**
 * The columns, in order. The headers are the file's interface with 1С and with accountants'
 * spreadsheets: they never change; new figures go at the end.
 */
export const PAYROLL_COLUMNS: readonly PayrollColumn[] = [
  { header: 'Табельный номер', width: 12, value: (row) => text(row.personnelNumber) },
  { header: 'ФИО', width: 32, value: (row) => text(row.name) },
  { header: 'Отдел', width: 22, value: (row) => text(row.departmentTitle) },
  { header: 'Должность', width: 22, value: (row) => text(row.positionTitle) },
  { header: 'Отработано, дней', width: 11, value: (row) => days(row.worked.days) },
  { header: 'Отработано, часов', width: 11, value: (row) => hours(row.worked.minutes) },
  { header: 'Ночные, часов', width: 10, value: (row) => hours(row.nightMinutes) },
  {
    header: 'В нерабочие праздники, часов',
    width: 13,
    value: (row) => hours(row.holidayMinutes),
  },
  { header: 'Сверхурочные, часов', width: 12, value: (row) => hours(row.overtimeMinutes) },
  ...timesheetCodeTable.flatMap((entry) => codeColumns(entry.code)),
];

/** Hours with two decimals, as payroll counts them: 7 h 20 min → 7.33. */
export function decimalHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** Whose employees the file holds, in words. */
export function scopeText(scope: PayrollScope): string {
  const units = [
    scope.branchTitle === null ? null : `филиал «${scope.branchTitle}»`,
    scope.departmentTitle === null ? null : `отдел «${scope.departmentTitle}»`,
    scope.employeeName === null ? null : `сотрудник ${scope.employeeName}`,
  ].filter((part): part is string => part !== null);
  const filtered = units.length > 0 ? units.join(', ') : 'вся компания';
  const text = scope.limitedToManager
    ? `${filtered} — только сотрудники в зоне ответственности менеджера`
    : filtered;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the head of the file says about the month. */
export type PayrollHeadInput = Pick<PayrollPages, 'companyTitle' | 'from' | 'to' | 'scope'>;

/**
 * The head rows, label and value: the company, the period, whose employees and — when the
 * caller knows it — the month's approval status («Статус периода»). The status is given by
 * whoever owns the month's approval; without it the row is left out rather than guessed.
 */
export function payrollHead(
  input: PayrollHeadInput,
  periodStatus?: string,
): [label: string, value: string][] {
  const rows: [string, string][] = [
    ['Организация', input.companyTitle],
    ['Период', `${input.from} — ${input.to}`],
    ['Сотрудники', scopeText(input.scope)],
  ];
  if (periodStatus !== undefined) rows.push(['Статус периода', periodStatus]);
  return rows;
}

/** What both writers take. */
export type PayrollFileInput = PayrollHeadInput & {
  pages: AsyncIterable<PayrollRow[]>;
  /** The month's approval status, when known (see `payrollHead`). */
  periodStatus?: string | undefined;
};
