import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { HOURS_MINUTES_NOTE, type ReportCardEmployee, type TimesheetEntry } from '@smena/contract';
import {
  employeePages,
  makeReportCardEmployee,
  reportCardHeader,
  variedEmployee,
  type CodesOf,
} from './report-card-fixtures.ts';
import { convertWithSoffice, findSoffice } from './soffice.ts';
import { writeTimesheetXlsx, type TimesheetMeta } from './timesheet-xlsx.ts';
import {
  readWorkbook,
  rowBreaksOf,
  shownHours,
  shownMinutes,
  textsOf,
  valueAt,
  xlsxBuffer,
} from './xlsx-test-support.ts';

const FEBRUARY = '2026-02';
const header = reportCardHeader(FEBRUARY, {
  companyTitle: 'ООО «Ромашка»',
  departmentTitle: 'Склад',
});
const meta: TimesheetMeta = {
  documentNumber: '2026-02/7',
  documentDate: '2026-03-02',
  responsible: { position: 'Старший смены', name: 'Петров Б. П.' },
  approval:
    'Состояние месяца (отдел «Склад»): Утверждён, утвердил Иванова Анна Сергеевна 2026-03-02 10:15',
};

const work = (minutes: number): TimesheetEntry => ({ code: 'Я', minutes });
const only = (code: TimesheetEntry['code']): TimesheetEntry[] => [{ code, minutes: null }];

/**
 * February 2026 (28 days, the 1st a Sunday): Я 7:30 on the 2nd, Я/Н 6:00/2:00 on the 3rd, vacation 9–13,
 * sick leave on the 16th, НН on the 17th, РВ 4:00 on Saturday the 21st, the holiday of the 23rd.
 */
const februaryCodes: CodesOf = (day, weekday) => {
  if (day === 2) return [work(450)];
  if (day === 3) return [work(360), { code: 'Н', minutes: 120 }];
  if (day >= 9 && day <= 13) return only('ОТ');
  if (day === 16) return only('Б');
  if (day === 17) return only('НН');
  if (day === 21) return [{ code: 'РВ', minutes: 240 }];
  if (day === 23 || weekday === 0 || weekday === 6) return only('В');
  return [work(480)];
};

const smirnova = makeReportCardEmployee(FEBRUARY, {
  employeeId: 11,
  name: 'Смирнова Анна Петровна',
  personnelNumber: '0042',
  positionTitle: 'Кладовщик',
  codesOf: februaryCodes,
});
const kuznetsov = makeReportCardEmployee(FEBRUARY, {
  employeeId: 12,
  name: 'Кузнецов Борис',
  personnelNumber: null,
  positionTitle: null,
  // Part-time at the employer's initiative: an absence counted with hours.
  absences: [{ code: 'НС', days: 2, minutes: 480 }],
});

async function* pagesOf(...pages: ReportCardEmployee[][]) {
  yield* pages;
}

async function timesheet(pages: AsyncIterable<ReportCardEmployee[]>, withMeta = meta) {
  const file = await xlsxBuffer((output) => writeTimesheetXlsx(output, header, pages, withMeta));
  const workbook = await readWorkbook(file);
  return { file, workbook, sheet: workbook.worksheets[0]! };
}

/** Cells of employee number `ordinal` (1-based): four rows from row 20. */
function employeeRows(ordinal: number) {
  const first = 20 + (ordinal - 1) * 4;
  return { codes1: first, hours1: first + 1, codes2: first + 2, hours2: first + 3 };
}

/** Column of a day of the month in its half (D = 1st / 16th). */
function dayColumn(day: number): string {
  return String.fromCharCode(64 + 4 + (day <= 15 ? day - 1 : day - 16));
}

function findRow(sheet: ExcelJS.Worksheet, text: string): number {
  let found = 0;
  sheet.eachRow((row, number) => {
    row.eachCell((cell) => {
      if (!found && typeof cell.value === 'string' && cell.value.startsWith(text)) found = number;
    });
  });
  return found;
}

describe('writeTimesheetXlsx', () => {
  let sheet: ExcelJS.Worksheet;
  let file: Buffer;

  beforeAll(async () => {
    ({ sheet, file } = await timesheet(pagesOf([smirnova], [kuznetsov])));
  });

  it('heads the sheet like unified form T-13', () => {
    const head = textsOf(sheet, 1, 19);
    expect(head).toEqual(
      expect.arrayContaining([
        'Унифицированная форма № Т-13',
        'Утверждена постановлением Госкомстата России',
        'от 05.01.2004 № 1',
        'Форма по ОКУД',
        '0301008',
        'ООО «Ромашка»',
        '(наименование организации)',
        'Склад',
        '(наименование структурного подразделения)',
        'ТАБЕЛЬ',
        'учёта рабочего времени',
        'Номер документа',
        'Дата составления',
        'Отчётный период',
        'Номер по порядку',
        'Фамилия, инициалы, должность (специальность, профессия)',
        'Табельный номер',
        'Отметки о явках и неявках на работу по числам месяца',
        'Отработано за',
        'половину месяца (I, II)',
        'Неявки по причинам',
        'дни (часы)',
      ]),
    );
    expect(valueAt(sheet, 'Y5')).toBe('0301008');
    expect(valueAt(sheet, 'A6')).toBe('ООО «Ромашка»');
    expect(valueAt(sheet, 'A8')).toBe('Склад');
    expect(valueAt(sheet, 'K13')).toBe('2026-02/7');
    expect(valueAt(sheet, 'N13')).toBe('02.03.2026');
    expect(valueAt(sheet, 'Q13')).toBe('01.02.2026');
    expect(valueAt(sheet, 'S13')).toBe('28.02.2026');
    expect(valueAt(sheet, 'A14')).toBe(
      'Состояние месяца (отдел «Склад»): Утверждён, утвердил Иванова Анна Сергеевна 2026-03-02 10:15',
    );
    expect(valueAt(sheet, 'K14')).toBe(
      'Норма рабочего времени за месяц при 40-часовой неделе: 20 дн., 160:00 (ч:мм)',
    );
  });

  it('numbers days 1–15 over 16–31 in the head, with «Х» after the 15th', () => {
    expect(textsOf(sheet, 17, 17).slice(0, 16)).toEqual([
      ...Array.from({ length: 15 }, (_, i) => String(i + 1)),
      'Х',
    ]);
    expect(valueAt(sheet, 'D18')).toBe(16);
    expect(valueAt(sheet, 'S18')).toBe(31);
  });

  it('writes codes over hours (ч:мм) for each half of the month', () => {
    const rows = employeeRows(1);
    const address = (day: number, row: number) => `${dayColumn(day)}${row}`;
    const at = (day: number, row: number) =>
      row === rows.hours1 || row === rows.hours2
        ? shownHours(sheet, address(day, row))
        : valueAt(sheet, address(day, row));
    expect(at(1, rows.codes1)).toBe('В');
    expect(at(1, rows.hours1)).toBeNull();
    expect(at(2, rows.codes1)).toBe('Я');
    expect(at(2, rows.hours1)).toBe('7:30');
    expect(at(4, rows.hours1)).toBe('8:00');
    expect(at(3, rows.codes1)).toBe('Я/Н');
    expect(at(3, rows.hours1)).toBe('6:00/2:00');
    expect(at(9, rows.codes1)).toBe('ОТ');
    expect(at(9, rows.hours1)).toBeNull();
    expect(at(16, rows.codes2)).toBe('Б');
    expect(at(16, rows.hours2)).toBeNull();
    expect(at(17, rows.codes2)).toBe('НН');
    expect(at(21, rows.codes2)).toBe('РВ');
    expect(at(21, rows.hours2)).toBe('4:00');
    expect(at(23, rows.codes2)).toBe('В');
    expect(at(28, rows.codes2)).toBe('В');
  });

  it('crosses out the 16th slot of the first half and the days after the month’s end', () => {
    const rows = employeeRows(1);
    expect(valueAt(sheet, `S${rows.codes1}`)).toBe('Х');
    for (const column of ['Q', 'R', 'S']) {
      expect(valueAt(sheet, `${column}${rows.codes2}`)).toBe('Х');
      expect(valueAt(sheet, `${column}${rows.hours2}`)).toBeNull();
    }
    expect(valueAt(sheet, `P${rows.codes2}`)).toBe('В');
  });

  it('names the employee and totals the halves, the month and the absences', () => {
    const rows = employeeRows(1);
    expect(valueAt(sheet, `A${rows.hours1}`)).toBe(1);
    expect(valueAt(sheet, `B${rows.codes1}`)).toBe('Смирнова');
    expect(valueAt(sheet, `B${rows.hours1}`)).toBe('Анна Петровна');
    expect(valueAt(sheet, `B${rows.codes2}`)).toBe('Кладовщик');
    expect(valueAt(sheet, `C${rows.hours1}`)).toBe('0042');
    // I: 2–6 February (7:30 + 8:00 × 4 with 6:00 + 2:00 on the 3rd); II: 18–20, РВ 21, 24–27.
    expect([valueAt(sheet, `T${rows.codes1}`), valueAt(sheet, `T${rows.codes2}`)]).toEqual([5, 8]);
    expect([shownHours(sheet, `T${rows.hours1}`), shownHours(sheet, `T${rows.hours2}`)]).toEqual([
      '39:30',
      '60:00',
    ]);
    expect(valueAt(sheet, `U${rows.hours1}`)).toBe(13);
    expect(shownHours(sheet, `V${rows.hours1}`)).toBe('99:30');
    expect(sheet.getCell(`V${rows.hours1}`).numFmt).toBe('[h]:mm');
    // Two (code, days) pairs a row: В 8, ОТ 5 / Б 1, НН 1.
    expect(
      ['W', 'X', 'Y', 'Z'].flatMap((column) => [
        valueAt(sheet, `${column}${rows.codes1}`),
        valueAt(sheet, `${column}${rows.hours1}`),
      ]),
    ).toEqual(['В', 'Б', 8, 1, 'ОТ', 'НН', 5, 1]);
  });

  it('writes an absence counted in hours as «days (hours)» and leaves missing fields empty', () => {
    const rows = employeeRows(2);
    expect(valueAt(sheet, `A${rows.hours1}`)).toBe(2);
    expect(valueAt(sheet, `B${rows.codes1}`)).toBe('Кузнецов');
    expect(valueAt(sheet, `B${rows.codes2}`)).toBeNull();
    expect(valueAt(sheet, `W${rows.codes1}`)).toBe('НС');
    expect(valueAt(sheet, `X${rows.codes1}`)).toBe('2 (8:00)');
  });

  it('ends with the codes used and the three signature lines', () => {
    const legendRow = findRow(sheet, 'Условные обозначения');
    expect(legendRow).toBeGreaterThan(employeeRows(2).hours2);
    const legend = String(valueAt(sheet, `A${legendRow}`));
    expect(legend).toContain('Я (01) — работа в дневное время');
    expect(legend).toContain('НН (30) — неявка по невыясненным причинам');
    expect(legend).toContain('НС (25)');
    expect(legend).not.toContain('ПР (24)');
    expect(legend).toContain(HOURS_MINUTES_NOTE);

    const tail = textsOf(sheet, legendRow + 1, legendRow + 10);
    for (const label of [
      'Ответственное лицо',
      'Руководитель структурного подразделения',
      'Работник кадровой службы',
    ])
      expect(tail).toContain(label);
    expect(tail.filter((text) => text === '(личная подпись)')).toHaveLength(3);
    expect(tail.filter((text) => text === '(расшифровка подписи)')).toHaveLength(3);
    expect(tail).toEqual(expect.arrayContaining(['Старший смены', 'Петров Б. П.']));
  });

  it('prints on A4 landscape, one page wide, the table head on every page', () => {
    expect(sheet.pageSetup).toMatchObject({
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '16:19',
    });
    expect(sheet.pageSetup.margins?.left).toBeLessThanOrEqual(0.3);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: 19 });
    expect(sheet.getCell('E20').font).toMatchObject({ name: 'Arial', size: 8 });
    expect(sheet.getCell('E20').border?.top?.style).toBe('thin');
    expect(rowBreaksOf(file)).toEqual([]);
  });

  it('breaks pages between employees only, and keeps the signatures with the last one', async () => {
    const { file: big, sheet: bigSheet } = await timesheet(
      employeePages(40, 7, (n) => variedEmployee(FEBRUARY, n)),
    );
    const breaks = rowBreaksOf(big);
    expect(breaks.length).toBeGreaterThanOrEqual(3);
    // Each break follows an employee's fourth row.
    for (const row of breaks) expect((row - 19) % 4).toBe(0);
    const pageSizes = breaks.map((row, i) => (row - (breaks[i - 1] ?? 19)) / 4);
    expect(Math.min(...pageSizes.slice(1))).toBeGreaterThanOrEqual(8);
    // The last page starts with an employee, not with the signatures.
    expect(findRow(bigSheet, 'Условные обозначения')).toBeGreaterThan(breaks.at(-1)! + 4);
    expect(valueAt(bigSheet, `A${employeeRows(40).hours1}`)).toBe(40);
  });

  it('prints half-month and month totals that are the sums of the printed hours', async () => {
    // I: 8 × 8:20 and a 7:40 (the 13th is a sick day); II: 9 × 7:50 and Я/Н 5:10/2:45 on the 17th.
    const odd: CodesOf = (day, weekday) => {
      if (weekday === 0 || weekday === 6) return only('В');
      if (day === 12) return [work(460)];
      if (day === 13) return only('Б');
      if (day === 17) return [work(310), { code: 'Н', minutes: 165 }];
      return [work(day <= 15 ? 500 : 470)];
    };
    const employee = makeReportCardEmployee(FEBRUARY, { codesOf: odd });
    expect([employee.firstHalf.minutes, employee.secondHalf.minutes]).toEqual([4460, 4705]);

    // Rounded to 0,1 h, the cells did not add up to their totals: 74,1 under 74,3; 78,2 under 78,4.
    const tenths = (minutes: number) => Math.round(minutes / 6);
    const oldCells = (from: number, to: number) =>
      employee.days
        .slice(from, to)
        .flatMap((day) => day.entries)
        .reduce((sum, entry) => sum + (entry.minutes === null ? 0 : tenths(entry.minutes)), 0);
    expect([oldCells(0, 15), oldCells(15, 28)]).toEqual([741, 782]);
    expect([tenths(4460), tenths(4705)]).toEqual([743, 784]);

    const { sheet: odds } = await timesheet(pagesOf([employee]));
    const rows = employeeRows(1);
    const printed = (days: number[], row: number) =>
      days.reduce((sum, day) => sum + shownMinutes(odds, `${dayColumn(day)}${row}`), 0);
    const firstDays = Array.from({ length: 15 }, (_, i) => i + 1);
    const secondDays = Array.from({ length: 13 }, (_, i) => i + 16);

    expect(shownHours(odds, `${dayColumn(2)}${rows.hours1}`)).toBe('8:20');
    expect(shownHours(odds, `${dayColumn(12)}${rows.hours1}`)).toBe('7:40');
    expect(shownHours(odds, `${dayColumn(17)}${rows.hours2}`)).toBe('5:10/2:45');
    expect(shownHours(odds, `T${rows.hours1}`)).toBe('74:20');
    expect(shownHours(odds, `T${rows.hours2}`)).toBe('78:25');
    expect(shownHours(odds, `V${rows.hours1}`)).toBe('152:45');
    expect(shownMinutes(odds, `T${rows.hours1}`)).toBe(printed(firstDays, rows.hours1));
    expect(shownMinutes(odds, `T${rows.hours2}`)).toBe(printed(secondDays, rows.hours2));
    expect(shownMinutes(odds, `V${rows.hours1}`)).toBe(
      printed(firstDays, rows.hours1) + printed(secondDays, rows.hours2),
    );
    // The single-code dates are time cells, so a spreadsheet's own sum of them is exact too.
    expect(odds.getCell(`${dayColumn(2)}${rows.hours1}`).numFmt).toBe('[h]:mm');
    expect(odds.getCell(`T${rows.hours1}`).numFmt).toBe('[h]:mm');
  });

  it('prints the totals as the sums of the printed hours for a varied month of many employees', async () => {
    const count = 30;
    const { sheet: many } = await timesheet(
      employeePages(count, 7, (n) => variedEmployee(FEBRUARY, n)),
    );
    for (let ordinal = 1; ordinal <= count; ordinal++) {
      const rows = employeeRows(ordinal);
      // All sixteen day columns, D–S, crossed-out ones included.
      const half = (row: number) =>
        Array.from({ length: 16 }, (_, i) => String.fromCharCode(68 + i)).reduce(
          (sum, column) => sum + shownMinutes(many, `${column}${row}`),
          0,
        );
      const first = half(rows.hours1);
      const second = half(rows.hours2);
      expect(shownMinutes(many, `T${rows.hours1}`), `№ ${ordinal}, I`).toBe(first);
      expect(shownMinutes(many, `T${rows.hours2}`), `№ ${ordinal}, II`).toBe(second);
      expect(shownMinutes(many, `V${rows.hours1}`), `№ ${ordinal}, month`).toBe(first + second);
    }
  });

  it('writes a valid form without employees', async () => {
    const { sheet: empty } = await timesheet(pagesOf(), { ...meta, responsible: undefined });
    expect(valueAt(empty, 'Y5')).toBe('0301008');
    expect(findRow(empty, 'Ответственное лицо')).toBeGreaterThan(19);
  });

  it('keeps memory flat while streaming 10,000 employees', async () => {
    let bytes = 0;
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    const before = process.memoryUsage().rss;
    let peak = before;
    async function* watched(pages: AsyncIterable<ReportCardEmployee[]>) {
      for await (const page of pages) {
        peak = Math.max(peak, process.memoryUsage().rss);
        yield page;
      }
    }
    const march = reportCardHeader('2026-03');
    await writeTimesheetXlsx(
      output,
      march,
      watched(employeePages(10_000, 500, (n) => variedEmployee('2026-03', n))),
      meta,
    );
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(bytes).toBeGreaterThan(1_000_000);
    // Keeping the rows would take over a gigabyte; streaming grows by garbage only: ≈ 90 MB on a
    // quiet machine, up to ≈ 330 MB measured in CI on a loaded one, where the collector lags.
    expect((peak - before) / 1024 / 1024).toBeLessThan(500);
  }, 120_000);

  it('names the overtime of a summarized period the month closes, by employee (art. 104)', async () => {
    const summarized = (employeeId: number, name: string, overtimeMinutes: number) =>
      makeReportCardEmployee(FEBRUARY, {
        employeeId,
        name,
        summarized: {
          period: 'MONTH',
          from: '2026-02-01',
          to: '2026-02-28',
          asOf: '2026-02-28',
          normMinutes: 152 * 60,
          plannedMinutes: 152 * 60,
          workedMinutes: 152 * 60 + overtimeMinutes,
          closed: true,
          overtimeMinutes,
        },
      });
    const { sheet: closing } = await timesheet(
      pagesOf([summarized(21, 'Сидоров Иван', 20 * 60 + 30), summarized(22, 'Петров Олег', 0)]),
    );
    const legend = String(valueAt(closing, `A${findRow(closing, 'Условные обозначения')}`));
    expect(legend).toContain(
      'Суммированный учёт (ст. 104 ТК РФ), сверхурочные за учётный период 01.02.2026 — ' +
        '28.02.2026: Сидоров Иван — 20:30; Петров Олег — 0:00.',
    );
    // Ordinary employees: no such line.
    expect(String(valueAt(sheet, `A${findRow(sheet, 'Условные обозначения')}`))).not.toContain(
      'Суммированный учёт',
    );
  });
});

const soffice = findSoffice();

describe.skipIf(!soffice)('the timesheet in LibreOffice', () => {
  let dir: string;
  let xlsxPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'smena-t13-'));
    xlsxPath = join(dir, 'timesheet.xlsx');
    const file = await xlsxBuffer((output) =>
      writeTimesheetXlsx(
        output,
        header,
        employeePages(25, 10, (n) => (n === 1 ? smirnova : variedEmployee(FEBRUARY, n))),
        meta,
      ),
    );
    await writeFile(xlsxPath, file);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('opens it and reads the names and codes (CSV)', async () => {
    const csv = await readFile(
      await convertWithSoffice(xlsxPath, 'csv', dir, join(dir, 'profile')),
      'utf8',
    );
    expect(csv).toContain('0301008');
    expect(csv).toContain('Смирнова');
    expect(csv).toContain('Я/Н');
    // Cells are saved as shown: the hours of a date and the totals in ч:мм.
    expect(csv).toMatch(/(^|,)7:30(,|$)/m);
    expect(csv).toMatch(/(^|,)99:30(,|$)/m);
  }, 90_000);

  it('prints it to a PDF of A4 landscape pages, the signatures with the last employee', async () => {
    const pdf = await readFile(
      await convertWithSoffice(xlsxPath, 'pdf', dir, join(dir, 'profile')),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    // A4 landscape: 842 × 595 points.
    expect(text).toMatch(/\/MediaBox\s*\[\s*0 0 841\.\d+ 595\.\d+\s*\]/);
    // 25 employees: 6 under the form's head, 10 on the next page, then 8 and the last with the
    // signatures (or fewer pages where the renderer shrinks the sheet more).
    const pages = text.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(4);
  }, 90_000);
});
