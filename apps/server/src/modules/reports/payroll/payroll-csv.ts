import type { Writable } from 'node:stream';
import { drained } from '../../../lib/file-download.ts';
import {
  PAYROLL_COLUMNS,
  type PayrollFileInput,
  type PayrollValue,
  decimalHours,
  payrollHead,
} from './payroll-table.ts';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * CSV as Russian Excel opens it with a double click and 1С:ЗУП loads it: UTF-8 with a byte order
 * mark (else Excel reads cp1251), `;` between fields (a comma is the decimal separator there),
 * CRLF line ends, hours with a decimal comma.
 */
const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/** A field that would break the line or the field, or lose its edges, is quoted. */
const NEEDS_QUOTES = /[";\r\n]|^\s|\s$/;
/**
 * A text starting like a formula is run by a spreadsheet (CSV injection): names come from the
 * people themselves, so such a text gets a leading apostrophe and stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvValue(value: PayrollValue): string {
  switch (value.kind) {
    case 'text':
      return value.value === null ? '' : csvField(value.value);
    case 'days':
      return String(value.value);
    case 'hours':
      return decimalHours(value.minutes).toFixed(2).replace('.', ',');
  }
}

const line = (fields: string[]) => fields.join(SEPARATOR) + LINE_END;

/** Streams the payroll CSV: the head rows, an empty line, the headers, a line per employee. */
export async function writePayrollCsv(output: Writable, input: PayrollFileInput): Promise<void> {
  let chunk = BOM;
  for (const [label, value] of payrollHead(input, input.periodStatus))
    chunk += line([csvField(label), csvField(value)]);
  chunk += LINE_END;
  chunk += line(PAYROLL_COLUMNS.map((column) => csvField(column.header)));
  output.write(chunk);
  for await (const page of input.pages) {
    let lines = '';
    for (const row of page)
      lines += line(PAYROLL_COLUMNS.map((column) => csvValue(column.value(row))));
    output.write(lines);
    if (!(await drained(output))) return;
  }
  output.end();
}
