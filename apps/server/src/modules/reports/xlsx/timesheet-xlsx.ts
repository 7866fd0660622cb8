import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  HOURS_MINUTES_NOTE,
  NIGHT_INSIDE_RV_NOTE,
  HOURS_MINUTES_UNIT,
  formatHoursMinutes,
  timesheetCodeTable,
  type ReportCard,
  type ReportCardEmployee,
  type TimesheetCode,
  type TimesheetEntry,
} from '@smena/contract';
import { drained } from '../../../lib/file-download.ts';
import { HOURS_FORMAT, russianDate, timeValue } from './xlsx-common.ts';

/** What the timesheet knows before its employees: company, period, calendar, norm. */
export type TimesheetHeader = Omit<ReportCard, 'employees'>;

export type TimesheetMeta = {
  documentNumber: string;
  /** Date of drawing up, `yyyy-MM-dd`. */
  documentDate: string;
  /**
   * The month's approval (decision 022): status, who approved and when, for the unit of the
   * timesheet or the units approved; printed under the title.
   */
  approval?: string | undefined;
  /** Fills the «Ответственное лицо» line when known. */
  responsible?: { position: string | null; name: string } | undefined;
};

/*
 * The sheet follows the unified form T-13 (ОКУД 0301008). Columns:
 *   A № п/п · B ФИО, должность · C табельный номер · D–S sixteen day columns (1–15 and «Х» over
 *   16–31) · T отработано за половину месяца · U–V за месяц (дни, часы) · W–Z неявки по причинам
 *   (код, дни (часы), twice).
 * Every employee takes four rows: codes 1–15, hours 1–15, codes 16–end, hours 16–end.
 * Hours are time cells shown as «Ч:ММ» (see xlsx-common.ts), so every printed total is the sum of
 * the printed hours above it; a date with two timed codes is the text «6:00/2:00».
 *
 * The streaming writer checks each new merge against every earlier one, so merging the four rows
 * of 10,000 employees would be quadratic. Only the form's head is merged; an employee's A, B, C,
 * U and V cells look merged by leaving out the borders between their four rows instead.
 */
const COLUMN_WIDTHS = [
  4.5,
  25,
  8,
  ...Array.from({ length: 16 }, () => 4.1),
  8,
  5.5,
  6.5,
  4.5,
  6.5,
  4.5,
  6.5,
];
const COL = {
  number: 1,
  name: 2,
  personnelNumber: 3,
  firstDay: 4,
  halfMonth: 20,
  monthDays: 21,
  monthHours: 22,
  absences: 23,
} as const;
const LAST_COL = COLUMN_WIDTHS.length;
const DAY_COLUMNS = 16;
/** Absence slots: two (код, дни (часы)) pairs on each of the four rows. */
const ABSENCE_SLOTS = 8;

const HEAD_FIRST_ROW = 16;
const HEAD_LAST_ROW = 19;
const FIRST_EMPLOYEE_ROW = HEAD_LAST_ROW + 1;
const EMPLOYEE_ROW_HEIGHT = 11.5;
const ROW_HEIGHTS: Record<number, number> = {
  1: 10,
  2: 10,
  3: 10,
  4: 11,
  5: 12,
  6: 14,
  7: 9,
  8: 14,
  9: 9,
  10: 8,
  11: 11,
  12: 16,
  13: 14,
  14: 10,
  15: 6,
  16: 22,
  17: 14,
  18: 14,
  19: 10,
};

/** A4 landscape less the margins below, in points; the columns above fit it unscaled. */
const MARGINS = { left: 0.3, right: 0.3, top: 0.35, bottom: 0.45, header: 0.15, footer: 0.2 };
const PRINTABLE_HEIGHT = 595.3 - 72 * (MARGINS.top + MARGINS.bottom);

const FONT_NAME = 'Arial';
const font = (size: number, extra: Partial<ExcelJS.Font> = {}): Partial<ExcelJS.Font> => ({
  name: FONT_NAME,
  size,
  ...extra,
});
const THIN: Partial<ExcelJS.Border> = { style: 'thin' };

/** Borders by edge letters: 't', 'b', 'l', 'r'. */
function borders(edges: string): Partial<ExcelJS.Borders> {
  return {
    ...(edges.includes('t') ? { top: THIN } : {}),
    ...(edges.includes('b') ? { bottom: THIN } : {}),
    ...(edges.includes('l') ? { left: THIN } : {}),
    ...(edges.includes('r') ? { right: THIN } : {}),
  };
}

/** One style object per look, shared by every cell that has it. */
const styleCache = new Map<string, Partial<ExcelJS.Style>>();
function style(key: string, build: () => Partial<ExcelJS.Style>): Partial<ExcelJS.Style> {
  let found = styleCache.get(key);
  if (!found) {
    found = build();
    styleCache.set(key, found);
  }
  return found;
}

const headStyle = (size = 7) =>
  style(`head${size}`, () => ({
    font: font(size),
    alignment: { horizontal: 'center', vertical: 'middle', wrapText: true },
    border: borders('tblr'),
  }));

const gridStyle = (edges = 'tblr', size = 8) =>
  style(`grid-${edges}-${size}`, () => ({
    font: font(size),
    alignment: { horizontal: 'center', vertical: 'middle', shrinkToFit: true },
    border: borders(edges),
  }));

/** A grid cell of hours: a time value shown as «Ч:ММ». */
const hoursStyle = () => style('grid-hours', () => ({ ...gridStyle(), numFmt: HOURS_FORMAT }));

/** The four rows of a column that reads as one cell: borders only around the whole. */
const blockEdges = ['tlr', 'lr', 'lr', 'blr'] as const;
const blockStyle = (
  part: number,
  horizontal: 'left' | 'center',
  vertical: 'middle' | 'bottom',
  numFmt?: string,
) =>
  style(`block-${part}-${horizontal}-${vertical}-${numFmt ?? ''}`, () => ({
    ...(numFmt ? { numFmt } : {}),
    font: font(8),
    alignment: {
      horizontal,
      vertical,
      shrinkToFit: true,
      ...(horizontal === 'left' ? { indent: 1 } : {}),
    },
    border: borders(blockEdges[part] ?? 'lr'),
  }));

const textStyle = (size: number, extra: Partial<ExcelJS.Style> = {}, bold = false) =>
  style(`text-${size}-${bold}-${JSON.stringify(extra)}`, () => ({
    font: font(size, bold ? { bold: true } : {}),
    ...extra,
  }));

function put(
  row: ExcelJS.Row,
  column: number,
  value: ExcelJS.CellValue,
  cellStyle: Partial<ExcelJS.Style>,
) {
  const cell = row.getCell(column);
  cell.value = value;
  cell.style = cellStyle;
}

function columnLetter(column: number): string {
  return String.fromCharCode(64 + column);
}

function range(top: number, left: number, bottom: number, right: number): string {
  return `${columnLetter(left)}${top}:${columnLetter(right)}${bottom}`;
}

/** Writes a merged area with one value and gives every cell of it the style (borders show). */
function mergedText(
  sheet: ExcelJS.Worksheet,
  [top, left, bottom, right]: [number, number, number, number],
  value: ExcelJS.CellValue,
  cellStyle: Partial<ExcelJS.Style>,
) {
  for (let r = top; r <= bottom; r++)
    for (let c = left; c <= right; c++) sheet.getRow(r).getCell(c).style = cellStyle;
  if (bottom > top || right > left) sheet.mergeCells(range(top, left, bottom, right));
  sheet.getRow(top).getCell(left).value = value;
}

function writeFormHead(sheet: ExcelJS.Worksheet, header: TimesheetHeader, meta: TimesheetMeta) {
  const right = (size: number) =>
    textStyle(size, { alignment: { horizontal: 'right', vertical: 'middle' } });
  const caption = textStyle(6, { alignment: { horizontal: 'center', vertical: 'top' } });
  const underlined = (bold: boolean) =>
    textStyle(
      9,
      { alignment: { horizontal: 'center', vertical: 'bottom' }, border: borders('b') },
      bold,
    );
  const box = (bold = false, size = 8) =>
    style(`box-${bold}-${size}`, () => ({
      font: font(size, bold ? { bold: true } : {}),
      alignment: { horizontal: 'center', vertical: 'middle', wrapText: true },
      border: { top: { style: 'medium' }, bottom: { style: 'medium' }, left: THIN, right: THIN },
    }));

  const orgWidth = LAST_COL - 5;
  mergedText(sheet, [1, 18, 1, LAST_COL], 'Унифицированная форма № Т-13', right(7));
  mergedText(sheet, [2, 18, 2, LAST_COL], 'Утверждена постановлением Госкомстата России', right(7));
  mergedText(sheet, [3, 18, 3, LAST_COL], 'от 05.01.2004 № 1', right(7));
  mergedText(sheet, [4, LAST_COL - 1, 4, LAST_COL], 'Код', headStyle(8));
  mergedText(sheet, [5, orgWidth + 1, 5, LAST_COL - 2], 'Форма по ОКУД', right(8));
  mergedText(sheet, [5, LAST_COL - 1, 5, LAST_COL], '0301008', box(true));
  mergedText(sheet, [6, 1, 6, orgWidth], header.companyTitle, underlined(true));
  mergedText(sheet, [6, orgWidth + 1, 6, LAST_COL - 2], 'по ОКПО', right(8));
  mergedText(sheet, [6, LAST_COL - 1, 6, LAST_COL], '', box());
  mergedText(sheet, [7, 1, 7, orgWidth], '(наименование организации)', caption);
  mergedText(sheet, [8, 1, 8, orgWidth], header.departmentTitle ?? '—', underlined(false));
  mergedText(sheet, [9, 1, 9, orgWidth], '(наименование структурного подразделения)', caption);

  // The document box: number, date of drawing up, reporting period.
  const boxLeft = 11;
  mergedText(sheet, [11, boxLeft, 12, boxLeft + 2], 'Номер документа', headStyle());
  mergedText(sheet, [11, boxLeft + 3, 12, boxLeft + 5], 'Дата составления', headStyle());
  mergedText(sheet, [11, boxLeft + 6, 11, boxLeft + 9], 'Отчётный период', headStyle());
  mergedText(sheet, [12, boxLeft + 6, 12, boxLeft + 7], 'с', headStyle());
  mergedText(sheet, [12, boxLeft + 8, 12, boxLeft + 9], 'по', headStyle());
  mergedText(sheet, [13, boxLeft, 13, boxLeft + 2], meta.documentNumber, box(true, 9));
  mergedText(sheet, [13, boxLeft + 3, 13, boxLeft + 5], russianDate(meta.documentDate), box());
  mergedText(sheet, [13, boxLeft + 6, 13, boxLeft + 7], russianDate(header.from), box());
  mergedText(sheet, [13, boxLeft + 8, 13, boxLeft + 9], russianDate(header.to), box());
  const title = (size: number) =>
    textStyle(size, { alignment: { horizontal: 'right', vertical: 'middle' } }, true);
  mergedText(sheet, [12, 2, 12, boxLeft - 2], 'ТАБЕЛЬ', title(12));
  mergedText(sheet, [13, 2, 13, boxLeft - 2], 'учёта рабочего времени', title(9));
  const norm = `Норма рабочего времени за месяц при 40-часовой неделе: ${header.norm.days} дн., ${formatHoursMinutes(header.norm.minutes)} (${HOURS_MINUTES_UNIT})`;
  mergedText(
    sheet,
    [14, boxLeft, 14, LAST_COL],
    norm,
    textStyle(7, { alignment: { horizontal: 'left', vertical: 'middle' } }),
  );

  if (meta.approval) {
    mergedText(
      sheet,
      [14, 1, 14, boxLeft - 1],
      meta.approval,
      textStyle(7, { alignment: { horizontal: 'left', vertical: 'middle', wrapText: true } }),
    );
  }

  // The table head.
  const h = HEAD_FIRST_ROW;
  mergedText(sheet, [h, COL.number, h + 2, COL.number], 'Номер по порядку', headStyle(6));
  mergedText(
    sheet,
    [h, COL.name, h + 2, COL.name],
    'Фамилия, инициалы, должность (специальность, профессия)',
    headStyle(),
  );
  mergedText(
    sheet,
    [h, COL.personnelNumber, h + 2, COL.personnelNumber],
    'Табельный номер',
    headStyle(),
  );
  mergedText(
    sheet,
    [h, COL.firstDay, h, COL.firstDay + DAY_COLUMNS - 1],
    'Отметки о явках и неявках на работу по числам месяца',
    headStyle(),
  );
  mergedText(sheet, [h, COL.halfMonth, h, COL.monthHours], 'Отработано за', headStyle());
  mergedText(sheet, [h, COL.absences, h, LAST_COL], 'Неявки по причинам', headStyle());
  for (let i = 0; i < DAY_COLUMNS; i++) {
    put(sheet.getRow(h + 1), COL.firstDay + i, i < 15 ? i + 1 : 'Х', headStyle(8));
    put(sheet.getRow(h + 2), COL.firstDay + i, i + 16, headStyle(8));
  }
  mergedText(
    sheet,
    [h + 1, COL.halfMonth, h + 2, COL.halfMonth],
    'половину месяца (I, II)',
    headStyle(6),
  );
  mergedText(sheet, [h + 1, COL.monthDays, h + 1, COL.monthHours], 'месяц', headStyle());
  put(sheet.getRow(h + 2), COL.monthDays, 'дни', headStyle());
  put(sheet.getRow(h + 2), COL.monthHours, 'часы', headStyle());
  for (let pair = 0; pair < 2; pair++) {
    const column = COL.absences + pair * 2;
    mergedText(sheet, [h + 1, column, h + 2, column], 'код', headStyle());
    mergedText(sheet, [h + 1, column + 1, h + 2, column + 1], 'дни (часы)', headStyle(6));
  }
  // Column numbers, as printed on the form.
  const numbers = h + 3;
  put(sheet.getRow(numbers), COL.number, 1, headStyle(6));
  put(sheet.getRow(numbers), COL.name, 2, headStyle(6));
  put(sheet.getRow(numbers), COL.personnelNumber, 3, headStyle(6));
  mergedText(
    sheet,
    [numbers, COL.firstDay, numbers, COL.firstDay + DAY_COLUMNS - 1],
    4,
    headStyle(6),
  );
  for (let column = COL.halfMonth; column <= LAST_COL; column++)
    put(sheet.getRow(numbers), column, column - COL.halfMonth + 5, headStyle(6));

  for (const [row, height] of Object.entries(ROW_HEIGHTS))
    sheet.getRow(Number(row)).height = height;
}

type DayCells = { codes: string; hours: number | string | null };

/** «Я» over 7:30 (a time value), «Я/Н» over «6:00/2:00»; a day-counted code (ОТ, Б …) has none. */
function dayCells(entries: readonly TimesheetEntry[]): DayCells {
  const codes = entries.map((entry) => entry.code).join('/');
  const timed = entries.filter((entry) => entry.minutes !== null);
  const hours =
    timed.length === 0
      ? null
      : timed.length === 1
        ? timeValue(timed[0]!.minutes!)
        : timed.map((entry) => formatHoursMinutes(entry.minutes!)).join('/');
  return { codes, hours };
}

function absenceValue(absence: ReportCardEmployee['absences'][number]): number | string {
  return absence.minutes > 0
    ? `${absence.days} (${formatHoursMinutes(absence.minutes)})`
    : absence.days;
}

/** «Смирнова» over «Анна Петровна»: the narrow column shows a full name on two lines. */
function nameLines(name: string): [string, string] {
  const [surname = '', ...rest] = name.trim().split(/\s+/);
  return [surname, rest.join(' ')];
}

function writeEmployee(
  sheet: ExcelJS.Worksheet,
  first: number,
  ordinal: number,
  employee: ReportCardEmployee,
  daysInMonth: number,
  usedCodes: Set<TimesheetCode>,
) {
  const rows = [0, 1, 2, 3].map((i) => {
    const row = sheet.getRow(first + i);
    row.height = EMPLOYEE_ROW_HEIGHT;
    return row;
  });
  const [surname, givenNames] = nameLines(employee.name);
  const nameColumn = [surname, givenNames, employee.positionTitle ?? '', ''];
  rows.forEach((row, i) => {
    put(row, COL.number, i === 1 ? ordinal : null, blockStyle(i, 'center', 'bottom'));
    put(row, COL.name, nameColumn[i] || null, blockStyle(i, 'left', 'middle'));
    put(
      row,
      COL.personnelNumber,
      i === 1 ? employee.personnelNumber : null,
      blockStyle(i, 'center', 'bottom'),
    );
    put(
      row,
      COL.monthDays,
      i === 1 ? employee.month.days : null,
      blockStyle(i, 'center', 'bottom'),
    );
    put(
      row,
      COL.monthHours,
      i === 1 ? timeValue(employee.month.minutes) : null,
      blockStyle(i, 'center', 'bottom', HOURS_FORMAT),
    );
  });

  for (let i = 0; i < DAY_COLUMNS; i++) {
    const column = COL.firstDay + i;
    for (const half of [0, 1]) {
      const dayNumber = half === 0 ? i + 1 : i + 16;
      const [codeRow, hoursRow] = [rows[half * 2]!, rows[half * 2 + 1]!];
      // Day 16's slot in the first half, and the days after the month's end, are crossed out.
      if ((half === 0 && i === 15) || dayNumber > daysInMonth) {
        put(codeRow, column, 'Х', gridStyle('tlr'));
        put(hoursRow, column, null, gridStyle('blr'));
        continue;
      }
      const entries = employee.days[dayNumber - 1]?.entries ?? [];
      for (const entry of entries) usedCodes.add(entry.code);
      const { codes, hours } = dayCells(entries);
      put(codeRow, column, codes || null, gridStyle());
      put(hoursRow, column, hours, typeof hours === 'number' ? hoursStyle() : gridStyle());
    }
  }

  // Days over hours for each half: I on the first two rows, II on the last two.
  const halves = [
    employee.firstHalf.days,
    timeValue(employee.firstHalf.minutes),
    employee.secondHalf.days,
    timeValue(employee.secondHalf.minutes),
  ];
  rows.forEach((row, i) =>
    put(row, COL.halfMonth, halves[i] ?? null, i % 2 === 1 ? hoursStyle() : gridStyle()),
  );

  const absences = employee.absences;
  for (const absence of absences) usedCodes.add(absence.code);
  for (let slot = 0; slot < ABSENCE_SLOTS; slot++) {
    const row = rows[slot >> 1]!;
    const column = COL.absences + (slot & 1) * 2;
    // More reasons than slots never happens in practice; the last slot then lists the rest.
    const shown =
      slot === ABSENCE_SLOTS - 1 ? absences.slice(slot) : absences.slice(slot, slot + 1);
    put(row, column, shown.map((absence) => absence.code).join('/') || null, gridStyle());
    put(
      row,
      column + 1,
      shown.length === 1
        ? absenceValue(shown[0]!)
        : shown.length === 0
          ? null
          : shown.map(absenceValue).join('/'),
      gridStyle(),
    );
  }
}

/**
 * Summarized accounting (art. 104, decision 030): the overtime of each accounting period the
 * month closes, by employee — С that belongs to no date of the form.
 */
function summarizedText(closing: ReadonlyMap<string, string[]>): string {
  return [...closing]
    .map(
      ([period, lines]) =>
        ` Суммированный учёт (ст. 104 ТК РФ), сверхурочные за учётный период ${period}: ` +
        `${lines.join('; ')}.`,
    )
    .join('');
}

/** The codes used and what the hours are written in. */
function legendText(usedCodes: Set<TimesheetCode>): string {
  const used = timesheetCodeTable.filter((entry) => usedCodes.has(entry.code));
  const codes =
    used.length === 0
      ? ''
      : `Условные обозначения: ${used
          .map((entry) => `${entry.code} (${entry.number}) — ${entry.label.toLowerCase()}`)
          .join('; ')}. `;
  return `${codes}${HOURS_MINUTES_NOTE}. ${NIGHT_INSIDE_RV_NOTE}.`;
}

/** «Ответственное лицо ____ ____ ____ «__» ______ 20__ г.» with captions under each line. */
function writeSignature(
  sheet: ExcelJS.Worksheet,
  row: number,
  label: string,
  filled: { position: string | null; name: string } | undefined,
) {
  const lineStyle = textStyle(8, {
    alignment: { horizontal: 'center', vertical: 'bottom', shrinkToFit: true },
    border: borders('b'),
  });
  const caption = textStyle(6, { alignment: { horizontal: 'center', vertical: 'top' } });
  const labelStyle = textStyle(8, { alignment: { horizontal: 'left', vertical: 'bottom' } });
  mergedText(sheet, [row, 1, row, 3], label, labelStyle);
  const fields: [number, number, string, string][] = [
    [4, 9, '(должность)', filled?.position ?? ''],
    [11, 15, '(личная подпись)', ''],
    [17, 22, '(расшифровка подписи)', filled?.name ?? ''],
  ];
  for (const [left, right, captionText, value] of fields) {
    mergedText(sheet, [row, left, row, right], value, lineStyle);
    mergedText(sheet, [row + 1, left, row + 1, right], captionText, caption);
  }
  mergedText(
    sheet,
    [row, 23, row, LAST_COL],
    '«___» __________ 20__ г.',
    textStyle(8, { alignment: { horizontal: 'right', vertical: 'bottom' } }),
  );
  sheet.getRow(row).height = 20;
  sheet.getRow(row + 1).height = 9;
}

const EMPLOYEE_HEIGHT = EMPLOYEE_ROW_HEIGHT * 4;
const SPACER_HEIGHT = 8;
const SIGNATURE_HEIGHT = 20 + 9;

function heightOfRows(from: number, to: number): number {
  let sum = 0;
  for (let row = from; row <= to; row++) sum += ROW_HEIGHTS[row] ?? 0;
  return sum;
}

/**
 * Where printed pages end. The sheet is fitted to the page width, and its columns are as wide as
 * an A4 landscape page at 100 %, so the heights here are the printed ones; a renderer that has to
 * shrink the sheet only leaves some room at the bottom. Manual breaks keep an employee's four
 * rows, and the signatures with the last employee, on one page.
 */
function createPager() {
  // A little room for renderers that round heights up.
  const room = PRINTABLE_HEIGHT * 0.98;
  let capacity = room - heightOfRows(1, HEAD_LAST_ROW);
  let used = 0;
  let onPage = 0;
  const newPage = () => {
    capacity = room - heightOfRows(HEAD_FIRST_ROW, HEAD_LAST_ROW);
    used = 0;
    onPage = 0;
  };
  return {
    /** True when the employee about to be written starts a new page. */
    nextEmployee(): boolean {
      const breaks = onPage > 0 && used + EMPLOYEE_HEIGHT > capacity;
      if (breaks) newPage();
      used += EMPLOYEE_HEIGHT;
      onPage += 1;
      return breaks;
    },
    /**
     * Where the closing part (legend, signatures) of `height` goes when it does not fit below the
     * last employee: 'before-last' moves the last employee over with it, 'before-tail' starts
     * the closing part on a page of its own (the last page holds a single employee).
     */
    placeTail(height: number): 'fits' | 'before-last' | 'before-tail' {
      if (used + height <= capacity) return 'fits';
      return onPage > 1 ? 'before-last' : 'before-tail';
    },
  };
}

/**
 * Streams the timesheet as unified form T-13 into `output`, employee by employee: each row is
 * committed as soon as it is written, so memory holds one page of employees at a time.
 * Resolves when the file is complete; rejects (leaving `output` to the caller) on failure.
 */
export async function writeTimesheetXlsx(
  output: Writable,
  header: TimesheetHeader,
  pages: AsyncIterable<ReportCardEmployee[]>,
  meta: TimesheetMeta,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Smena';
  workbook.title = `Табель учёта рабочего времени № ${meta.documentNumber}`;
  const daysInMonth = header.dates.length || Number(header.to.slice(8, 10));

  const sheet = workbook.addWorksheet('Т-13', {
    views: [
      { state: 'frozen', xSplit: COL.personnelNumber, ySplit: HEAD_LAST_ROW, zoomScale: 110 },
    ],
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: true,
      margins: MARGINS,
      printTitlesRow: `${HEAD_FIRST_ROW}:${HEAD_LAST_ROW}`,
    },
    headerFooter: {
      oddFooter: `&L&"${FONT_NAME}"&7Табель № ${meta.documentNumber} за ${russianDate(header.from)} — ${russianDate(header.to)}&R&"${FONT_NAME}"&7Страница &P из &N`,
    },
  });
  sheet.columns = COLUMN_WIDTHS.map((width) => ({ width }));

  writeFormHead(sheet, header, meta);
  sheet.getRow(HEAD_LAST_ROW).commit();

  const usedCodes = new Set<TimesheetCode>();
  /** Summarized accounting: the periods the month closes, with each employee's overtime. */
  const closing = new Map<string, string[]>();
  const pager = createPager();
  let next = FIRST_EMPLOYEE_ROW;
  let ordinal = 0;
  for await (const page of pages) {
    for (const employee of page) {
      if (pager.nextEmployee()) sheet.getRow(next - 1).addPageBreak();
      // The last two employees stay uncommitted: the signatures may need a break between them.
      if (ordinal >= 3) sheet.getRow(next - 9).commit();
      ordinal += 1;
      writeEmployee(sheet, next, ordinal, employee, daysInMonth, usedCodes);
      const period = employee.summarized;
      if (period?.closed) {
        const key = `${russianDate(period.from)} — ${russianDate(period.to)}`;
        const lines = closing.get(key) ?? [];
        lines.push(`${employee.name} — ${formatHoursMinutes(period.overtimeMinutes)}`);
        closing.set(key, lines);
      }
      next += 4;
    }
    if (!(await drained(output))) return;
  }

  const legend = legendText(usedCodes) + summarizedText(closing);
  const legendHeight = Math.ceil(legend.length / 190) * 9 + 2;
  const tailHeight = SPACER_HEIGHT + legendHeight + SPACER_HEIGHT + 3 * SIGNATURE_HEIGHT;
  const placement = pager.placeTail(tailHeight);
  if (placement === 'before-last') sheet.getRow(next - 5).addPageBreak();
  if (placement === 'before-tail') sheet.getRow(next - 1).addPageBreak();
  const spacer = () => {
    sheet.getRow(next).height = SPACER_HEIGHT;
    next += 1;
  };
  spacer();
  mergedText(
    sheet,
    [next, 1, next, LAST_COL],
    legend,
    textStyle(7, { alignment: { horizontal: 'left', vertical: 'top', wrapText: true } }),
  );
  sheet.getRow(next).height = legendHeight;
  next += 1;
  spacer();
  writeSignature(sheet, next, 'Ответственное лицо', meta.responsible);
  writeSignature(sheet, next + 2, 'Руководитель структурного подразделения', undefined);
  writeSignature(sheet, next + 4, 'Работник кадровой службы', undefined);
  sheet.commit();
  await workbook.commit();
}
