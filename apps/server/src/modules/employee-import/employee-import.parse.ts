import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  CreateEmployeeInputSchema,
  EMPLOYEE_IMPORT_BRANCH_SEPARATOR,
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_MAX_ROWS,
  ErrorCode,
  INVALID_CHARACTER_MESSAGE,
  hasInvalidCharacter,
  type EmployeeImportField,
  type FieldError,
} from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';

/**
 * The pure half of the import (decision 018): bytes → header and rows → typed values with Russian
 * messages. Nothing here reads the database; the service matches the rows with the company.
 */

/** One data row as read from the file: the spreadsheet's row number and its cells as text. */
export type RawRow = { line: number; cells: string[] };
export type Sheet = { headers: string[]; rows: RawRow[] };

/** A row's values after validation; a field whose column is absent from the file is undefined. */
export type ParsedRow = {
  line: number;
  /** What the preview shows: normalised when valid, else as typed. */
  shown: Record<EmployeeImportField, string>;
  lastName: string;
  firstName: string;
  middleName: string | undefined;
  personnelNumber: string | null | undefined;
  phone: string;
  email: string;
  branches: string[] | undefined;
  department: string | null | undefined;
  position: string | null | undefined;
  hireDate: string | null | undefined;
  errors: FieldError[];
};

export type ColumnMap = {
  /** Index of each known column in the file. */
  indexOf: Partial<Record<EmployeeImportField, number>>;
  missingRequired: string[];
  ignored: string[];
};

function fileError(message: string): AppError {
  return new AppError(ErrorCode.VALIDATION_ERROR, message, [{ field: 'file', message }]);
}

// ---------- Reading the file ----------

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLD_EXCEL_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/** Reads an xlsx or a CSV file; refuses an old .xls, an empty file and too many rows with 422. */
export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  if (bytes.length === 0) throw fileError('Файл пустой');
  if (startsWith(bytes, OLD_EXCEL_MAGIC)) {
    throw fileError('Файлы .xls не поддерживаются: сохраните его в Excel как .xlsx или CSV');
  }
  const sheet = startsWith(bytes, ZIP_MAGIC) ? await readXlsx(bytes) : readCsv(bytes);
  if (sheet.headers.every((header) => header === '')) {
    throw fileError('В файле нет строки заголовков: скачайте шаблон и заполните его');
  }
  if (sheet.rows.length === 0) throw fileError('В файле нет ни одного сотрудника');
  if (sheet.rows.length > EMPLOYEE_IMPORT_MAX_ROWS) {
    throw fileError(
      `В файле ${sheet.rows.length} строк, а за один раз можно загрузить не больше ${EMPLOYEE_IMPORT_MAX_ROWS.toLocaleString('ru-RU')}: разделите его на части`,
    );
  }
  return sheet;
}

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Windows-1251. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/** `;` (what Russian Excel writes) or `,`: whichever the header line has more of, outside quotes. */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

function readCsv(bytes: Uint8Array): Sheet {
  const text = decodeText(bytes);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch {
    throw fileError(
      'Не удалось прочитать CSV: проверьте кавычки и разделители или загрузите .xlsx',
    );
  }
  const [header = [], ...data] = records;
  return {
    headers: header.map((cell) => cell.trim()),
    // The row's number is the record's: a CSV opened in Excel shows the same numbers.
    rows: data
      .map((cells, index) => ({ line: index + 2, cells: cells.map((cell) => cell.trim()) }))
      .filter((row) => row.cells.some((cell) => cell !== '')),
  };
}

async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError('Не удалось прочитать файл Excel: сохраните его заново как .xlsx');
  }
  const worksheet = workbook.worksheets.find((sheet) => sheet.state !== 'hidden');
  if (!worksheet) throw fileError('В файле нет листов');
  let headers: string[] = [];
  const rows: RawRow[] = [];
  let dateColumn = -1;
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as unknown[];
    if (headers.length === 0) {
      headers = values.slice(1).map((value) => cellText(value, false));
      dateColumn = headers.findIndex((header) => columnKeyOf(header) === 'hireDate');
      return;
    }
    const cells = values.slice(1).map((value, index) => cellText(value, index === dateColumn));
    if (cells.some((cell) => cell !== '')) rows.push({ line: rowNumber, cells });
  });
  return { headers, rows };
}

/** Days between Excel's day zero (1899-12-30, counting its phantom 1900-02-29) and 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25569;
const DAY_MS = 86_400_000;

function isoDateOfUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A cell as text. Dates (typed or a serial number in the date column) become yyyy-MM-dd; whole
 * numbers (phones, personnel numbers typed as numbers) lose nothing; links and formulas give the
 * text they show.
 */
export function cellText(value: unknown, isDateColumn: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') {
    if (isDateColumn && Number.isInteger(value) && value > 0 && value < 100_000) {
      return isoDateOfUtc(new Date((value - EXCEL_EPOCH_OFFSET_DAYS) * DAY_MS));
    }
    return Number.isInteger(value) ? value.toFixed(0) : String(value);
  }
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  // Excel stores a date as a day; ExcelJS hands it over as that day's UTC midnight.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDateOfUtc(value);
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if (cell.text !== undefined) return cellText(cell.text, isDateColumn);
    if (cell.result !== undefined) return cellText(cell.result, isDateColumn);
  }
  return '';
}

// ---------- Columns ----------

function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[*\s._-]+/g, '');
}

const KEY_BY_HEADER = new Map<string, EmployeeImportField>(
  EMPLOYEE_IMPORT_COLUMNS.flatMap((column) =>
    [column.header, ...column.aliases].map((name) => [headerKey(name), column.key] as const),
  ),
);

function columnKeyOf(header: string): EmployeeImportField | undefined {
  return KEY_BY_HEADER.get(headerKey(header));
}

/** Finds the known columns by their Russian headers (case, «ё», spaces and `*` aside). */
export function mapColumns(headers: string[]): ColumnMap {
  const indexOf: ColumnMap['indexOf'] = {};
  const ignored: string[] = [];
  headers.forEach((header, index) => {
    if (header === '') return;
    const key = columnKeyOf(header);
    if (key && indexOf[key] === undefined) indexOf[key] = index;
    else ignored.push(header);
  });
  const missingRequired = EMPLOYEE_IMPORT_COLUMNS.filter(
    (column) => column.required && indexOf[column.key] === undefined,
  ).map((column) => column.header);
  return { indexOf, missingRequired, ignored };
}

// ---------- Values ----------

/** yyyy-MM-dd as is; dd.MM.yyyy (and d.M.yyyy) converted; anything else left for the error. */
export function normalizeDate(text: string): string {
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) {
    const [, day, month, year] = dotted;
    return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  }
  return text;
}

/** Branch titles of one cell: separated by `;` or line breaks. */
export function splitBranches(text: string): string[] {
  const titles = text
    .split(new RegExp(`[${EMPLOYEE_IMPORT_BRANCH_SEPARATOR}\\n\\r]+`))
    .map(cleanTitle)
    .filter((title) => title !== '');
  return [...new Set(titles)];
}

/** A title as the company would type it: spaces trimmed and collapsed. */
export function cleanTitle(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** How titles are compared: case aside. */
export function titleKey(title: string): string {
  return cleanTitle(title).toLowerCase();
}

const fields = CreateEmployeeInputSchema.shape;

/** What the rows are read against: the phone code of the company's country (`7`), if known. */
export type ParseContext = { phoneCode?: string | null };

const NATIONAL_DIGITS = 10;

/**
 * Spreadsheets often hold Russian numbers without the country code (`9123456789`), which the
 * form's normaliser would read as `+9123456789`. A number of ten digits without «+» gets the code
 * of the company's country when that code is 7 (Russia, Kazakhstan: ten-digit national numbers);
 * elsewhere the row asks for the full number instead of guessing.
 */
export function withCountryCode(text: string, context: ParseContext): string | null {
  if (text.trim().startsWith('+')) return text;
  const digits = text.replace(/\D/g, '');
  if (digits.length !== NATIONAL_DIGITS) return text;
  return context.phoneCode?.replace(/\D/g, '') === '7' ? `+7${digits}` : null;
}
const DATE_FORMAT_MESSAGE = 'Дата в формате ГГГГ-ММ-ДД или ДД.ММ.ГГГГ';
const TITLE_MAX = 200;

/**
 * Validates one row with the schemas of the employee form (one home for names, email, phone,
 * personnel number and hire date), so an imported employee is one the form would accept.
 */
export function parseRow(row: RawRow, columns: ColumnMap, context: ParseContext = {}): ParsedRow {
  const errors: FieldError[] = [];
  const raw = (key: EmployeeImportField): string | undefined => {
    const index = columns.indexOf[key];
    return index === undefined ? undefined : (row.cells[index] ?? '');
  };
  const shown = Object.fromEntries(
    EMPLOYEE_IMPORT_COLUMNS.map((column) => [column.key, raw(column.key) ?? '']),
  ) as Record<EmployeeImportField, string>;

  for (const column of EMPLOYEE_IMPORT_COLUMNS) {
    if (hasInvalidCharacter(shown[column.key])) {
      errors.push({ field: column.key, message: INVALID_CHARACTER_MESSAGE });
      shown[column.key] = '';
    }
  }
  function check<T>(
    key: EmployeeImportField,
    schema: { safeParse(v: unknown): unknown },
    value: unknown,
  ): T | undefined {
    const result = schema.safeParse(value) as
      { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
    if (result.success) return result.data;
    errors.push({
      field: key,
      message: result.error.issues[0]?.message ?? 'Некорректное значение',
    });
    return undefined;
  }

  const lastName = check<string>('lastName', fields.lastName, shown.lastName) ?? '';
  const firstName = check<string>('firstName', fields.firstName, shown.firstName) ?? '';
  const middleName =
    raw('middleName') === undefined
      ? undefined
      : (check<string>('middleName', fields.middleName, shown.middleName) ?? '');
  const fullPhone = withCountryCode(shown.phone, context);
  if (fullPhone === null) {
    errors.push({
      field: 'phone',
      message: 'Укажите номер с кодом страны, например +375 29 123-45-67',
    });
  }
  const phone = fullPhone === null ? '' : (check<string>('phone', fields.phone, fullPhone) ?? '');
  if (phone) shown.phone = phone;
  const email = check<string>('email', fields.email, shown.email) ?? '';
  if (email) shown.email = email;
  const personnelNumber =
    raw('personnelNumber') === undefined
      ? undefined
      : (check<string | null>('personnelNumber', fields.personnelNumber, shown.personnelNumber) ??
        null);

  let hireDate: string | null | undefined;
  if (raw('hireDate') !== undefined) {
    hireDate = null;
    if (shown.hireDate !== '') {
      const converted = normalizeDate(shown.hireDate);
      const result = fields.hireDate.safeParse(converted);
      if (result.success) {
        hireDate = result.data;
        shown.hireDate = converted;
      } else {
        const issue = result.error.issues[0]?.message;
        errors.push({
          field: 'hireDate',
          message: /^\d{4}-\d{2}-\d{2}$/.test(converted) && issue ? issue : DATE_FORMAT_MESSAGE,
        });
      }
    }
  }

  const titleOf = (key: 'department' | 'position'): string | null | undefined => {
    if (raw(key) === undefined) return undefined;
    const title = cleanTitle(shown[key]);
    if (title.length > TITLE_MAX) {
      errors.push({ field: key, message: `Не длиннее ${TITLE_MAX} символов` });
      return null;
    }
    return title === '' ? null : title;
  };
  const department = titleOf('department');
  const position = titleOf('position');
  let branches: string[] | undefined;
  if (raw('branches') !== undefined) {
    branches = splitBranches(shown.branches);
    if (branches.some((title) => title.length > TITLE_MAX)) {
      errors.push({ field: 'branches', message: `Не длиннее ${TITLE_MAX} символов` });
      branches = [];
    }
  }

  return {
    line: row.line,
    shown,
    lastName,
    firstName,
    middleName,
    personnelNumber,
    phone,
    email,
    branches,
    department,
    position,
    hireDate,
    errors,
  };
}

const DUPLICATE_LABELS = {
  email: 'Этот email',
  phone: 'Этот телефон',
  personnelNumber: 'Этот табельный номер',
} as const;

/** Adds «повторяется в строках …» to every row sharing an email, phone or personnel number. */
export function markDuplicates(rows: ParsedRow[]): void {
  for (const field of ['email', 'phone', 'personnelNumber'] as const) {
    const linesByValue = new Map<string, number[]>();
    for (const row of rows) {
      const value = row[field];
      if (!value) continue;
      const key = value.toLowerCase();
      const lines = linesByValue.get(key);
      if (lines) lines.push(row.line);
      else linesByValue.set(key, [row.line]);
    }
    for (const row of rows) {
      const value = row[field];
      if (!value) continue;
      const lines = linesByValue.get(value.toLowerCase())!;
      if (lines.length < 2) continue;
      const others = lines.filter((line) => line !== row.line);
      row.errors.push({
        field,
        message: `${DUPLICATE_LABELS[field]} повторяется в ${others.length > 1 ? 'строках' : 'строке'} ${others.join(', ')}`,
      });
    }
  }
}

/** The whole pure pass: columns, rows, duplicates inside the file. */
export function parseSheet(
  sheet: Sheet,
  context: ParseContext = {},
): {
  columns: ColumnMap;
  rows: ParsedRow[];
} {
  const columns = mapColumns(sheet.headers);
  if (columns.missingRequired.length > 0) {
    throw fileError(
      `В файле нет ${columns.missingRequired.length > 1 ? 'столбцов' : 'столбца'} ${columns.missingRequired.map((name) => `«${name}»`).join(', ')}: скачайте шаблон и заполните его`,
    );
  }
  const rows = sheet.rows.map((row) => parseRow(row, columns, context));
  markDuplicates(rows);
  return { columns, rows };
}
