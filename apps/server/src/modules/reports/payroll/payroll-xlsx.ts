import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { drained } from '../../../lib/file-download.ts';
import {
  PAYROLL_COLUMNS,
  type PayrollFileInput,
  type PayrollValue,
  decimalHours,
  payrollHead,
} from './payroll-table.ts';

/** Decimal hours as payroll counts them; Russian Excel shows the comma. */
export const DECIMAL_HOURS_FORMAT = '0.00';

const FONT: Partial<ExcelJS.Font> = { name: 'Arial', size: 9 };
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FFBFBFBF' } };
const GRID: Partial<ExcelJS.Borders> = { top: THIN, bottom: THIN, left: THIN, right: THIN };
const TEXT: Partial<ExcelJS.Style> = { font: FONT, border: GRID, numFmt: '@' };
const DAYS: Partial<ExcelJS.Style> = { font: FONT, border: GRID, numFmt: '0' };
const HOURS: Partial<ExcelJS.Style> = { font: FONT, border: GRID, numFmt: DECIMAL_HOURS_FORMAT };

function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function setValue(cell: ExcelJS.Cell, value: PayrollValue) {
  switch (value.kind) {
    case 'text':
      cell.value = value.value;
      cell.style = TEXT;
      return;
    case 'days':
      cell.value = value.value;
      cell.style = DAYS;
      return;
    case 'hours':
      // The value itself is rounded, as in the CSV: 1С loads what the cell holds.
      cell.value = decimalHours(value.minutes);
      cell.style = HOURS;
  }
}

/**
 * Streams the payroll table as one sheet: the head rows, an empty row, the headers, a row per
 * employee committed at once (memory stays flat whatever the number of employees).
 */
export async function writePayrollXlsx(output: Writable, input: PayrollFileInput): Promise<void> {
  const head = payrollHead(input, input.periodStatus);
  const headerRow = head.length + 2;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Smena';
  const sheet = workbook.addWorksheet('Для зарплаты', {
    views: [{ state: 'frozen', xSplit: 2, ySplit: headerRow }],
  });
  sheet.columns = PAYROLL_COLUMNS.map((column) => ({ width: column.width }));

  head.forEach(([label, value], index) => {
    const row = sheet.getRow(index + 1);
    row.getCell(1).value = label;
    row.getCell(1).font = { ...FONT, bold: true };
    row.getCell(2).value = value;
    row.getCell(2).font = FONT;
    row.commit();
  });
  const headers = sheet.getRow(headerRow);
  PAYROLL_COLUMNS.forEach((column, index) => {
    const cell = headers.getCell(index + 1);
    cell.value = column.header;
    cell.style = {
      font: { ...FONT, bold: true },
      alignment: { horizontal: 'center', vertical: 'middle', wrapText: true },
      fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } },
      border: GRID,
    };
  });
  headers.height = 40;
  headers.commit();

  let next = headerRow + 1;
  for await (const page of input.pages) {
    for (const employee of page) {
      const row = sheet.getRow(next);
      PAYROLL_COLUMNS.forEach((column, index) =>
        setValue(row.getCell(index + 1), column.value(employee)),
      );
      row.commit();
      next += 1;
    }
    if (!(await drained(output))) return;
  }
  if (next > headerRow + 1)
    sheet.autoFilter = `A${headerRow}:${columnLetter(PAYROLL_COLUMNS.length)}${next - 1}`;
  sheet.commit();
  await workbook.commit();
}
