import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import {
  DayOffTypeSchema,
  type AttendanceReportRow,
  type AttendanceSummary,
} from '@smena/contract';
import { writeAttendanceXlsx, type AttendanceXlsxReport } from './attendance-xlsx.ts';
import { convertWithSoffice, findSoffice } from './soffice.ts';
import { readWorkbook, shownHours, shownMinutes, xlsxBuffer } from './xlsx-test-support.ts';

const NO_ABSENCES: AttendanceSummary['absenceDays'] = {
  VACATION: 0,
  SICKLEAVE: 0,
  HOLIDAY: 0,
  DISMISSED: 0,
  WEEKEND: 0,
};

const ZERO: AttendanceSummary = {
  plannedDays: 0,
  plannedMinutes: 0,
  workedDays: 0,
  workedMinutes: 0,
  lateCount: 0,
  lateMinutes: 0,
  earlyLeaveCount: 0,
  earlyLeaveMinutes: 0,
  absenceDays: NO_ABSENCES,
  absentDays: 0,
  overtimeMinutes: 0,
  nightMinutes: 0,
  dayOffWorkDays: 0,
  dayOffWorkMinutes: 0,
  holidayWorkMinutes: 0,
};

const smirnova: AttendanceReportRow = {
  ...ZERO,
  employeeId: 1,
  name: 'Смирнова Анна Петровна',
  personnelNumber: '0042',
  departmentTitle: 'Склад',
  positionTitle: 'Кладовщик',
  plannedDays: 21,
  plannedMinutes: 21 * 480,
  workedDays: 17,
  workedMinutes: 17 * 480 - 25,
  lateCount: 2,
  lateMinutes: 25,
  earlyLeaveCount: 1,
  earlyLeaveMinutes: 30,
  absenceDays: { ...NO_ABSENCES, VACATION: 3, SICKLEAVE: 1 },
  absentDays: 0,
  overtimeMinutes: 90,
  nightMinutes: 45,
  dayOffWorkDays: 1,
  dayOffWorkMinutes: 240,
};
const kuznetsov: AttendanceReportRow = {
  ...ZERO,
  employeeId: 2,
  name: 'Кузнецов Борис',
  personnelNumber: null,
  departmentTitle: null,
  positionTitle: null,
  plannedDays: 21,
  plannedMinutes: 21 * 480,
  workedDays: 20,
  workedMinutes: 20 * 480,
  absenceDays: { ...NO_ABSENCES, DISMISSED: 1 },
  absentDays: 1,
};

function report(rows: AttendanceReportRow[][]): AttendanceXlsxReport {
  const totals: AttendanceSummary = { ...ZERO, absenceDays: { ...NO_ABSENCES } };
  return {
    from: '2026-03-01',
    to: '2026-03-31',
    pages: (async function* () {
      for (const page of rows) {
        for (const row of page) {
          for (const key of Object.keys(ZERO) as (keyof AttendanceSummary)[]) {
            if (key === 'absenceDays') {
              for (const type of DayOffTypeSchema.options)
                totals.absenceDays[type] += row.absenceDays[type];
            } else totals[key] += row[key];
          }
        }
        yield page;
      }
    })(),
    totals: () => totals,
  };
}

const letter = (column: number) => String.fromCharCode(64 + column);

function rowValues(row: ExcelJS.Row): unknown[] {
  return (row.values as unknown[]).slice(1);
}

describe('writeAttendanceXlsx', () => {
  let file: Buffer;
  let sheet: ExcelJS.Worksheet;

  beforeAll(async () => {
    file = await xlsxBuffer((output) =>
      writeAttendanceXlsx(output, report([[smirnova], [kuznetsov]])),
    );
    sheet = (await readWorkbook(file)).worksheets[0]!;
  });

  it('titles the table with the period and names every column', () => {
    expect(sheet.getCell('A1').value).toBe('Отчёт по посещаемости с 01.03.2026 по 31.03.2026');
    expect(rowValues(sheet.getRow(3))).toEqual([
      'Сотрудник',
      'Табельный №',
      'Отдел',
      'Должность',
      'План, дней',
      'План, ч:мм',
      'Отработано, дней',
      'Отработано, ч:мм',
      'Опозданий',
      'Опоздания, мин',
      'Ранних уходов',
      'Ранние уходы, мин',
      'Отпуск, дней',
      'Больничный, дней',
      'Праздник, дней',
      'Отгул, дней',
      'Выходной, дней',
      'Неявки без причины (НН), дней',
      'Сверхурочно, ч:мм',
      'Ночные, ч:мм',
      'Работа в выходные, дней',
      'Работа в выходные, ч:мм',
      'Работа в праздники, ч:мм',
    ]);
  });

  it('writes one row per employee with hours as time cells (ч:мм)', () => {
    const hourColumns = ['F', 'H', 'S', 'T', 'V', 'W'];
    expect(hourColumns.map((column) => shownHours(sheet, `${column}4`))).toEqual([
      '168:00',
      '135:35',
      '1:30',
      '0:45',
      '4:00',
      '0:00',
    ]);
    for (const column of hourColumns) expect(sheet.getCell(`${column}4`).numFmt).toBe('[h]:mm');
    expect(
      rowValues(sheet.getRow(4)).filter((_value, i) => !hourColumns.includes(letter(i + 1))),
    ).toEqual([
      'Смирнова Анна Петровна',
      '0042',
      'Склад',
      'Кладовщик',
      21,
      17,
      2,
      25,
      1,
      30,
      3,
      1,
      0,
      0,
      0,
      0,
      1,
    ]);
    expect(sheet.getCell('A5').value).toBe('Кузнецов Борис');
    expect(sheet.getCell('B5').value).toBeNull();
    expect(sheet.getCell('P5').value).toBe(1);
    expect(sheet.getCell('R5').value).toBe(1);
  });

  it('ends with a bold totals row', () => {
    const totals = sheet.getRow(6);
    expect(totals.getCell(1).value).toBe('Итого');
    expect(totals.getCell(1).font?.bold).toBe(true);
    expect(totals.getCell(5).value).toBe(42);
    // The hours of the totals are the sums of the hours shown above them.
    expect(shownHours(sheet, 'H6')).toBe('295:35');
    for (const column of ['F', 'H', 'S', 'T', 'V'])
      expect(shownMinutes(sheet, `${column}6`)).toBe(
        shownMinutes(sheet, `${column}4`) + shownMinutes(sheet, `${column}5`),
      );
    expect(totals.getCell(7).value).toBe(37);
    expect(totals.getCell(13).value).toBe(3);
    expect(totals.getCell(16).value).toBe(1);
    expect(totals.getCell(18).value).toBe(1);
    expect(totals.getCell(22).font?.bold).toBe(true);
    expect(sheet.getRow(7).getCell(1).value).toBeNull();
  });

  it('freezes the head, filters the employee rows and fits the width on A4 landscape', () => {
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(sheet.autoFilter).toBe('A3:W5');
    expect(sheet.getColumn(1).width).toBeGreaterThan(20);
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      paperSize: 9,
      fitToWidth: 1,
      fitToHeight: 0,
    });
  });

  it('writes the head and a zero totals row for a period without employees', async () => {
    const empty = await xlsxBuffer((output) => writeAttendanceXlsx(output, report([])));
    const emptySheet = (await readWorkbook(empty)).worksheets[0]!;
    expect(emptySheet.getCell('A3').value).toBe('Сотрудник');
    expect(emptySheet.getCell('A4').value).toBe('Итого');
    expect(emptySheet.getCell('E4').value).toBe(0);
  });
});

const soffice = findSoffice();

describe.skipIf(!soffice)('the attendance report in LibreOffice', () => {
  let dir: string;
  let xlsxPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'smena-attendance-'));
    xlsxPath = join(dir, 'attendance.xlsx');
    await writeFile(
      xlsxPath,
      await xlsxBuffer((output) => writeAttendanceXlsx(output, report([[smirnova, kuznetsov]]))),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('opens it with the names and the totals (CSV) and prints it (PDF)', async () => {
    const profile = join(dir, 'profile');
    const csv = await readFile(await convertWithSoffice(xlsxPath, 'csv', dir, profile), 'utf8');
    expect(csv).toContain('Смирнова Анна Петровна');
    expect(csv).toMatch(/^Итого,/m);
    const pdf = await readFile(await convertWithSoffice(xlsxPath, 'pdf', dir, profile));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);
});
