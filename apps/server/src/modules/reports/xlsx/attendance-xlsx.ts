import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  DayOffTypeSchema,
  HOURS_MINUTES_UNIT,
  dayOffTypeLabels,
  type AttendanceReportRow,
  type AttendanceSummary,
} from '@smena/contract';
import { drained } from '../../../lib/file-download.ts';
import { HOURS_FORMAT, russianDate, timeValue } from './xlsx-common.ts';

/** The attendance report as the service streams it: totals are complete after the pages. */
export type AttendanceXlsxReport = {
  from: string;
  to: string;
  pages: AsyncIterable<AttendanceReportRow[]>;
  totals: () => AttendanceSummary;
};

const COUNT_FORMAT = '#,##0';

type Column = {
  header: string;
  width: number;
  numFmt?: string;
  value: (summary: AttendanceSummary) => number;
};

/** Hours as time cells, «Ч:ММ» like the timesheet: the totals row is the exact sum. */
const hours = (minutes: number) => timeValue(minutes);
const H = HOURS_MINUTES_UNIT;

/** Every figure of a summary, in the order of the columns; employee columns come first. */
const FIGURES: Column[] = [
  { header: 'План, дней', width: 9, value: (s) => s.plannedDays },
  { header: `План, ${H}`, width: 9, numFmt: HOURS_FORMAT, value: (s) => hours(s.plannedMinutes) },
  { header: 'Отработано, дней', width: 11, value: (s) => s.workedDays },
  {
    header: `Отработано, ${H}`,
    width: 11,
    numFmt: HOURS_FORMAT,
    value: (s) => hours(s.workedMinutes),
  },
  { header: 'Опозданий', width: 10, value: (s) => s.lateCount },
  { header: 'Опоздания, мин', width: 11, numFmt: COUNT_FORMAT, value: (s) => s.lateMinutes },
  { header: 'Ранних уходов', width: 10, value: (s) => s.earlyLeaveCount },
  {
    header: 'Ранние уходы, мин',
    width: 11,
    numFmt: COUNT_FORMAT,
    value: (s) => s.earlyLeaveMinutes,
  },
  ...DayOffTypeSchema.options.map((type): Column => ({
    header: `${dayOffTypeLabels[type]}, дней`,
    width: 11,
    value: (s) => s.absenceDays[type] ?? 0,
  })),
  { header: 'Неявки без причины (НН), дней', width: 13, value: (s) => s.absentDays },
  {
    header: `Сверхурочно, ${H}`,
    width: 11,
    numFmt: HOURS_FORMAT,
    value: (s) => hours(s.overtimeMinutes),
  },
  { header: `Ночные, ${H}`, width: 9, numFmt: HOURS_FORMAT, value: (s) => hours(s.nightMinutes) },
  { header: 'Работа в выходные, дней', width: 12, value: (s) => s.dayOffWorkDays },
  {
    header: `Работа в выходные, ${H}`,
    width: 12,
    numFmt: HOURS_FORMAT,
    value: (s) => hours(s.dayOffWorkMinutes),
  },
  {
    header: `Работа в праздники, ${H}`,
    width: 12,
    numFmt: HOURS_FORMAT,
    value: (s) => hours(s.holidayWorkMinutes),
  },
];

const EMPLOYEE_COLUMNS = [
  { header: 'Сотрудник', width: 32 },
  { header: 'Табельный №', width: 12 },
  { header: 'Отдел', width: 22 },
  { header: 'Должность', width: 22 },
];

const TITLE_ROW = 1;
const HEADER_ROW = 3;
const LAST_COLUMN = EMPLOYEE_COLUMNS.length + FIGURES.length;

const FONT: Partial<ExcelJS.Font> = { name: 'Arial', size: 9 };
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FFBFBFBF' } };
const GRID: Partial<ExcelJS.Borders> = { top: THIN, bottom: THIN, left: THIN, right: THIN };

function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function figureCells(row: ExcelJS.Row, summary: AttendanceSummary, bold: boolean) {
  FIGURES.forEach((figure, i) => {
    const cell = row.getCell(EMPLOYEE_COLUMNS.length + 1 + i);
    cell.value = figure.value(summary);
    cell.style = {
      font: bold ? { ...FONT, bold: true } : FONT,
      border: GRID,
      ...(figure.numFmt ? { numFmt: figure.numFmt } : {}),
    };
  });
}

/**
 * Streams the attendance report as a plain table: one row per employee, committed at once, then
 * a bold totals row. Resolves when the file is complete.
 */
export async function writeAttendanceXlsx(
  output: Writable,
  report: AttendanceXlsxReport,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Smena';
  const sheet = workbook.addWorksheet('Посещаемость', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW }],
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.3, right: 0.3, top: 0.4, bottom: 0.4, header: 0.2, footer: 0.2 },
      printTitlesRow: `${HEADER_ROW}:${HEADER_ROW}`,
    },
  });
  sheet.columns = [...EMPLOYEE_COLUMNS, ...FIGURES].map((column) => ({ width: column.width }));

  const title = sheet.getRow(TITLE_ROW);
  title.getCell(1).value =
    `Отчёт по посещаемости с ${russianDate(report.from)} по ${russianDate(report.to)}`;
  title.getCell(1).font = { ...FONT, size: 12, bold: true };
  title.height = 18;
  const head = sheet.getRow(HEADER_ROW);
  [...EMPLOYEE_COLUMNS, ...FIGURES].forEach((column, i) => {
    const cell = head.getCell(i + 1);
    cell.value = column.header;
    cell.style = {
      font: { ...FONT, bold: true },
      alignment: { horizontal: 'center', vertical: 'middle', wrapText: true },
      fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } },
      border: GRID,
    };
  });
  head.height = 40;
  head.commit();

  const textStyle: Partial<ExcelJS.Style> = { font: FONT, border: GRID };
  let next = HEADER_ROW + 1;
  for await (const page of report.pages) {
    for (const employee of page) {
      const row = sheet.getRow(next);
      [
        employee.name,
        employee.personnelNumber,
        employee.departmentTitle,
        employee.positionTitle,
      ].forEach((value, i) => {
        const cell = row.getCell(i + 1);
        cell.value = value;
        cell.style = textStyle;
      });
      figureCells(row, employee, false);
      row.commit();
      next += 1;
    }
    if (!(await drained(output))) return;
  }
  const lastDataRow = next - 1;

  const totals = sheet.getRow(next);
  totals.getCell(1).value = 'Итого';
  for (let column = 1; column <= EMPLOYEE_COLUMNS.length; column++)
    totals.getCell(column).style = { font: { ...FONT, bold: true }, border: GRID };
  figureCells(totals, report.totals(), true);
  totals.commit();

  if (lastDataRow > HEADER_ROW)
    sheet.autoFilter = `A${HEADER_ROW}:${columnLetter(LAST_COLUMN)}${lastDataRow}`;
  sheet.commit();
  await workbook.commit();
}
